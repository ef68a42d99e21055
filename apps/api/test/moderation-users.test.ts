/**
 * Moderation, accounts: who may call the admin endpoints (every one of them, every role), All
 * Users and All Sellers (listing, search, paging), verifying a seller, and removing an account
 * without losing money records.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminMessages,
  AdminUserPageSchema,
  AdminUserSchema,
  authMessages,
  ErrorBodySchema,
  MyProductPageSchema,
  OrderPageSchema,
  pageMessages,
  ProductPageSchema,
  ProductSchema,
  SalePageSchema,
} from '@recell/contract';
import { sessions } from '../src/db/schema.ts';
import {
  advertise,
  advertisementsOf,
  auditOf,
  disableUser,
  insertOrder,
  insertProduct,
  insertUser,
  orderRow,
  paymentRow,
  productRow,
  reportRow,
  userRow,
} from './fixtures.ts';
import {
  bearer,
  callerWithRole,
  insertPasswordUser,
  logIn,
  password,
  refresh,
  sessionOf,
  useCast,
  type Caller,
} from './support/accounts.ts';
import { expectError, forbidden, unauthorized, unknownId, useTestApp } from './support/api.ts';
import { publicViewsOf } from './support/listings.ts';
import { callAs, insertPaidOrder, insertReport } from './support/moderation.ts';

describe('moderation: accounts', () => {
  /** How often public listing pages were told to refresh (app.listingsChanged). */
  let listingChanges = 0;
  const t = useTestApp({ onListingsChanged: () => listingChanges++ });
  const cast = useCast(t);

  const listUsers = async (query: string, caller: Caller = cast.admin) => {
    const response = await callAs(t, caller, 'GET', `/api/admin/users?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return AdminUserPageSchema.parse(response.json());
  };

  describe('who may call', () => {
    it('every admin endpoint: anonymous and a disabled admin 401, buyer and seller 403; nothing changes', async () => {
      const target = await callerWithRole(t, 'seller');
      const product = await insertProduct(t.app.db, target.id);
      const report = await insertReport(t.app.db, { productId: product.id, reporterId: cast.buyer.id });
      const disabledAdmin = await callerWithRole(t, 'admin', { disabledAt: new Date() });
      const endpoints: Array<['GET' | 'POST' | 'DELETE', string]> = [
        ['GET', '/api/admin/users?role=user'],
        ['GET', '/api/admin/users?role=seller'],
        ['DELETE', `/api/admin/users/${target.id}`],
        ['POST', `/api/admin/sellers/${target.id}/verify`],
        ['GET', '/api/admin/reports'],
        ['DELETE', `/api/admin/reports/${product.id}`],
        ['POST', `/api/admin/reports/${product.id}/dismiss`],
        ['GET', '/api/admin/audit'],
      ];
      for (const [method, url] of endpoints) {
        for (const caller of [null, disabledAdmin, { headers: bearer('not-a-token') }]) {
          expectError(await callAs(t, caller, method, url), 401, unauthorized);
        }
        for (const caller of [cast.buyer, cast.seller]) {
          expectError(await callAs(t, caller, method, url), 403, forbidden);
        }
      }
      expect(await userRow(t.app.db, target.id)).toMatchObject({ disabledAt: null, verified: false });
      expect((await productRow(t.app.db, product.id)).status).toBe('available');
      expect((await reportRow(t.app.db, report.id)).resolvedAt).toBeNull();
      expect(await auditOf(t.app.db, target.id)).toEqual([]);
      expect(await auditOf(t.app.db, product.id)).toEqual([]);
      // The same admin, active, is let in.
      expect((await callAs(t, cast.admin, 'GET', '/api/admin/audit')).statusCode).toBe(200);
    });

    it('an admin disabled after signing in is refused at once with the token they hold', async () => {
      const other = await callerWithRole(t, 'admin');
      expect((await callAs(t, other, 'GET', '/api/admin/reports')).statusCode).toBe(200);
      await disableUser(t.app.db, other.id);
      expect((await callAs(t, other, 'GET', '/api/admin/reports')).statusCode).toBe(401);
    });
  });

  describe('GET /api/admin/users', () => {
    it('lists the active accounts of the role asked, newest first, with what the tables show', async () => {
      const role = 'seller';
      const at = (day: number) => new Date(`2020-03-0${day}T12:00:00Z`);
      // A prefix of their own, so other tests' accounts do not get in the way.
      const older = await insertUser(t.app.db, {
        role,
        name: 'Roster Older',
        email: 'roster.older@recell.test',
        imageUrl: '/uploads/aa/older.webp',
        createdAt: at(1),
      });
      const newer = await insertUser(t.app.db, {
        role,
        name: 'Roster Newer',
        email: 'roster.newer@recell.test',
        verified: true,
        createdAt: at(3),
      });
      await insertUser(t.app.db, { role, name: 'Roster Gone', disabledAt: new Date(), createdAt: at(4) });
      await insertUser(t.app.db, { role: 'user', name: 'Roster Buyer', createdAt: at(2) });
      await insertUser(t.app.db, { role: 'admin', name: 'Roster Admin', createdAt: at(2) });

      const page = await listUsers('role=seller&q=roster');
      expect(page).toEqual({
        items: [
          {
            id: newer.id,
            name: 'Roster Newer',
            email: 'roster.newer@recell.test',
            role: 'seller',
            isVerified: true,
            imageUrl: null,
            createdAt: at(3).toISOString(),
          },
          {
            id: older.id,
            name: 'Roster Older',
            email: 'roster.older@recell.test',
            role: 'seller',
            isVerified: false,
            imageUrl: '/uploads/aa/older.webp',
            createdAt: at(1).toISOString(),
          },
        ],
        nextCursor: null,
      });
      expect((await listUsers('role=user&q=roster')).items.map((u) => u.name)).toEqual(['Roster Buyer']);

      // Without a search: every active account of the role, and never another role or a disabled one.
      const all = await listUsers('role=user&limit=100');
      expect(all.items.map((u) => u.id)).toContain(cast.buyer.id);
      expect(all.items.every((u) => u.role === 'user')).toBe(true);
      const sellers = await listUsers('role=seller&limit=100');
      expect(sellers.items.map((u) => u.name)).not.toContain('Roster Gone');
      expect(sellers.items.map((u) => u.id)).not.toContain(cast.admin.id);
      const times = sellers.items.map((u) => Date.parse(u.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('finds part of a name or an email in any case; % and _ are plain characters', async () => {
      const tag = `s${Math.random().toString(36).slice(2, 8)}`;
      const names = [
        ['Mina Harker', `mina.${tag}@example.com`],
        ['Jonathan HARKER', `jon.${tag}@example.com`],
        ['Lucy Westenra', `lucy_${tag}@example.com`],
        ['Arthur 100% Holmwood', `arthur.${tag}@example.com`],
      ] as const;
      for (const [name, email] of names) await insertUser(t.app.db, { role: 'user', name, email });
      const found = async (q: string) =>
        (await listUsers(`role=user&limit=100&q=${encodeURIComponent(q)}`)).items.map((u) => u.name).sort();

      expect(await found('harker')).toEqual(['Jonathan HARKER', 'Mina Harker']);
      expect(await found(`  ${tag.toUpperCase()}  `)).toEqual([
        'Arthur 100% Holmwood',
        'Jonathan HARKER',
        'Lucy Westenra',
        'Mina Harker',
      ]);
      expect(await found(`Y_${tag}`)).toEqual(['Lucy Westenra']);
      // A wildcard is only itself: '_' does not stand for the '.' of the others' emails.
      expect(await found(`_${tag}`)).toEqual(['Lucy Westenra']);
      expect(await found('100%')).toEqual(['Arthur 100% Holmwood']);
      expect(await found('%')).toEqual(['Arthur 100% Holmwood']);
      expect(await found('\\')).toEqual([]);
      expect(await found("' or '1'='1")).toEqual([]);
      expect(await found('nobody-is-called-this')).toEqual([]);
    });

    it('pages with a cursor without repeating or skipping anyone, also when many joined at the same instant', async () => {
      const tag = `p${Math.random().toString(36).slice(2, 8)}`;
      const at = new Date('2021-06-01T00:00:00Z');
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) {
        ids.push((await insertUser(t.app.db, { role: 'seller', name: `Pager ${tag} ${i}`, createdAt: at })).id);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `role=seller&q=${tag}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await listUsers(query);
        expect(page.items.length).toBeLessThanOrEqual(3);
        seen.push(...page.items.map((u) => u.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen.slice().sort()).toEqual(ids.slice().sort());
      expect(new Set(seen).size).toBe(7);
    });

    it('refuses a bad role, a bad cursor, a bad limit and an over-long search with 400 and a catalogue message', async () => {
      for (const [query, message] of [
        ['', adminMessages.roleFilterInvalid],
        ['role=admin', adminMessages.roleFilterInvalid],
        ['role=seller&cursor=e30', pageMessages.cursorInvalid],
        ['role=seller&cursor=not-base64!', pageMessages.cursorInvalid],
        ['role=seller&limit=0', pageMessages.limitInvalid],
        ['role=seller&limit=101', pageMessages.limitInvalid],
        [`role=seller&q=${'x'.repeat(101)}`, adminMessages.searchTooLong],
      ] as const) {
        const response = await callAs(t, cast.admin, 'GET', `/api/admin/users?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(ErrorBodySchema.parse(response.json()).error, query).toMatchObject({ code: 'validation', message });
      }
      const tooLong = await callAs(t, cast.admin, 'GET', `/api/admin/users?role=user&q=${'x'.repeat(101)}`);
      expect(ErrorBodySchema.parse(tooLong.json()).error.message).toContain(adminMessages.searchTooLong);
    });
  });

  describe('POST /api/admin/sellers/:id/verify', () => {
    const verify = (id: string, caller: Caller = cast.admin) =>
      callAs(t, caller, 'POST', `/api/admin/sellers/${id}/verify`);

    it('verifies a seller: audited, and the badge shows on their phones at once, everywhere', async () => {
      const target = await callerWithRole(t, 'seller', { name: 'Vera Seller' });
      const product = await insertProduct(t.app.db, target.id, { categoryId: '2', brand: 'Xiaomi' });
      await advertise(t.app.db, product.id);
      const badges = async () => ({
        details: ProductSchema.parse((await t.app.inject(`/api/products/${product.id}`)).json()).seller.isVerified,
        category: ProductPageSchema.parse(
          (await t.app.inject('/api/categories/2/products?limit=100')).json(),
        ).items.find((p) => p.id === product.id)?.seller.isVerified,
        home: ProductPageSchema.parse((await t.app.inject('/api/advertised?limit=100')).json()).items.find(
          (p) => p.id === product.id,
        )?.seller.isVerified,
      });
      expect(await badges()).toEqual({ details: false, category: false, home: false });

      const changesBefore = listingChanges;
      const response = await verify(target.id);
      expect(response.statusCode, response.body).toBe(200);
      // Cached public pages are told at once.
      expect(listingChanges).toBe(changesBefore + 1);
      expect(AdminUserSchema.parse(response.json())).toMatchObject({
        id: target.id,
        name: 'Vera Seller',
        role: 'seller',
        isVerified: true,
      });
      expect(await badges()).toEqual({ details: true, category: true, home: true });
      expect((await listUsers('role=seller&q=vera%20seller')).items[0]?.isVerified).toBe(true);

      expect(await auditOf(t.app.db, target.id)).toEqual([
        expect.objectContaining({ actorId: cast.admin.id, action: 'seller.verified', subjectType: 'user' }),
      ]);
    });

    it('refuses a seller already verified, a buyer or admin (409), and unknown, malformed or removed ones (404)', async () => {
      const verified = await callerWithRole(t, 'seller', { verified: true });
      const changesBefore = listingChanges;
      expectError(await verify(verified.id), 409, { code: 'conflict', message: adminMessages.alreadyVerified });
      for (const notSeller of [cast.buyer, await callerWithRole(t, 'admin')]) {
        expectError(await verify(notSeller.id), 409, { code: 'conflict', message: adminMessages.notASeller });
        expect((await userRow(t.app.db, notSeller.id)).verified).toBe(false);
      }
      const removed = await callerWithRole(t, 'seller', { disabledAt: new Date() });
      for (const id of [unknownId, removed.id, 'not-a-uuid', '%27%20or%201%3D1']) {
        expectError(await verify(id), 404, { code: 'not_found', message: adminMessages.userNotFound });
      }
      expect((await userRow(t.app.db, removed.id)).verified).toBe(false);
      for (const id of [verified.id, cast.buyer.id, removed.id]) expect(await auditOf(t.app.db, id)).toEqual([]);
      expect(listingChanges).toBe(changesBefore);
    });

    it('two admins verifying at once: one succeeds, one is told it is done, one audit entry', async () => {
      const target = await callerWithRole(t, 'seller');
      const other = await callerWithRole(t, 'admin');
      const results = await Promise.all([verify(target.id), verify(target.id, other)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await auditOf(t.app.db, target.id)).toHaveLength(1);
    });
  });

  describe('DELETE /api/admin/users/:id', () => {
    const remove = (id: string, caller: Caller = cast.admin) => callAs(t, caller, 'DELETE', `/api/admin/users/${id}`);

    it('removes a seller: signed out at once, their phones leave every view, money records stay', async () => {
      const target = await insertPasswordUser(t.app.db, { role: 'seller', name: 'Sam Seller' });
      const { session, refreshToken } = await sessionOf(t, target.email);
      const { session: otherDevice } = await sessionOf(t, target.email);
      const forSale = await insertProduct(t.app.db, target.id, { name: 'For sale', categoryId: '3', brand: 'Samsung' });
      await advertise(t.app.db, forSale.id);
      const sold = await insertProduct(t.app.db, target.id, { name: 'Sold', status: 'sold' });
      const buyerOfSold = await callerWithRole(t, 'user');
      const { order: paidOrder, payment } = await insertPaidOrder(t.app.db, {
        productId: sold.id,
        buyerId: buyerOfSold.id,
      });
      const bookedByOther = await insertOrder(t.app.db, { productId: forSale.id, buyerId: cast.buyer.id });
      const reportOnForSale = await insertReport(t.app.db, { productId: forSale.id, reporterId: cast.buyer.id });
      const headers = bearer(session.accessToken);
      const mySeller = { id: target.id, role: 'seller' as const, headers };

      const visible = async () => {
        const { details, ...listed } = await publicViewsOf(t, forSale.id, '3');
        return { ...listed, forSale: details, sold: (await t.app.inject(`/api/products/${sold.id}`)).statusCode };
      };
      expect(await visible()).toEqual({ home: true, category: true, forSale: 200, sold: 200 });
      expect((await t.app.inject({ url: '/api/me', headers })).statusCode).toBe(200);
      expect(
        MyProductPageSchema.parse((await callAs(t, mySeller, 'GET', '/api/me/products')).json()).items,
      ).toHaveLength(2);

      const changesBefore = listingChanges;
      const response = await remove(target.id);
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      expect(listingChanges).toBe(changesBefore + 1);

      // Signed out at once: the access token they hold, and their refresh cookie, on every device.
      expectError(await t.app.inject({ url: '/api/me', headers }), 401, unauthorized);
      expect((await t.app.inject({ url: '/api/me', headers: bearer(otherDevice.accessToken) })).statusCode).toBe(401);
      expect((await callAs(t, mySeller, 'GET', '/api/me/products')).statusCode).toBe(401);
      const refused = await refresh(t, refreshToken);
      expectError(refused, 401, { code: 'unauthorized', message: authMessages.sessionEnded });
      const ownSessions = await t.app.db.select().from(sessions).where(eq(sessions.userId, target.id));
      expect(ownSessions.length).toBeGreaterThanOrEqual(2);
      expect(ownSessions.every((row) => row.revokedAt !== null)).toBe(true);

      // Withdrawn from every view; the sold phone stays sold (its sale happened) but is not shown either.
      expect(await visible()).toEqual({ home: false, category: false, forSale: 404, sold: 404 });
      expect((await productRow(t.app.db, forSale.id)).status).toBe('removed');
      expect((await productRow(t.app.db, sold.id)).status).toBe('sold');
      expect(await advertisementsOf(t.app.db, forSale.id)).toEqual([]);
      // The open report on the withdrawn phone is closed; it no longer waits in Reported Items.
      expect(await reportRow(t.app.db, reportOnForSale.id)).toMatchObject({
        resolution: 'listing_removed',
        resolvedBy: cast.admin.id,
      });

      // Money records and the other party's orders stay exactly as they were.
      expect(await orderRow(t.app.db, paidOrder.id)).toMatchObject({ status: 'paid', productId: sold.id });
      expect(await paymentRow(t.app.db, payment.id)).toMatchObject({ status: 'succeeded', amountCents: 45_000 });
      expect((await orderRow(t.app.db, bookedByOther.id))?.status).toBe('booked');
      // The buyer still sees their paid order of the removed seller in My Orders.
      const ordersOfBuyer = await callAs(t, buyerOfSold, 'GET', '/api/me/orders?limit=100');
      expect(ordersOfBuyer.statusCode, ordersOfBuyer.body).toBe(200);
      expect(
        OrderPageSchema.parse(ordersOfBuyer.json()).items.find((order) => order.id === paidOrder.id),
      ).toMatchObject({ status: 'paid', product: { id: sold.id, status: 'sold' }, seller: { id: target.id } });

      const account = await userRow(t.app.db, target.id);
      expect(account.disabledAt).not.toBeNull();
      expect(await auditOf(t.app.db, target.id)).toEqual([
        expect.objectContaining({
          actorId: cast.admin.id,
          action: 'user.removed',
          subjectType: 'user',
          detail: expect.objectContaining({
            role: 'seller',
            removedListings: 1,
            removedAdvertisements: 1,
            resolvedReports: 1,
            cancelledOrders: 0,
          }),
        }),
      ]);
      // Gone from All Sellers, and a second removal finds nobody.
      expect((await listUsers('role=seller&limit=100')).items.map((u) => u.id)).not.toContain(target.id);
      expectError(await remove(target.id), 404, { code: 'not_found', message: adminMessages.userNotFound });
      expect(await auditOf(t.app.db, target.id)).toHaveLength(1);
      // Logging in again is refused too.
      const login = await logIn(t, { email: target.email, password });
      expect(login.statusCode).toBe(401);
      expect(ErrorBodySchema.parse(login.json()).error.message).toBe(authMessages.accountDisabled);
    });

    it('removes a buyer: signed out, open bookings cancelled, paid orders and payments kept for the seller', async () => {
      const target = await insertPasswordUser(t.app.db, { role: 'user', name: 'Bea Buyer' });
      const { session, refreshToken } = await sessionOf(t, target.email);
      const theSeller = await callerWithRole(t, 'seller');
      const bought = await insertProduct(t.app.db, theSeller.id, { status: 'sold' });
      const booked = await insertProduct(t.app.db, theSeller.id);
      const { order: paid, payment } = await insertPaidOrder(t.app.db, { productId: bought.id, buyerId: target.id });
      const open = await insertOrder(t.app.db, { productId: booked.id, buyerId: target.id });

      expect((await remove(target.id)).statusCode).toBe(204);

      expect((await t.app.inject({ url: '/api/me', headers: bearer(session.accessToken) })).statusCode).toBe(401);
      expect((await refresh(t, refreshToken)).statusCode).toBe(401);
      expect((await orderRow(t.app.db, open.id))?.status).toBe('cancelled');
      expect(await orderRow(t.app.db, paid.id)).toMatchObject({ status: 'paid', buyerId: target.id });
      expect(await paymentRow(t.app.db, payment.id)).toMatchObject({ orderId: paid.id, status: 'succeeded' });
      // The seller's phones are untouched.
      expect((await productRow(t.app.db, booked.id)).status).toBe('available');
      expect((await productRow(t.app.db, bought.id)).status).toBe('sold');
      // The seller still sees the paid sale to the removed buyer in My Sales.
      const sales = await callAs(t, theSeller, 'GET', '/api/me/sales?limit=100');
      expect(sales.statusCode, sales.body).toBe(200);
      expect(SalePageSchema.parse(sales.json()).items.find((sale) => sale.id === paid.id)).toMatchObject({
        status: 'paid',
        buyer: { id: target.id, name: 'Bea Buyer' },
      });
      expect(await auditOf(t.app.db, target.id)).toEqual([
        expect.objectContaining({
          action: 'user.removed',
          detail: expect.objectContaining({ role: 'user', cancelledOrders: 1, removedListings: 0 }),
        }),
      ]);
      expect((await listUsers('role=user&limit=100')).items.map((u) => u.id)).not.toContain(target.id);
    });

    it('never removes an admin, the caller included (409), and 404s unknown and malformed ids', async () => {
      const otherAdmin = await callerWithRole(t, 'admin');
      for (const id of [cast.admin.id, otherAdmin.id]) {
        expectError(await remove(id), 409, { code: 'conflict', message: adminMessages.cannotRemoveAdmin });
        expect((await userRow(t.app.db, id)).disabledAt).toBeNull();
        expect(await auditOf(t.app.db, id)).toEqual([]);
      }
      // The caller is still signed in.
      expect((await callAs(t, cast.admin, 'GET', '/api/admin/audit')).statusCode).toBe(200);
      for (const id of [unknownId, 'nope', '%27%3B--', 'x'.repeat(64)]) {
        expectError(await remove(id), 404, { code: 'not_found', message: adminMessages.userNotFound });
      }
    });

    it('two admins removing the same account at once: one 204, one 404, one audit entry', async () => {
      const target = await callerWithRole(t, 'user');
      const other = await callerWithRole(t, 'admin');
      const results = await Promise.all([remove(target.id), remove(target.id, other)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([204, 404]);
      expect(await auditOf(t.app.db, target.id)).toHaveLength(1);
    });
  });
});
