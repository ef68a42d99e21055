/**
 * Buying: booking a phone (every role, every bad input, sold/removed/own phones, double and
 * concurrent bookings, the price snapshot), My Orders, one order, cancelling, and the seller's
 * My Sales. Every endpoint is tried anonymously, as a buyer, a seller and an admin, and with
 * another buyer's order (which must stay unseen and unchanged).
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BookedProductIdsSchema,
  buyingLimits,
  buyingMessages,
  ErrorBodySchema,
  listingMessages,
  messages,
  MyProductPageSchema,
  OrderPageSchema,
  OrderSchema,
  ProductPageSchema,
  SalePageSchema,
  type Order,
} from '@recell/contract';
import { orders, products } from '../src/db/schema.ts';
import { advertise, advertisementsOf, auditOf, disableUser, insertOrder, orderRow, productRow } from './fixtures.ts';
import { callerWithRole, headersOf, useCast, type Caller } from './support/accounts.ts';
import { expectError, forbidden, unauthorized, unknownId, useTestApp } from './support/api.ts';
import {
  bookingFor,
  bookPhone,
  listPhone,
  postBooking,
  sellDirectly,
  sellerPhoneOfListedPhones,
} from './support/buying.ts';

describe('orders', () => {
  const t = useTestApp();
  const cast = useCast(t);

  const orderCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
  const myOrders = async (caller: Caller, query = 'limit=100') => {
    const response = await t.app.inject({ url: `/api/me/orders?${query}`, headers: caller.headers });
    expect(response.statusCode, response.body).toBe(200);
    return OrderPageSchema.parse(response.json());
  };
  const getOrder = (caller: Caller | null, id: string) =>
    t.app.inject({ url: `/api/orders/${id}`, headers: headersOf(caller) });
  const deleteOrder = (caller: Caller | null, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: headersOf(caller) });
  const mySales = async (caller: Caller, query = 'limit=100') => {
    const response = await t.app.inject({ url: `/api/me/sales?${query}`, headers: caller.headers });
    expect(response.statusCode, response.body).toBe(200);
    return SalePageSchema.parse(response.json());
  };

  describe('POST /api/orders', () => {
    it('books a phone for sale at its price now, with the booking’s phone number and place', async () => {
      const phone = await listPhone(t, cast.seller, {
        name: 'Galaxy S23',
        priceCents: 52_500,
        originalPriceCents: 79_900,
      });
      const response = await postBooking(
        t,
        cast.buyer,
        bookingFor(phone.id, { phone: ' (312) 555-0126 ', location: ' Loop ' }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const order = OrderSchema.parse(response.json());
      expect(order).toMatchObject({
        status: 'booked',
        priceCents: 52_500,
        phone: '3125550126',
        location: 'Loop',
        transactionId: null,
        paidAt: null,
        canPay: true,
        product: {
          id: phone.id,
          name: 'Galaxy S23',
          priceCents: 52_500,
          originalPriceCents: 79_900,
          status: 'available',
        },
        seller: { id: cast.seller.id, name: 'Marcus Bennett', isVerified: true },
      });
      expect(response.body).not.toContain(sellerPhoneOfListedPhones);
      expect(Math.abs(Date.parse(order.createdAt) - Date.now())).toBeLessThan(60_000);
      expect(await orderRow(t.app.db, order.id)).toMatchObject({
        productId: phone.id,
        buyerId: cast.buyer.id,
        priceCents: 52_500,
        status: 'booked',
        phone: '3125550126',
        location: 'Loop',
      });
    });

    it('takes the price from the phone, never from the client, and keeps it when the listing’s price changes', async () => {
      const phone = await listPhone(t, cast.seller, { priceCents: 45_000 });
      const response = await postBooking(
        t,
        cast.buyer,
        bookingFor(phone.id, {
          priceCents: 1,
          price: 1,
          status: 'paid',
          buyerId: cast.otherBuyer.id,
          transactionId: 'pi_fake',
          id: '00000000-0000-4000-8000-000000000000',
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const order = OrderSchema.parse(response.json());
      expect(order).toMatchObject({ priceCents: 45_000, status: 'booked', transactionId: null });
      expect(order.id).not.toBe('00000000-0000-4000-8000-000000000000');
      expect(await orderRow(t.app.db, order.id)).toMatchObject({
        buyerId: cast.buyer.id,
        priceCents: 45_000,
        status: 'booked',
      });

      // The seller's price changes later: the order still charges what was booked.
      await t.app.db.update(products).set({ priceCents: 39_900 }).where(eq(products.id, phone.id));
      const shown = (await myOrders(cast.buyer)).items.find((o) => o.id === order.id)!;
      expect(shown.priceCents).toBe(45_000);
      expect(shown.product.priceCents).toBe(39_900);
    });

    it('names the missing fields with the spec’s messages and books nothing', async () => {
      const phone = await listPhone(t, cast.seller);
      const before = await orderCount();
      const empty = await postBooking(t, cast.buyer, { productId: phone.id });
      expectError(empty, 400, {
        code: 'validation',
        message: messages.phoneRequired,
        fields: { phone: messages.phoneRequired, location: messages.locationRequired },
      });
      const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
        [{ phone: undefined }, { phone: messages.phoneRequired }],
        [{ phone: '' }, { phone: messages.phoneRequired }],
        [{ phone: '   ' }, { phone: messages.phoneRequired }],
        [{ phone: null }, { phone: messages.phoneRequired }],
        [{ phone: 'call me' }, { phone: listingMessages.phoneDigitsOnly }],
        [{ phone: '12345' }, { phone: listingMessages.phoneInvalid }],
        [{ location: undefined }, { location: messages.locationRequired }],
        [{ location: '' }, { location: messages.locationRequired }],
        [{ location: '   ' }, { location: messages.locationRequired }],
        [{ location: 42 }, { location: messages.locationRequired }],
        [{ location: 'x'.repeat(buyingLimits.location + 1) }, { location: buyingMessages.locationTooLong }],
      ];
      for (const [overrides, fields] of cases) {
        expectError(await postBooking(t, cast.buyer, bookingFor(phone.id, overrides)), 400, {
          code: 'validation',
          message: Object.values(fields)[0]!,
          fields,
        });
      }
      // The phone's id is the form's own: a malformed or missing one is a bad request too.
      for (const productId of ['not-a-uuid', undefined, 7]) {
        const response = await postBooking(t, cast.buyer, bookingFor(phone.id, { productId }));
        expect(response.statusCode).toBe(400);
        expect(Object.keys(ErrorBodySchema.parse(response.json()).error.fields ?? {})).toEqual(['productId']);
      }
      expect((await postBooking(t, cast.buyer, undefined)).statusCode).toBe(400);
      expect(await orderCount()).toBe(before);
    });

    it('refuses a sold or removed phone (409) and an unknown one (404)', async () => {
      const sold = await listPhone(t, cast.seller, { status: 'sold' });
      const removed = await listPhone(t, cast.seller, { status: 'removed' });
      const gone = await callerWithRole(t, 'seller');
      const ofDisabledSeller = await listPhone(t, gone);
      await disableUser(t.app.db, gone.id);
      const before = await orderCount();
      for (const phone of [sold, removed, ofDisabledSeller]) {
        expectError(await postBooking(t, cast.buyer, bookingFor(phone.id)), 409, {
          code: 'conflict',
          message: buyingMessages.productNotForSale,
        });
      }
      expectError(await postBooking(t, cast.buyer, bookingFor(unknownId)), 404, {
        code: 'not_found',
        message: listingMessages.productNotFound,
      });
      expect(await orderCount()).toBe(before);
    });

    it('refuses the buyer’s own listing', async () => {
      // Buyers do not list phones; a listing whose seller is this account stands for one anyway.
      const own = await listPhone(t, cast.buyer);
      expectError(await postBooking(t, cast.buyer, bookingFor(own.id)), 409, {
        code: 'conflict',
        message: buyingMessages.ownProduct,
      });
      expect(await t.app.db.select().from(orders).where(eq(orders.productId, own.id))).toEqual([]);
    });

    it('refuses a second booking while the first is open, and allows one after it is removed', async () => {
      const phone = await listPhone(t, cast.seller);
      const first = await bookPhone(t, cast.buyer, phone.id);
      expectError(await postBooking(t, cast.buyer, bookingFor(phone.id, { location: 'Elsewhere' })), 409, {
        code: 'conflict',
        message: buyingMessages.alreadyBooked,
      });
      // Another buyer may book the same phone meanwhile: whoever pays first gets it.
      const others = await bookPhone(t, cast.otherBuyer, phone.id);
      expect(others.canPay).toBe(true);

      expect((await deleteOrder(cast.buyer, first.id)).statusCode).toBe(204);
      const again = await bookPhone(t, cast.buyer, phone.id);
      expect(again.id).not.toBe(first.id);
      const mine = await t.app.db
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.productId, phone.id), eq(orders.buyerId, cast.buyer.id)));
      expect(mine.map((o) => o.status).sort()).toEqual(['booked', 'cancelled']);
    });

    it('ten bookings of one phone at once by one buyer make exactly one order', async () => {
      const phone = await listPhone(t, cast.seller);
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => postBooking(t, cast.buyer, bookingFor(phone.id))),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(ErrorBodySchema.parse(response.json()).error.message).toBe(buyingMessages.alreadyBooked);
      }
      const rows = await t.app.db.select().from(orders).where(eq(orders.productId, phone.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ buyerId: cast.buyer.id, status: 'booked' });
    });

    it('is for buyers only: anonymous 401, seller and admin 403, and nothing is booked', async () => {
      const phone = await listPhone(t, cast.seller);
      const before = await orderCount();
      expectError(await postBooking(t, null, bookingFor(phone.id)), 401, unauthorized);
      expect(
        (await postBooking(t, { ...cast.buyer, headers: { authorization: 'Bearer nope' } }, bookingFor(phone.id)))
          .statusCode,
      ).toBe(401);
      for (const caller of [cast.seller, cast.otherSeller, cast.admin]) {
        expectError(await postBooking(t, caller, bookingFor(phone.id)), 403, forbidden);
      }
      expect(await orderCount()).toBe(before);
    });
  });

  describe('GET /api/me/orders', () => {
    it('lists the buyer’s own booked and paid orders, newest first, without cancelled or anyone else’s', async () => {
      const me = await callerWithRole(t, 'user');
      const [a, b, c, d] = await Promise.all(
        ['First', 'Second', 'Third', 'Fourth'].map((name) => listPhone(t, cast.seller, { name })),
      );
      const booked = await insertOrder(t.app.db, {
        productId: a!.id,
        buyerId: me.id,
        createdAt: new Date('2026-03-01T10:00:00Z'),
      });
      const paid = await insertOrder(t.app.db, {
        productId: b!.id,
        buyerId: me.id,
        status: 'paid',
        transactionId: 'pi_paid_1',
        paidAt: new Date('2026-03-02T11:00:00Z'),
        createdAt: new Date('2026-03-02T10:00:00Z'),
      });
      await insertOrder(t.app.db, { productId: c!.id, buyerId: me.id, status: 'cancelled' });
      await insertOrder(t.app.db, { productId: d!.id, buyerId: cast.otherBuyer.id });
      await t.app.db.update(products).set({ status: 'sold' }).where(eq(products.id, b!.id));

      const page = await myOrders(me);
      expect(page.nextCursor).toBeNull();
      expect(page.items.map((o) => [o.id, o.status, o.product.name, o.canPay])).toEqual([
        [paid.id, 'paid', 'Second', false],
        [booked.id, 'booked', 'First', true],
      ]);
      expect(page.items[0]).toMatchObject({
        transactionId: 'pi_paid_1',
        paidAt: '2026-03-02T11:00:00.000Z',
        product: { status: 'sold' },
        seller: { id: cast.seller.id },
      });
      expect(JSON.stringify(page)).not.toContain(sellerPhoneOfListedPhones);
    });

    it('shows Sold and cannot be paid once another buyer bought the phone; a removed phone likewise', async () => {
      const me = await callerWithRole(t, 'user');
      const phone = await listPhone(t, cast.seller, { name: 'Wanted by two' });
      await advertise(t.app.db, phone.id);
      const mine = await bookPhone(t, me, phone.id);
      expect(mine).toMatchObject({ canPay: true, product: { status: 'available' } });

      const theirs = await sellDirectly(t, phone.id, cast.otherBuyer);
      const [shown] = (await myOrders(me)).items;
      expect(shown).toMatchObject({ id: mine.id, status: 'booked', canPay: false, product: { status: 'sold' } });
      const bought = (await myOrders(cast.otherBuyer)).items.find((o) => o.id === theirs.id);
      expect(bought).toMatchObject({ status: 'paid', canPay: false, product: { status: 'sold' } });

      const removed = await listPhone(t, cast.seller, { name: 'Withdrawn' });
      const onRemoved = await bookPhone(t, me, removed.id);
      await t.app.db.update(products).set({ status: 'removed' }).where(eq(products.id, removed.id));
      const afterRemoval = OrderSchema.parse((await getOrder(me, onRemoved.id)).json());
      expect(afterRemoval).toMatchObject({ status: 'booked', canPay: false, product: { status: 'removed' } });
      expect((await myOrders(me)).items.map((o) => o.id)).toEqual([onRemoved.id, mine.id]);
    });

    it('pages with a cursor without repeating or skipping, and refuses a forged cursor', async () => {
      const me = await callerWithRole(t, 'user');
      const at = new Date('2026-04-01T00:00:00Z');
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const phone = await listPhone(t, cast.seller, { name: `Paged ${i}` });
        ids.push((await insertOrder(t.app.db, { productId: phone.id, buyerId: me.id, createdAt: at })).id);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof myOrders>> = await myOrders(
          me,
          `limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((o) => o.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(5);
      expect([...seen].sort()).toEqual([...ids].sort());
      expect((await t.app.inject({ url: '/api/me/orders?cursor=e30', headers: me.headers })).statusCode).toBe(400);
      expect((await t.app.inject({ url: '/api/me/orders?limit=0', headers: me.headers })).statusCode).toBe(400);
      expect(await myOrders(await callerWithRole(t, 'user'))).toEqual({ items: [], nextCursor: null });
    });

    it('is for buyers only', async () => {
      expect((await t.app.inject('/api/me/orders')).statusCode).toBe(401);
      for (const caller of [cast.seller, cast.admin]) {
        expectError(await t.app.inject({ url: '/api/me/orders', headers: caller.headers }), 403, forbidden);
      }
    });
  });

  describe('GET /api/me/orders/product-ids', () => {
    const bookedIds = async (caller: Caller) => {
      const response = await t.app.inject({ url: '/api/me/orders/product-ids', headers: caller.headers });
      expect(response.statusCode, response.body).toBe(200);
      return BookedProductIdsSchema.parse(response.json()).productIds;
    };

    it('gives the phones of the buyer’s booked and paid orders, newest first, without cancelled or anyone else’s', async () => {
      const me = await callerWithRole(t, 'user');
      const [a, b, c, d] = await Promise.all(
        ['Booked one', 'Paid one', 'Cancelled one', 'Theirs'].map((name) => listPhone(t, cast.seller, { name })),
      );
      await insertOrder(t.app.db, { productId: a!.id, buyerId: me.id, createdAt: new Date('2026-03-01T10:00:00Z') });
      await insertOrder(t.app.db, {
        productId: b!.id,
        buyerId: me.id,
        status: 'paid',
        transactionId: 'pi_ids_1',
        paidAt: new Date('2026-03-02T11:00:00Z'),
        createdAt: new Date('2026-03-02T10:00:00Z'),
      });
      await insertOrder(t.app.db, { productId: c!.id, buyerId: me.id, status: 'cancelled' });
      await insertOrder(t.app.db, { productId: d!.id, buyerId: cast.otherBuyer.id });

      expect(await bookedIds(me)).toEqual([b!.id, a!.id]);
      expect(await bookedIds(await callerWithRole(t, 'user'))).toEqual([]);
    });

    it('follows a booking and its removal', async () => {
      const me = await callerWithRole(t, 'user');
      const phone = await listPhone(t, cast.seller, { name: 'Booked then dropped' });
      const order = await bookPhone(t, me, phone.id);
      expect(await bookedIds(me)).toEqual([phone.id]);

      expect((await deleteOrder(me, order.id)).statusCode).toBe(204);
      expect(await bookedIds(me)).toEqual([]);
    });

    it('is for buyers only', async () => {
      expect((await t.app.inject('/api/me/orders/product-ids')).statusCode).toBe(401);
      for (const caller of [cast.seller, cast.admin]) {
        expectError(await t.app.inject({ url: '/api/me/orders/product-ids', headers: caller.headers }), 403, forbidden);
      }
    });
  });

  describe('GET /api/orders/:id', () => {
    let order: Order;
    beforeAll(async () => {
      order = await bookPhone(t, cast.buyer, (await listPhone(t, cast.seller, { name: 'Looked up' })).id);
    });

    it('shows the buyer their order, without the seller’s phone number', async () => {
      const response = await getOrder(cast.buyer, order.id);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(sellerPhoneOfListedPhones);
      expect(OrderSchema.parse(response.json())).toEqual(order);
      expect(OrderSchema.parse((await getOrder(cast.buyer, order.id.toUpperCase())).json()).id).toBe(order.id);
    });

    it('hides it from everyone else: another buyer 404, the seller and an admin 403, anonymous 401', async () => {
      expectError(await getOrder(cast.otherBuyer, order.id), 404, {
        code: 'not_found',
        message: buyingMessages.orderNotFound,
      });
      for (const caller of [cast.seller, cast.admin]) {
        expectError(await getOrder(caller, order.id), 403, forbidden);
      }
      expect((await getOrder(null, order.id)).statusCode).toBe(401);
      expect(await getOrder(cast.otherBuyer, order.id).then((r) => r.body)).not.toContain(sellerPhoneOfListedPhones);
    });

    it('answers 404 for an unknown, malformed or cancelled order, never 500', async () => {
      const cancelled = await insertOrder(t.app.db, {
        productId: (await listPhone(t, cast.seller)).id,
        buyerId: cast.buyer.id,
        status: 'cancelled',
      });
      for (const id of [unknownId, 'nope', '%27%3B--', 'x'.repeat(64), cancelled.id]) {
        expectError(await getOrder(cast.buyer, id), 404, { code: 'not_found', message: buyingMessages.orderNotFound });
      }
    });
  });

  describe('DELETE /api/orders/:id', () => {
    it('the buyer removes an unpaid order: it is cancelled, kept, audited, and gone from My Orders', async () => {
      const phone = await listPhone(t, cast.seller);
      const order = await bookPhone(t, cast.buyer, phone.id);
      const response = await deleteOrder(cast.buyer, order.id);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await orderRow(t.app.db, order.id)).toMatchObject({ status: 'cancelled', priceCents: order.priceCents });
      expect((await myOrders(cast.buyer)).items.map((o) => o.id)).not.toContain(order.id);
      expect((await getOrder(cast.buyer, order.id)).statusCode).toBe(404);
      const audit = await auditOf(t.app.db, order.id);
      expect(audit).toEqual([
        expect.objectContaining({
          actorId: cast.buyer.id,
          action: 'order.cancelled',
          subjectType: 'order',
          detail: { by: 'buyer', productId: phone.id, priceCents: order.priceCents },
        }),
      ]);
      // The phone itself is untouched.
      expect((await productRow(t.app.db, phone.id)).status).toBe('available');
      // Removed is removed: a second delete finds nothing.
      expectError(await deleteOrder(cast.buyer, order.id), 404, {
        code: 'not_found',
        message: buyingMessages.orderNotFound,
      });
    });

    it('refuses to remove a paid order', async () => {
      const phone = await listPhone(t, cast.seller);
      const paid = await sellDirectly(t, phone.id, cast.buyer);
      expectError(await deleteOrder(cast.buyer, paid.id), 409, {
        code: 'conflict',
        message: buyingMessages.paidOrderCannotBeRemoved,
      });
      expect((await orderRow(t.app.db, paid.id)).status).toBe('paid');
    });

    it('another buyer gets 404, the seller and an admin 403, anonymous 401, and the order stays', async () => {
      const order = await bookPhone(t, cast.buyer, (await listPhone(t, cast.seller)).id);
      expectError(await deleteOrder(cast.otherBuyer, order.id), 404, {
        code: 'not_found',
        message: buyingMessages.orderNotFound,
      });
      expect((await deleteOrder(cast.seller, order.id)).statusCode).toBe(403);
      expect((await deleteOrder(cast.admin, order.id)).statusCode).toBe(403);
      expect((await deleteOrder(null, order.id)).statusCode).toBe(401);
      expect((await orderRow(t.app.db, order.id)).status).toBe('booked');
      expect(await auditOf(t.app.db, order.id)).toEqual([]);
      for (const id of [unknownId, 'nope', '%27%3B--'])
        expect((await deleteOrder(cast.buyer, id)).statusCode).toBe(404);
    });
  });

  describe('GET /api/me/sales', () => {
    it('shows the seller the booked and paid orders on their own phones, with who booked them', async () => {
      const me = await callerWithRole(t, 'seller');
      const buyerOne = await callerWithRole(t, 'user', { name: 'Ann Buyer', email: 'ann.buyer@recell.test' });
      const available = await listPhone(t, me, { name: 'For sale' });
      const sold = await listPhone(t, me, { name: 'Sold one' });
      const removed = await listPhone(t, me, { name: 'Removed one' });
      const notMine = await listPhone(t, cast.seller, { name: 'Not mine' });
      const booked = await insertOrder(t.app.db, {
        productId: available.id,
        buyerId: buyerOne.id,
        phone: '6175550192',
        location: 'Boston, MA',
        priceCents: 45_000,
        createdAt: new Date('2026-05-01T10:00:00Z'),
      });
      await insertOrder(t.app.db, {
        productId: available.id,
        buyerId: cast.otherBuyer.id,
        status: 'cancelled',
        createdAt: new Date('2026-05-02T10:00:00Z'),
      });
      const paid = await insertOrder(t.app.db, {
        productId: sold.id,
        buyerId: cast.otherBuyer.id,
        status: 'paid',
        transactionId: 'pi_sale',
        paidAt: new Date('2026-05-03T11:00:00Z'),
        createdAt: new Date('2026-05-03T10:00:00Z'),
      });
      await t.app.db.update(products).set({ status: 'sold' }).where(eq(products.id, sold.id));
      const onRemoved = await insertOrder(t.app.db, {
        productId: removed.id,
        buyerId: buyerOne.id,
        createdAt: new Date('2026-05-04T10:00:00Z'),
      });
      await t.app.db.update(products).set({ status: 'removed' }).where(eq(products.id, removed.id));
      await insertOrder(t.app.db, { productId: notMine.id, buyerId: buyerOne.id });

      const page = await mySales(me);
      expect(page.nextCursor).toBeNull();
      expect(page.items.map((s) => [s.id, s.status, s.product.name, s.product.status])).toEqual([
        [onRemoved.id, 'booked', 'Removed one', 'removed'],
        [paid.id, 'paid', 'Sold one', 'sold'],
        [booked.id, 'booked', 'For sale', 'available'],
      ]);
      expect(page.items[2]).toEqual({
        id: booked.id,
        status: 'booked',
        priceCents: 45_000,
        createdAt: '2026-05-01T10:00:00.000Z',
        paidAt: null,
        // Progress starts once the order is paid.
        progress: null,
        handover: null,
        handedOverAt: null,
        trackingNote: null,
        completedAt: null,
        refundedAt: null,
        problem: null,
        product: expect.objectContaining({ id: available.id, name: 'For sale' }),
        buyer: {
          id: buyerOne.id,
          name: 'Ann Buyer',
          email: 'ann.buyer@recell.test',
          phone: '6175550192',
          location: 'Boston, MA',
        },
        // A meeting: no address to ship to.
        delivery: 'meeting',
        shipTo: null,
        rating: null,
      });
      expect(page.items[1]!.paidAt).toBe('2026-05-03T11:00:00.000Z');
      expect(page.items[1]!.progress).toBe('awaiting_handover');
      // Another seller sees none of them.
      expect((await mySales(cast.otherSeller)).items.map((s) => s.id)).not.toEqual(expect.arrayContaining([booked.id]));
      expect(await mySales(await callerWithRole(t, 'seller'))).toEqual({ items: [], nextCursor: null });
    });

    it('pages with a cursor', async () => {
      const me = await callerWithRole(t, 'seller');
      const at = new Date('2026-06-01T00:00:00Z');
      for (let i = 0; i < 3; i++) {
        await insertOrder(t.app.db, { productId: (await listPhone(t, me)).id, buyerId: cast.buyer.id, createdAt: at });
      }
      const first = await mySales(me, 'limit=2');
      expect(first.items).toHaveLength(2);
      const second = await mySales(me, `limit=2&cursor=${first.nextCursor}`);
      expect(second).toMatchObject({ nextCursor: null });
      expect(new Set([...first.items, ...second.items].map((s) => s.id)).size).toBe(3);
      expect((await t.app.inject({ url: '/api/me/sales?cursor=%%%', headers: me.headers })).statusCode).toBe(400);
    });

    it('is for sellers only', async () => {
      expect((await t.app.inject('/api/me/sales')).statusCode).toBe(401);
      for (const caller of [cast.buyer, cast.admin]) {
        expect((await t.app.inject({ url: '/api/me/sales', headers: caller.headers })).statusCode).toBe(403);
      }
    });
  });

  describe('the seller’s phone number', () => {
    it('reaches no buyer, not even the one who booked (the meeting is arranged in the order’s messages), nor any public answer', async () => {
      const privateNumber = '7185550111';
      const phone = await listPhone(t, cast.seller, {
        name: 'Private number',
        categoryId: '3',
        sellerPhone: privateNumber,
      });
      await advertise(t.app.db, phone.id);
      const publicAnswers = [
        await t.app.inject(`/api/products/${phone.id}`),
        await t.app.inject('/api/categories/3/products?limit=100'),
        await t.app.inject('/api/advertised?limit=100'),
        await t.app.inject({ url: '/api/me/products?limit=100', headers: cast.seller.headers }),
      ];
      expect(ProductPageSchema.parse(publicAnswers[1]!.json()).items.map((p) => p.id)).toContain(phone.id);
      expect(MyProductPageSchema.parse(publicAnswers[3]!.json()).items.map((p) => p.id)).toContain(phone.id);
      for (const response of publicAnswers) {
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain(privateNumber);
      }
      // Before booking, the buyer's own lists do not have it either.
      expect(JSON.stringify(await myOrders(cast.buyer))).not.toContain(privateNumber);

      const booking = await postBooking(t, cast.buyer, bookingFor(phone.id));
      expect(booking.statusCode, booking.body).toBe(201);
      expect(booking.body).not.toContain(privateNumber);
      const order = OrderSchema.parse(booking.json());
      expect(order.seller).toEqual({
        id: cast.seller.id,
        name: 'Marcus Bennett',
        email: expect.any(String),
        isVerified: true,
      });
      expect((await getOrder(cast.buyer, order.id)).body).not.toContain(privateNumber);
      const details = await t.app.inject({ url: `/api/orders/${order.id}/details`, headers: cast.buyer.headers });
      expect(details.statusCode, details.body).toBe(200);
      expect(details.body).not.toContain(privateNumber);
      expect(JSON.stringify(await myOrders(cast.buyer))).not.toContain(privateNumber);
      expect(JSON.stringify(await myOrders(cast.otherBuyer))).not.toContain(privateNumber);
      expect((await t.app.inject(`/api/products/${phone.id}`)).body).not.toContain(privateNumber);
      // The advertisement is still there: booking changes nothing public.
      expect(await advertisementsOf(t.app.db, phone.id)).toHaveLength(1);
    });
  });
});
