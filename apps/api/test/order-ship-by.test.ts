/**
 * A shipped order's deadline (docs/decisions/0075): paid with `ship_by` SHIP_BY_BUSINESS_DAYS
 * business days later; the seller reminded once before it; after it, with no carrier scan, the
 * order cancelled and refunded in full through the refund engine (the ledger balanced), its unused
 * label refunded at the carrier, both parties told, once however many job runs race; a parcel the
 * carrier scanned in time is never cancelled; the admins' Missed drop-offs list.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  addBusinessDays,
  AdminMissedDropOffPageSchema,
  OrderDetailsSchema,
  ShippingRatesSchema,
  shipByAuditActions,
} from '@recell/contract';
import { createShipping } from '../src/adapters/shipping/index.ts';
import { auditLog, ledgerEntries, notifications, orderProblems, orders, payments } from '../src/db/schema.ts';
import { progressOrdersJob } from '../src/jobs/progress-orders.job.ts';
import { jobDepsOfApp } from '../src/jobs/job-deps.ts';
import type { JobDeps } from '../src/jobs/job.ts';
import { runJob } from '../src/jobs/jobs.ts';
import { headersOf, useCast, type Caller } from './support/accounts.ts';
import { addAddress, addressFormFor } from './support/addresses.ts';
import { expectError, forbidden, useTestApp } from './support/api.ts';
import { orderRow, paidOrder } from './support/order-progress.ts';
import type { TestApp } from './helpers.ts';

const hour = 3_600_000;

const post = (t: TestApp, caller: Caller, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: headersOf(caller), ...(payload ? { payload } : {}) });

describe('the seller ships within SHIP_BY_BUSINESS_DAYS', () => {
  const t = useTestApp();
  const cast = useCast(t);

  /** One run of progress-orders at `now`, with the carrier's clock at `carrierNow` (its parcels move on it). */
  const runAt = (now: Date, carrierNow: Date = new Date()) => {
    const deps: JobDeps = {
      ...jobDepsOfApp(t.app),
      now: () => now,
      shipping: createShipping(t.config.shipping, t.app.db, () => carrierNow),
    };
    return runJob(progressOrdersJob, deps, { signal: new AbortController().signal });
  };

  let shipFromChosen = false;
  const chooseShipFrom = async () => {
    if (shipFromChosen) return;
    const address = await addAddress(t, cast.seller, { name: 'Marcus Bennett', line1: '1 main street' });
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/me/ship-from-address',
      headers: headersOf(cast.seller),
      payload: { addressId: address.id },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    shipFromChosen = true;
  };

  /** A paid order of the seller's phone booked with shipping, through the real sale. */
  const paidShippingOrder = async () => {
    const verification = await t.app.shipping.verifyAddress(addressFormFor());
    if (!verification.verified) throw new Error(verification.reason);
    const { order, paymentIntentId } = await paidOrder(t, cast.seller, cast.buyer, {
      deliveryMethod: 'shipping',
      shipTo: verification.address,
      phone: '',
      location: '',
    });
    return { ...(await orderRow(t, order.id)), paymentIntentId };
  };

  /** The seller buys the cheapest label; answers when the carrier sold it (its parcel moves from then). */
  const buyLabel = async (orderId: string) => {
    await chooseShipFrom();
    const rates = await post(t, cast.seller, `/api/orders/${orderId}/shipping/rates`);
    expect(rates.statusCode, rates.body).toBe(200);
    const [rate] = ShippingRatesSchema.parse(rates.json()).rates;
    const bought = await post(t, cast.seller, `/api/orders/${orderId}/shipping/label`, { rateId: rate!.id });
    expect(bought.statusCode, bought.body).toBe(200);
    return new Date();
  };

  /** Moves the order's payment and deadline to these times (the sale records the real time). */
  const setTimes = (orderId: string, paidAt: Date, shipBy: Date) =>
    t.app.db.update(orders).set({ paidAt, shipBy }).where(eq(orders.id, orderId));

  const noticesOf = (userId: string, kind: string, orderId: string) =>
    t.app.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, kind),
          eq(notifications.link, `/dashboard/orders/${orderId}`),
        ),
      );
  const auditActionsOf = async (subjectIds: string[]) =>
    (await t.app.db.select().from(auditLog).where(inArray(auditLog.subjectId, subjectIds))).map((row) => row.action);
  const detailsOf = async (orderId: string, caller: Caller) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/details`,
      headers: headersOf(caller),
    });
    expect(response.statusCode, response.body).toBe(200);
    return OrderDetailsSchema.parse(response.json());
  };

  it('gives an order booked with shipping its deadline at payment, N business days on; a meeting none', async () => {
    const shipped = await paidShippingOrder();
    expect(shipped.paidAt).not.toBeNull();
    expect(shipped.shipBy?.toISOString()).toBe(addBusinessDays(shipped.paidAt!, 2).toISOString());
    const { order: meeting } = await paidOrder(t, cast.seller, cast.buyer);
    expect((await orderRow(t, meeting.id)).shipBy).toBeNull();

    // Both parties read it on the order's page while the parcel is not with the carrier.
    for (const caller of [cast.seller, cast.buyer])
      expect((await detailsOf(shipped.id, caller)).shipBy).toBe(shipped.shipBy!.toISOString());
    expect((await detailsOf(meeting.id, cast.buyer)).shipBy).toBeNull();
  });

  it('over a weekend: paid on Friday, due on Tuesday; reminded once, 24 hours before; cancelled only after it', async () => {
    const { id } = await paidShippingOrder();
    const paidAt = new Date('2026-11-27T15:00:00Z'); // a Friday
    const shipBy = addBusinessDays(paidAt, 2);
    expect(shipBy.toISOString()).toBe('2026-12-01T15:00:00.000Z'); // the Tuesday
    await setTimes(id, paidAt, shipBy);

    // Sunday, halfway: no reminder yet (24 hours before is later).
    await runAt(new Date('2026-11-29T16:00:00Z'));
    expect(await noticesOf(cast.seller.id, 'ship_by_reminder', id)).toHaveLength(0);
    // Monday, 24 hours before: reminded, once however often the job runs, and two runs at once.
    const monday = new Date('2026-11-30T15:01:00Z');
    await Promise.all([runAt(monday), runAt(monday)]);
    await runAt(new Date('2026-11-30T20:00:00Z'));
    const reminders = await noticesOf(cast.seller.id, 'ship_by_reminder', id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.title).toContain('Tue, Dec 1, 15:00 UTC');
    expect((await orderRow(t, id)).shipByRemindedAt?.toISOString()).toBe(monday.toISOString());
    expect((await auditActionsOf([id])).filter((action) => action === shipByAuditActions.reminded)).toHaveLength(1);

    // A minute before the deadline it stands; a minute after, it is cancelled and refunded.
    await runAt(new Date('2026-12-01T14:59:00Z'));
    expect((await orderRow(t, id)).missedDropOffAt).toBeNull();
    await runAt(new Date('2026-12-01T15:01:00Z'));
    const row = await orderRow(t, id);
    expect(row.missedDropOffAt).not.toBeNull();
    expect(row.refundedAt).not.toBeNull();
  });

  it('with 1 business day, reminds halfway to the deadline, not at the payment', async () => {
    const { id } = await paidShippingOrder();
    const paidAt = new Date('2026-11-23T10:00:00Z'); // a Monday
    await setTimes(id, paidAt, addBusinessDays(paidAt, 1));
    await runAt(new Date('2026-11-23T21:00:00Z'));
    expect(await noticesOf(cast.seller.id, 'ship_by_reminder', id)).toHaveLength(0);
    await runAt(new Date('2026-11-23T22:30:00Z'));
    expect(await noticesOf(cast.seller.id, 'ship_by_reminder', id)).toHaveLength(1);
  });

  it('cancels a label bought but never dropped off: buyer refunded in full, ledger balanced, label refunded, both told', async () => {
    const order = await paidShippingOrder();
    const boughtAt = await buyLabel(order.id);
    expect((await orderRow(t, order.id)).progress).toBe('shipped');
    const after = new Date(order.shipBy!.getTime() + hour);
    // The carrier's clock stays at the purchase: the parcel was never scanned.
    await runAt(after, boughtAt);

    const row = await orderRow(t, order.id);
    expect(row.missedDropOffAt?.toISOString()).toBe(after.toISOString());
    expect(row.refundedAt).not.toBeNull();
    expect(row.labelRefundedAt).not.toBeNull();
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment?.status).toBe('refunded');
    const [problem] = await t.app.db.select().from(orderProblems).where(eq(orderProblems.orderId, order.id));
    expect(problem).toMatchObject({ status: 'refunded', reporterId: cast.buyer.id, resolvedBy: null });
    expect(problem!.reason).toContain('The seller did not ship by');

    // The sale's money all went back: each account of the order sums to zero.
    const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
    expect(entries.some((entry) => entry.movement === 'refund')).toBe(true);
    for (const account of new Set(entries.map((entry) => entry.account)))
      expect(
        entries.filter((entry) => entry.account === account).reduce((sum, entry) => sum + entry.amountCents, 0),
      ).toBe(0);

    // The label can no longer be printed: the carrier refunded it.
    await expect(t.app.shipping.labelPdf(row.shipmentId!)).rejects.toThrow(/refunded/);
    expect(await noticesOf(cast.buyer.id, 'missed_drop_off', order.id)).toHaveLength(1);
    expect(await noticesOf(cast.seller.id, 'missed_drop_off', order.id)).toHaveLength(1);
    expect(await auditActionsOf([order.id])).toEqual(expect.arrayContaining([shipByAuditActions.missedDropOff]));
    // Both parties read that it was cancelled; nothing moves it on any more.
    const details = await detailsOf(order.id, cast.seller);
    expect(details.missedDropOffAt).toBe(after.toISOString());
    expect(details.payment).toBe('refunded');
  });

  it('never cancels a parcel the carrier scanned in time, even when its scan reaches us after the deadline', async () => {
    const order = await paidShippingOrder();
    const boughtAt = await buyLabel(order.id);
    // The carrier moved it to in transit one step (120 s) after the purchase; no event came: the job asks first.
    const scanned = new Date(boughtAt.getTime() + 150_000);
    await runAt(new Date(order.shipBy!.getTime() + hour), scanned);
    const row = await orderRow(t, order.id);
    expect(row.progress).toBe('in_transit');
    expect(row.missedDropOffAt).toBeNull();
    expect(row.refundedAt).toBeNull();
    expect((await detailsOf(order.id, cast.buyer)).shipBy).toBeNull();
  });

  it('cancels once when two runs race: one refund at the processor, one report, one notice each', async () => {
    const order = await paidShippingOrder();
    const refund = vi.spyOn(t.app.cardProcessor, 'refund');
    try {
      const after = new Date(order.shipBy!.getTime() + hour);
      await Promise.all([runAt(after), runAt(after), runAt(after)]);
      expect(refund.mock.calls.filter(([intentId]) => intentId === order.paymentIntentId)).toHaveLength(1);
    } finally {
      refund.mockRestore();
    }
    const problems = await t.app.db.select().from(orderProblems).where(eq(orderProblems.orderId, order.id));
    expect(problems.map((problem) => problem.status)).toEqual(['refunded']);
    expect(await noticesOf(cast.buyer.id, 'missed_drop_off', order.id)).toHaveLength(1);
    expect(await noticesOf(cast.seller.id, 'missed_drop_off', order.id)).toHaveLength(1);
    // No label was bought: none to refund.
    expect((await orderRow(t, order.id)).labelRefundedAt).toBeNull();
  });

  it('leaves an order with a buyer’s undecided problem report to the admins', async () => {
    const order = await paidShippingOrder();
    const boughtAt = await buyLabel(order.id);
    const reported = await post(t, cast.buyer, `/api/orders/${order.id}/problems`, {
      reason: 'The seller stopped answering my messages.',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    await runAt(new Date(order.shipBy!.getTime() + hour), boughtAt);
    expect((await orderRow(t, order.id)).missedDropOffAt).toBeNull();
  });

  it('lists missed drop-offs for admins, newest first, with the seller’s count; others are refused', async () => {
    const order = await paidShippingOrder();
    await runAt(new Date(order.shipBy!.getTime() + 2 * hour));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/missed-drop-offs?limit=50',
      headers: headersOf(cast.admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = AdminMissedDropOffPageSchema.parse(response.json());
    const item = page.items.find((entry) => entry.orderId === order.id);
    expect(item).toMatchObject({
      seller: { id: cast.seller.id },
      buyer: { id: cast.buyer.id },
      shipBy: order.shipBy!.toISOString(),
      isLabelBought: false,
      isLabelRefunded: false,
      refund: 'refunded',
    });
    // Every order of this file is the seller's: each one missed counts.
    const missedOfSeller = await t.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(isNotNull(orders.missedDropOffAt));
    expect(item!.seller.missedDropOffs).toBe(missedOfSeller.length);
    const times = page.items.map((entry) => entry.missedAt);
    expect([...times].sort().reverse()).toEqual(times);

    for (const caller of [cast.buyer, cast.seller])
      expectError(
        await t.app.inject({ method: 'GET', url: '/api/admin/missed-drop-offs', headers: headersOf(caller) }),
        403,
        forbidden,
      );
  });
});
