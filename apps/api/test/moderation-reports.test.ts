/**
 * Moderation, Reported Items and the Audit Log: reports grouped by phone with their counts,
 * deleting a reported phone (it leaves every view; a sold one stays sold), dismissing reports
 * (the phone stays), and reading the audit log page by page.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminLimits,
  adminMessages,
  AuditPageSchema,
  MyProductPageSchema,
  ProductPageSchema,
  ReportedProductPageSchema,
  type ReportedProductPage,
} from '@recell/contract';
import { auditLog, users } from '../src/db/schema.ts';
import {
  advertise,
  advertisementsOf,
  auditOf,
  disableUser,
  insertOrder,
  insertProduct,
  insertUser,
  orderRow,
  productRow,
  reportRow,
} from './fixtures.ts';
import { callerWithRole, useCast, type Caller } from './support/accounts.ts';
import { expectError, unknownId, useTestApp } from './support/api.ts';
import { publicViewsOf } from './support/listings.ts';
import { callAs, insertPaidOrder, insertReport } from './support/moderation.ts';

const minutes = (n: number) => new Date(Date.UTC(2026, 0, 10, 12, n));

describe('moderation: reported items and audit log', () => {
  /** How often public listing pages were told to refresh (app.listingsChanged). */
  let listingChanges = 0;
  const t = useTestApp({ onListingsChanged: () => listingChanges++ });
  const cast = useCast(t, { seller: { name: 'Rita Seller' } });
  /** Buyers who report phones. */
  const buyers: Caller[] = [];
  beforeAll(async () => {
    for (const name of ['Ann Reporter', 'Ben Reporter', 'Cal Reporter']) {
      buyers.push(await callerWithRole(t, 'user', { name, imageUrl: `/uploads/aa/${name[0]}.webp` }));
    }
  });

  const reported = async (query = 'limit=100'): Promise<ReportedProductPage> => {
    const response = await callAs(t, cast.admin, 'GET', `/api/admin/reports?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return ReportedProductPageSchema.parse(response.json());
  };
  /** An advertised phone of the seller's with an open report from each of the first two buyers. */
  const reportedTwice = async (overrides: Parameters<typeof insertProduct>[2]) => {
    const product = await insertProduct(t.app.db, cast.seller.id, overrides);
    await advertise(t.app.db, product.id);
    const a = await insertReport(t.app.db, { productId: product.id, reporterId: buyers[0]!.id });
    const b = await insertReport(t.app.db, { productId: product.id, reporterId: buyers[1]!.id });
    return { product, a, b };
  };
  const reportedIds = async () => (await reported()).items.map((item) => item.product.id);
  const removeListing = (productId: string) => callAs(t, cast.admin, 'DELETE', `/api/admin/reports/${productId}`);
  const dismiss = (productId: string) => callAs(t, cast.admin, 'POST', `/api/admin/reports/${productId}/dismiss`);

  describe('GET /api/admin/reports', () => {
    it('groups open reports by phone with a count, the phone with the latest report first, reports newest first', async () => {
      const quiet = await insertProduct(t.app.db, cast.seller.id, {
        name: 'Quiet phone',
        categoryId: '2',
        brand: 'Xiaomi',
      });
      const busy = await insertProduct(t.app.db, cast.seller.id, { name: 'Busy phone', status: 'sold' });
      const [ann, ben, cal] = buyers as [Caller, Caller, Caller];
      const r1 = await insertReport(t.app.db, {
        productId: busy.id,
        reporterId: ann.id,
        reason: 'stolen',
        text: 'IMEI is blacklisted',
        createdAt: minutes(1),
      });
      const r2 = await insertReport(t.app.db, {
        productId: quiet.id,
        reporterId: ann.id,
        reason: 'scam',
        text: 'Asked for payment outside',
        createdAt: minutes(2),
      });
      const r3 = await insertReport(t.app.db, {
        productId: busy.id,
        reporterId: ben.id,
        reason: 'fake',
        text: 'Not original',
        createdAt: minutes(3),
      });
      // A closed report neither counts nor shows.
      await insertReport(t.app.db, {
        productId: busy.id,
        reporterId: cal.id,
        text: 'Old complaint',
        createdAt: minutes(4),
        resolvedAt: minutes(5),
        resolution: 'dismissed',
        resolvedBy: cast.admin.id,
      });

      const page = await reported();
      expect(page.nextCursor).toBeNull();
      expect(page.items.map((item) => [item.product.name, item.reportCount])).toEqual([
        ['Busy phone', 2],
        ['Quiet phone', 1],
      ]);
      const [first, second] = page.items as [
        ReportedProductPage['items'][number],
        ReportedProductPage['items'][number],
      ];
      expect(first.latestReportAt).toBe(minutes(3).toISOString());
      expect(first.product).toMatchObject({
        id: busy.id,
        status: 'sold',
        priceCents: 45_000,
        location: 'Dhaka',
        seller: { id: cast.seller.id, name: 'Rita Seller', isVerified: true },
      });
      expect(first.reports).toEqual([
        {
          id: r3.id,
          reason: 'fake',
          text: 'Not original',
          createdAt: minutes(3).toISOString(),
          reporter: {
            id: ben.id,
            name: 'Ben Reporter',
            email: expect.stringContaining('@recell.test'),
            imageUrl: '/uploads/aa/B.webp',
          },
        },
        expect.objectContaining({ id: r1.id, reason: 'stolen', text: 'IMEI is blacklisted' }),
      ]);
      expect(second.reports.map((r) => [r.id, r.reporter.name])).toEqual([[r2.id, 'Ann Reporter']]);
      // The seller's private phone number is never part of it.
      expect(JSON.stringify(page)).not.toContain('01700000000');

      // A newer report moves its phone to the top.
      await insertReport(t.app.db, { productId: quiet.id, reporterId: ben.id, createdAt: minutes(6) });
      expect((await reported()).items.map((item) => [item.product.name, item.reportCount])).toEqual([
        ['Quiet phone', 2],
        ['Busy phone', 2],
      ]);
      // Tidy up for the tests below.
      for (const id of [quiet.id, busy.id]) expect((await dismiss(id)).statusCode).toBe(204);
      expect(await reported()).toEqual({ items: [], nextCursor: null });
    });

    it('leaves out removed phones and phones of removed sellers', async () => {
      const gone = await callerWithRole(t, 'seller');
      const removed = await insertProduct(t.app.db, cast.seller.id, { status: 'removed' });
      const ofGone = await insertProduct(t.app.db, gone.id);
      await disableUser(t.app.db, gone.id);
      const live = await insertProduct(t.app.db, cast.seller.id);
      for (const product of [removed, ofGone, live]) {
        await insertReport(t.app.db, { productId: product.id, reporterId: buyers[0]!.id });
      }
      expect(await reportedIds()).toEqual([live.id]);
      await dismiss(live.id);
    });

    it('lists at most the newest reports of a phone, and counts them all', async () => {
      const product = await insertProduct(t.app.db, cast.seller.id, { name: 'Much reported' });
      const reporters = [];
      for (let i = 0; i < adminLimits.reportsPerProduct + 2; i++) {
        reporters.push(await insertUser(t.app.db, { role: 'user', name: `Reporter ${i}` }));
      }
      for (const [i, reporter] of reporters.entries()) {
        await insertReport(t.app.db, { productId: product.id, reporterId: reporter.id, createdAt: minutes(10 + i) });
      }
      const [item] = (await reported()).items;
      expect(item?.reportCount).toBe(adminLimits.reportsPerProduct + 2);
      expect(item?.reports).toHaveLength(adminLimits.reportsPerProduct);
      expect(item?.reports[0]?.reporter.name).toBe(`Reporter ${adminLimits.reportsPerProduct + 1}`);
      expect(item?.reports.map((r) => r.reporter.name)).not.toContain('Reporter 0');
      await dismiss(product.id);
    });

    it('pages with a cursor: every reported phone once, also when reports came in at the same instant', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const product = await insertProduct(t.app.db, cast.seller.id, { name: `Paged ${i}` });
        await insertReport(t.app.db, { productId: product.id, reporterId: buyers[i % 3]!.id, createdAt: minutes(30) });
        ids.push(product.id);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: ReportedProductPage = await reported(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((item) => item.product.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen.slice().sort()).toEqual(ids.slice().sort());
      expect((await callAs(t, cast.admin, 'GET', '/api/admin/reports?cursor=e30')).statusCode).toBe(400);
      for (const id of ids) await dismiss(id);
    });
  });

  describe('DELETE /api/admin/reports/:productId', () => {
    it('removes a reported phone for sale with its advertisement, closes its reports, audited; then 404', async () => {
      const { product, a, b } = await reportedTwice({ name: 'Bad phone', categoryId: '3', brand: 'Samsung' });
      const booking = await insertOrder(t.app.db, { productId: product.id, buyerId: buyers[2]!.id });
      const visible = async () => ({
        ...(await publicViewsOf(t, product.id, '3')),
        sellerList: MyProductPageSchema.parse(
          (await callAs(t, cast.seller, 'GET', '/api/me/products?limit=100')).json(),
        ).items.some((p) => p.id === product.id),
        reported: (await reportedIds()).includes(product.id),
      });
      expect(await visible()).toEqual({ home: true, category: true, details: 200, sellerList: true, reported: true });

      const changesBefore = listingChanges;
      const response = await removeListing(product.id);
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      expect(listingChanges).toBe(changesBefore + 1);

      expect(await visible()).toEqual({
        home: false,
        category: false,
        details: 404,
        sellerList: false,
        reported: false,
      });
      expect((await productRow(t.app.db, product.id)).status).toBe('removed');
      expect(await advertisementsOf(t.app.db, product.id)).toEqual([]);
      for (const report of [a, b]) {
        const row = await reportRow(t.app.db, report.id);
        expect(row).toMatchObject({ resolution: 'listing_removed', resolvedBy: cast.admin.id });
        expect(row.resolvedAt).toBeInstanceOf(Date);
      }
      // An order that refers to the phone still exists.
      expect((await orderRow(t.app.db, booking.id))?.productId).toBe(product.id);
      expect(await auditOf(t.app.db, product.id)).toEqual([
        expect.objectContaining({
          actorId: cast.admin.id,
          action: 'report.listing_removed',
          subjectType: 'product',
          detail: expect.objectContaining({
            previousStatus: 'available',
            status: 'removed',
            wasAdvertised: true,
            resolvedReports: 2,
          }),
        }),
      ]);

      // Done is done: a second delete, and a dismiss, find no open report.
      expectError(await removeListing(product.id), 404, { code: 'not_found', message: adminMessages.reportNotFound });
      expectError(await dismiss(product.id), 404, { code: 'not_found', message: adminMessages.reportNotFound });
      expect(await auditOf(t.app.db, product.id)).toHaveLength(1);
    });

    it('a sold phone stays sold with its paid order, and its reports are closed', async () => {
      const product = await insertProduct(t.app.db, cast.seller.id, { status: 'sold' });
      const { order } = await insertPaidOrder(t.app.db, { productId: product.id, buyerId: buyers[0]!.id });
      const report = await insertReport(t.app.db, { productId: product.id, reporterId: buyers[1]!.id });
      expect((await removeListing(product.id)).statusCode).toBe(204);
      expect((await productRow(t.app.db, product.id)).status).toBe('sold');
      expect((await orderRow(t.app.db, order.id))?.status).toBe('paid');
      expect((await reportRow(t.app.db, report.id)).resolution).toBe('listing_removed');
      expect(await reportedIds()).not.toContain(product.id);
      expect((await auditOf(t.app.db, product.id))[0]?.detail).toMatchObject({
        previousStatus: 'sold',
        status: 'sold',
      });
    });

    it('answers 404 for a phone without an open report, an unknown or a malformed id', async () => {
      const unreported = await insertProduct(t.app.db, cast.seller.id);
      for (const id of [unreported.id, unknownId, 'nope', '%27%3B--']) {
        expectError(await removeListing(id), 404, { code: 'not_found', message: adminMessages.reportNotFound });
        expectError(await dismiss(id), 404, { code: 'not_found', message: adminMessages.reportNotFound });
      }
      expect((await productRow(t.app.db, unreported.id)).status).toBe('available');
      expect(await auditOf(t.app.db, unreported.id)).toEqual([]);
    });

    it('a delete and a dismiss at once: one wins, the other is 404, one audit entry', async () => {
      const product = await insertProduct(t.app.db, cast.seller.id);
      await insertReport(t.app.db, { productId: product.id, reporterId: buyers[0]!.id });
      const results = await Promise.all([removeListing(product.id), dismiss(product.id)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([204, 404]);
      expect(await auditOf(t.app.db, product.id)).toHaveLength(1);
    });
  });

  describe('POST /api/admin/reports/:productId/dismiss', () => {
    it('closes the reports and keeps the listing, audited; then 404; a new report shows it again', async () => {
      const { product, a, b } = await reportedTwice({ name: 'Fine phone', categoryId: '2', brand: 'Xiaomi' });

      const response = await dismiss(product.id);
      expect(response.statusCode, response.body).toBe(204);
      for (const report of [a, b]) {
        expect(await reportRow(t.app.db, report.id)).toMatchObject({
          resolution: 'dismissed',
          resolvedBy: cast.admin.id,
        });
      }
      expect(await productRow(t.app.db, product.id)).toMatchObject({ status: 'available' });
      expect((await t.app.inject(`/api/products/${product.id}`)).statusCode).toBe(200);
      expect(
        ProductPageSchema.parse((await t.app.inject('/api/advertised?limit=100')).json()).items.map((p) => p.id),
      ).toContain(product.id);
      expect(await reportedIds()).not.toContain(product.id);
      expect(await auditOf(t.app.db, product.id)).toEqual([
        expect.objectContaining({
          actorId: cast.admin.id,
          action: 'report.dismissed',
          subjectType: 'product',
          detail: expect.objectContaining({ resolvedReports: 2 }),
        }),
      ]);
      expectError(await dismiss(product.id), 404, { code: 'not_found', message: adminMessages.reportNotFound });

      // The same buyer may report it again; it is back on the list with only the new report.
      await insertReport(t.app.db, { productId: product.id, reporterId: buyers[0]!.id });
      const item = (await reported()).items.find((i) => i.product.id === product.id);
      expect(item?.reportCount).toBe(1);
      await dismiss(product.id);
    });
  });

  describe('GET /api/admin/audit', () => {
    it('lists what admins did, newest first, with who did it (null when that account is gone), page by page', async () => {
      const gone = await insertUser(t.app.db, { role: 'admin', name: 'Gone Admin' });
      const entries = [
        {
          actorId: cast.admin.id,
          action: 'seller.verified',
          subjectType: 'user',
          subjectId: cast.seller.id,
          createdAt: minutes(50),
        },
        {
          actorId: gone.id,
          action: 'user.removed',
          subjectType: 'user',
          subjectId: buyers[2]!.id,
          createdAt: minutes(51),
        },
        {
          actorId: cast.admin.id,
          action: 'report.dismissed',
          subjectType: 'product',
          subjectId: 'p1',
          detail: { resolvedReports: 1 },
          createdAt: minutes(52),
        },
      ];
      // Start from an empty log, so the order is exactly these entries'.
      await t.app.db.delete(auditLog);
      await t.app.db.insert(auditLog).values(entries);
      await t.app.db.delete(users).where(eq(users.id, gone.id));

      const first = AuditPageSchema.parse((await callAs(t, cast.admin, 'GET', '/api/admin/audit?limit=2')).json());
      expect(first.items.map((e) => e.action)).toEqual(['report.dismissed', 'user.removed']);
      const [me] = await t.app.db.select().from(users).where(eq(users.id, cast.admin.id));
      expect(first.items[0]).toMatchObject({
        actor: { id: cast.admin.id, name: me!.name, email: me!.email },
        subjectType: 'product',
        subjectId: 'p1',
        detail: { resolvedReports: 1 },
        createdAt: minutes(52).toISOString(),
      });
      expect(first.items[1]).toMatchObject({ actor: null, subjectId: buyers[2]!.id, detail: null });
      expect(first.nextCursor).not.toBeNull();

      const second = AuditPageSchema.parse(
        (await callAs(t, cast.admin, 'GET', `/api/admin/audit?limit=2&cursor=${first.nextCursor}`)).json(),
      );
      expect(second.items.map((e) => [e.action, e.subjectId])).toEqual([['seller.verified', cast.seller.id]]);
      expect(second.nextCursor).toBeNull();

      // A new action comes first, and paging from the old cursor neither repeats nor skips.
      expect(
        (await callAs(t, cast.admin, 'POST', `/api/admin/sellers/${(await callerWithRole(t, 'seller')).id}/verify`))
          .statusCode,
      ).toBe(200);
      const again = AuditPageSchema.parse((await callAs(t, cast.admin, 'GET', '/api/admin/audit')).json());
      expect(again.items.map((e) => e.action)).toEqual([
        'seller.verified',
        'report.dismissed',
        'user.removed',
        'seller.verified',
      ]);
      const resumed = AuditPageSchema.parse(
        (await callAs(t, cast.admin, 'GET', `/api/admin/audit?limit=2&cursor=${first.nextCursor}`)).json(),
      );
      expect(resumed.items.map((e) => e.subjectId)).toEqual([cast.seller.id]);
      expect((await callAs(t, cast.admin, 'GET', '/api/admin/audit?cursor=!!!')).statusCode).toBe(400);
    });
  });
});
