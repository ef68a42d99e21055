/**
 * An order's page (GET /api/orders/:id/details): its buyer and its phone's seller each get the
 * phone, the price, every step with its date, the next step and whose it is, what they may do now
 * and the problem window; anyone else the 404 of an unknown order (an admin only while a problem
 * report is undecided, without the parties' contact details); anonymous callers a 401.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buyingMessages,
  orderProgressLimits,
  OrderDetailsSchema,
  type OrderDetails,
  type OrderTimelineKind,
} from '@recell/contract';
import { notifications, orders, outboxEmails, products } from '../src/db/schema.ts';
import { advertise, insertOrder, insertProduct } from './fixtures.ts';
import { headersOf, type Caller } from './support/accounts.ts';
import { expectError, unauthorized, unknownId, useTestApp } from './support/api.ts';
import { useCast } from './support/accounts.ts';
import { handOver, paidOrder } from './support/order-progress.ts';
import { bookOrder } from './support/payments.ts';

const notFoundOrder = { code: 'not_found', message: buyingMessages.orderNotFound };

describe('an order’s page', () => {
  const t = useTestApp();
  const cast = useCast(t);

  const detailsOf = (caller: Caller | null, orderId: string) =>
    t.app.inject({ url: `/api/orders/${orderId}/details`, headers: headersOf(caller) });
  const details = async (caller: Caller, orderId: string): Promise<OrderDetails> => {
    const response = await detailsOf(caller, orderId);
    expect(response.statusCode, response.body).toBe(200);
    return OrderDetailsSchema.parse(response.json());
  };
  const post = (caller: Caller, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: caller.headers, ...(payload ? { payload } : {}) });
  const kindsOf = (page: OrderDetails): OrderTimelineKind[] => page.timeline.map((entry) => entry.kind);

  /** A booked, payable order of the buyer's on a fresh phone of the seller's. */
  const bookedOrder = async () => {
    const product = await insertProduct(t.app.db, cast.seller.id, { name: 'Galaxy S22 Ultra' });
    await advertise(t.app.db, product.id);
    const order = await bookOrder(t, cast.buyer, product, { phone: '7735550142', location: 'Central Library' });
    return { product, order };
  };

  it('gives the buyer the phone, the price, the booking and their next step: pay', async () => {
    const { product, order } = await bookedOrder();
    const page = await details(cast.buyer, order.id);
    // The seller's phone number is not on the buyer's page: the meeting is arranged in the messages.
    expect(JSON.stringify(page)).not.toContain(product.sellerPhone);
    expect(page).toMatchObject({
      id: order.id,
      status: 'booked',
      myPart: 'buyer',
      priceCents: order.priceCents,
      payment: 'unpaid',
      progress: null,
      handover: null,
      product: { id: product.id, name: 'Galaxy S22 Ultra', imageUrl: product.imageUrl, status: 'available' },
      seller: { id: cast.seller.id, name: 'Marcus Bennett', isVerified: true },
      buyer: { name: 'Daniel Kim', phone: '7735550142' },
      meetingLocation: 'Central Library',
      nextStep: { step: 'pay', by: 'buyer' },
      problemWindowEndsAt: null,
      can: {
        pay: true,
        cancel: true,
        markHandedOver: false,
        confirmReceipt: false,
        reportProblem: false,
        rate: false,
        reply: false,
      },
      rating: null,
    });
    expect(page.seller.email).toContain('@');
    expect(page.timeline).toEqual([{ kind: 'booked', at: page.createdAt }]);
  });

  it('gives the seller the same order from their side: the buyer’s contact, and whom they wait for', async () => {
    const { order } = await bookedOrder();
    const page = await details(cast.seller, order.id);
    expect(page).toMatchObject({
      myPart: 'seller',
      buyer: { name: 'Daniel Kim', phone: '7735550142' },
      nextStep: { step: 'pay', by: 'buyer' },
      can: { pay: false, cancel: false, markHandedOver: false },
    });
    expect(page.buyer.email).toContain('@');
  });

  it('answers anyone else with the 404 of an unknown order, and anonymous callers with a 401', async () => {
    const { order } = await bookedOrder();
    const unknown = await detailsOf(cast.otherBuyer, unknownId);
    expectError(unknown, 404, notFoundOrder);
    for (const stranger of [cast.otherBuyer, cast.otherSeller, cast.admin]) {
      const response = await detailsOf(stranger, order.id);
      expectError(response, 404, notFoundOrder);
      // Nothing tells another's order from one that does not exist.
      expect(response.body).toBe(unknown.body);
    }
    expectError(await detailsOf(cast.buyer, 'not-an-id'), 404, notFoundOrder);
    expectError(await detailsOf(null, order.id), 401, unauthorized);
  });

  it('follows a shipped order to the end: each step dated, still "shipped" once received, then rated', async () => {
    const { order } = await paidOrder(t, cast.seller, cast.buyer);
    let page = await details(cast.seller, order.id);
    expect(page).toMatchObject({
      status: 'paid',
      payment: 'paid',
      progress: 'awaiting_handover',
      handover: null,
      nextStep: { step: 'hand_over', by: 'seller' },
      can: { markHandedOver: true },
    });
    expect(kindsOf(page)).toEqual(['booked', 'paid']);
    expect((await details(cast.buyer, order.id)).can).toMatchObject({
      pay: false,
      cancel: false,
      confirmReceipt: false,
    });

    const shipped = await post(cast.seller, `/api/orders/${order.id}/shipped`, { trackingNote: 'DHL 123' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    page = await details(cast.buyer, order.id);
    expect(page).toMatchObject({
      progress: 'shipped',
      handover: 'shipped',
      trackingNote: 'DHL 123',
      nextStep: { step: 'confirm_receipt', by: 'buyer' },
      can: { confirmReceipt: true, reportProblem: true },
    });
    const handedOverAt = new Date(page.handedOverAt!).getTime();
    expect(new Date(page.problemWindowEndsAt!).getTime()).toBe(
      handedOverAt + orderProgressLimits.problemWindowHours * 3_600_000,
    );
    expect(kindsOf(page)).toEqual(['booked', 'paid', 'shipped']);
    expect((await details(cast.seller, order.id)).can.markHandedOver).toBe(false);

    expect((await post(cast.buyer, `/api/orders/${order.id}/receipt`)).statusCode).toBe(200);
    page = await details(cast.buyer, order.id);
    // Completed, and the step keeps its name: shipped, not "handed over".
    expect(page).toMatchObject({
      progress: 'completed',
      handover: 'shipped',
      nextStep: { step: 'rate', by: 'buyer' },
      can: { confirmReceipt: false, rate: true },
    });
    expect(kindsOf(page)).toEqual(['booked', 'paid', 'shipped', 'completed']);
    expect((await details(cast.seller, order.id)).nextStep).toEqual({ step: 'rate', by: 'buyer' });

    expect((await post(cast.buyer, `/api/orders/${order.id}/rating`, { stars: 5 })).statusCode).toBe(201);
    expect((await details(cast.seller, order.id)).can.reply).toBe(true);
    expect((await post(cast.seller, `/api/orders/${order.id}/rating/reply`, { reply: 'Thanks!' })).statusCode).toBe(
      200,
    );
    page = await details(cast.buyer, order.id);
    expect(page).toMatchObject({ nextStep: { step: 'none', by: null }, rating: { stars: 5, reply: 'Thanks!' } });
    expect(page.can).toMatchObject({ rate: false, reply: false });
    expect(kindsOf(page)).toEqual(['booked', 'paid', 'shipped', 'completed', 'rated', 'rating_replied']);
    const times = page.timeline.map((entry) => new Date(entry.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('names a hand-over at a meeting "handed_over", and stops offering a problem report after the window', async () => {
    const { order } = await paidOrder(t, cast.seller, cast.buyer);
    const threeDaysAgo = new Date(Date.now() - 72 * 3_600_000);
    await t.app.db.update(orders).set({ createdAt: threeDaysAgo, paidAt: threeDaysAgo }).where(eq(orders.id, order.id));
    await handOver(t, order.id, new Date(Date.now() - (orderProgressLimits.problemWindowHours + 1) * 3_600_000));
    const page = await details(cast.buyer, order.id);
    expect(page).toMatchObject({ handover: 'handed_over', can: { confirmReceipt: true, reportProblem: false } });
    expect(new Date(page.problemWindowEndsAt!).getTime()).toBeLessThan(Date.now());
    expect(kindsOf(page)).toEqual(['booked', 'paid', 'handed_over']);
  });

  it('after a problem report an admin decides: the admin may read the page meanwhile; a refund shows as such', async () => {
    const { order } = await paidOrder(t, cast.seller, cast.buyer);
    await handOver(t, order.id);
    const reported = await post(cast.buyer, `/api/orders/${order.id}/problems`, { reason: 'The screen is cracked.' });
    expect(reported.statusCode, reported.body).toBe(201);

    let page = await details(cast.buyer, order.id);
    expect(page).toMatchObject({
      nextStep: { step: 'decide_problem', by: 'admin' },
      problem: { status: 'open', reason: 'The screen is cracked.' },
      can: { confirmReceipt: false, reportProblem: false },
    });
    expect(kindsOf(page)).toEqual(['booked', 'paid', 'handed_over', 'problem_reported']);

    // The admin reads it while the report is undecided, without the parties' phone numbers and emails.
    const asAdmin = await details(cast.admin, order.id);
    expect(asAdmin).toMatchObject({
      myPart: null,
      seller: { email: null },
      buyer: { phone: null, email: null },
    });
    expect(Object.values(asAdmin.can).every((can) => !can)).toBe(true);
    expectError(await detailsOf(cast.otherBuyer, order.id), 404, notFoundOrder);

    const problemId = page.problem!.id;
    const refunded = await post(cast.admin, `/api/admin/order-problems/${problemId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    page = await details(cast.buyer, order.id);
    expect(page).toMatchObject({
      status: 'paid',
      payment: 'refunded',
      nextStep: { step: 'none', by: null },
      problem: { status: 'refunded' },
      can: { confirmReceipt: false, reportProblem: false, rate: false },
    });
    expect(page.refundedAt).not.toBeNull();
    expect(kindsOf(page)).toEqual(['booked', 'paid', 'handed_over', 'problem_reported', 'refunded']);
    expect((await details(cast.seller, order.id)).payment).toBe('refunded');
    // Decided: the order is the parties' own again.
    expectError(await detailsOf(cast.admin, order.id), 404, notFoundOrder);
  });

  it('shows a closed problem report on the timeline, and the order moves on', async () => {
    const { order } = await paidOrder(t, cast.seller, cast.buyer);
    await handOver(t, order.id);
    const reported = await post(cast.buyer, `/api/orders/${order.id}/problems`, { reason: 'Battery drains fast.' });
    expect(reported.statusCode).toBe(201);
    const problemId = (await details(cast.buyer, order.id)).problem!.id;
    expect((await post(cast.admin, `/api/admin/order-problems/${problemId}/close`)).statusCode).toBe(200);
    const page = await details(cast.buyer, order.id);
    expect(page).toMatchObject({
      payment: 'paid',
      nextStep: { step: 'confirm_receipt', by: 'buyer' },
      can: { confirmReceipt: true },
    });
    expect(kindsOf(page)).toEqual(['booked', 'paid', 'handed_over', 'problem_reported', 'problem_closed']);
  });

  it('keeps a cancelled order readable to its parties, with nothing left to do', async () => {
    const product = await insertProduct(t.app.db, cast.seller.id);
    const order = await insertOrder(t.app.db, { productId: product.id, buyerId: cast.buyer.id, status: 'cancelled' });
    for (const party of [cast.buyer, cast.seller]) {
      const page = await details(party, order.id);
      expect(page).toMatchObject({ status: 'cancelled', payment: 'unpaid', nextStep: { step: 'none', by: null } });
      expect(Object.values(page.can).every((can) => !can)).toBe(true);
    }
  });

  it('does not offer Pay for a phone sold to someone else', async () => {
    const { product, order } = await bookedOrder();
    await t.app.db.update(products).set({ status: 'sold' }).where(eq(products.id, product.id));
    const page = await details(cast.buyer, order.id);
    expect(page).toMatchObject({
      product: { status: 'sold' },
      nextStep: { step: 'none', by: null },
      can: { pay: false, cancel: true },
    });
  });

  it('is where every notification and email about the order leads, for both parties', async () => {
    const { order } = await paidOrder(t, cast.seller, cast.buyer);
    expect((await post(cast.seller, `/api/orders/${order.id}/handed-over`)).statusCode).toBe(200);
    const reported = await post(cast.buyer, `/api/orders/${order.id}/problems`, { reason: 'Scratched screen.' });
    const problemId = (reported.json() as { problem: { id: string } }).problem.id;
    expect((await post(cast.admin, `/api/admin/order-problems/${problemId}/close`)).statusCode).toBe(200);
    expect((await post(cast.buyer, `/api/orders/${order.id}/receipt`)).statusCode).toBe(200);

    const link = `/dashboard/orders/${order.id}`;
    const notices = await t.app.db
      .select({ userId: notifications.userId, kind: notifications.kind, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.link, link));
    const told = (userId: string) =>
      notices
        .filter((notice) => notice.userId === userId)
        .map((notice) => notice.kind)
        .sort();
    expect(told(cast.buyer.id)).toEqual(['order_handed_over', 'order_paid', 'problem_outcome']);
    // (The test books the order in the database, so there is no booking notice.)
    expect(told(cast.seller.id)).toEqual(['order_completed', 'order_paid', 'problem_outcome']);
    const emails = await t.app.db.select({ text: outboxEmails.textBody }).from(outboxEmails);
    expect(emails.filter((email) => email.text.includes(`${t.app.config.publicUrl}${link}`)).length).toBeGreaterThan(0);
  });
});
