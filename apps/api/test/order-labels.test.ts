/**
 * The seller buys a shipping label for a paid order booked with shipping (docs/decisions/0073):
 * the carrier's rates from the seller's ship-from address to the buyer's, one label per order
 * (a repeat or a retry buys nothing twice), the order shipped and following its parcel to the
 * delivery, where the buyer's problem window starts; the label's PDF for the seller alone.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  OrderDetailsSchema,
  orderProgressAuditActions,
  orderProgressLimits,
  orderProgressMessages,
  orderShippingMessages,
  SaleSchema,
  ShippingRatesSchema,
} from '@recell/contract';
import { createShipping } from '../src/adapters/shipping/index.ts';
import { auditLog, notifications, orders } from '../src/db/schema.ts';
import { pollStaleParcels } from '../src/modules/orders/index.ts';
import { headersOf, useCast, type Caller } from './support/accounts.ts';
import { chooseShipFrom, verifiedShipTo } from './support/addresses.ts';
import { expectError, forbidden, useTestApp } from './support/api.ts';
import { orderRow, paidOrder } from './support/order-progress.ts';
import type { TestApp } from './helpers.ts';

const hour = 3_600_000;
const day = 24 * hour;

const post = (t: TestApp, caller: Caller | null, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...headersOf(caller), ...headers }, ...(payload ? { payload } : {}) });

const notFoundOrder = { code: 'not_found', message: orderProgressMessages.orderNotFound };
const conflictOf = (message: string) => ({ code: 'conflict', message });

describe('a shipping label for a paid order', () => {
  const t = useTestApp();
  const cast = useCast(t);

  /** The seller's ship-from address, chosen through the API (once). */
  let shipFromChosen = false;
  const shipFromOnce = async () => {
    if (shipFromChosen) return;
    await chooseShipFrom(t, cast.seller, { name: 'Marcus Bennett', line1: '1 main street' });
    shipFromChosen = true;
  };

  /** A paid order of the seller's phone, booked by the buyer with shipping to a verified address. */
  const paidShippingOrder = async () => {
    const { order } = await paidOrder(t, cast.seller, cast.buyer, {
      deliveryMethod: 'shipping',
      shipTo: await verifiedShipTo(t),
      phone: '',
      location: '',
    });
    return order;
  };

  const ratesOf = async (orderId: string, caller: Caller = cast.seller) => {
    const response = await post(t, caller, `/api/orders/${orderId}/shipping/rates`);
    expect(response.statusCode, response.body).toBe(200);
    return ShippingRatesSchema.parse(response.json()).rates;
  };
  const buy = (orderId: string, rateId: string, headers: Record<string, string> = {}) =>
    post(t, cast.seller, `/api/orders/${orderId}/shipping/label`, { rateId }, headers);
  const detailsOf = async (orderId: string, caller: Caller) =>
    OrderDetailsSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/details`, headers: headersOf(caller) })).json(),
    );
  const auditActionsOf = async (orderId: string) =>
    (await t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, orderId))).map((row) => row.action);

  it('refuses the rates while the seller has no ship-from address, pointing to the Addresses page', async () => {
    const order = await paidShippingOrder();
    expectError(
      await post(t, cast.seller, `/api/orders/${order.id}/shipping/rates`),
      409,
      conflictOf(orderShippingMessages.noShipFrom),
    );
    expect((await orderRow(t, order.id)).shipmentId).toBeNull();
  });

  it('answers the carrier’s rates and buys one label: the order is shipped and the buyer told', async () => {
    await shipFromOnce();
    const order = await paidShippingOrder();
    expect((await detailsOf(order.id, cast.seller)).can).toMatchObject({ buyLabel: true, markHandedOver: false });

    const rates = await ratesOf(order.id);
    expect(rates.length).toBeGreaterThan(0);
    for (const rate of rates) {
      expect(rate).toMatchObject({ id: expect.any(String), carrier: expect.any(String), service: expect.any(String) });
      expect(rate.amountCents).toBeGreaterThan(0);
    }
    const shipmentId = (await orderRow(t, order.id)).shipmentId;
    expect(shipmentId).toEqual(expect.any(String));
    // Asked again before buying: the new shipment replaces the first.
    const again = await ratesOf(order.id);
    expect((await orderRow(t, order.id)).shipmentId).not.toBe(shipmentId);

    const rate = again[0]!;
    const bought = await buy(order.id, rate.id);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(SaleSchema.parse(bought.json())).toMatchObject({ id: order.id, progress: 'shipped' });

    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({
      progress: 'shipped',
      isShipped: true,
      carrier: rate.carrier,
      labelCostCents: rate.amountCents,
      trackingCode: expect.any(String),
      trackerId: expect.any(String),
    });
    expect(row.handedOverAt).not.toBeNull();
    expect(await auditActionsOf(order.id)).toContain(orderProgressAuditActions.labelBought);
    const notices = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, cast.buyer.id), eq(notifications.kind, 'order_handed_over')));
    expect(notices.some((notice) => notice.body.includes(row.trackingCode!))).toBe(true);

    const details = await detailsOf(order.id, cast.buyer);
    expect(details.parcel).toMatchObject({ carrier: rate.carrier, trackingCode: row.trackingCode });
    expect((await detailsOf(order.id, cast.seller)).can).toMatchObject({ buyLabel: false, printLabel: true });
  });

  it('buys once: a second buy is refused and changes nothing, the same key answers the same', async () => {
    await shipFromOnce();
    const order = await paidShippingOrder();
    const [rate, other] = await ratesOf(order.id);
    const key = { 'idempotency-key': `label-test-${order.id}` };
    const first = await buy(order.id, rate!.id, key);
    expect(first.statusCode, first.body).toBe(200);
    const before = await orderRow(t, order.id);

    const replay = await buy(order.id, rate!.id, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());

    expectError(await buy(order.id, (other ?? rate)!.id), 409, conflictOf(orderShippingMessages.labelAlreadyBought));
    expectError(
      await post(t, cast.seller, `/api/orders/${order.id}/shipping/rates`),
      409,
      conflictOf(orderShippingMessages.labelAlreadyBought),
    );
    expect(await orderRow(t, order.id)).toEqual(before);
    expect((await auditActionsOf(order.id)).filter((a) => a === orderProgressAuditActions.labelBought)).toHaveLength(1);
  });

  it('refuses a rate the carrier does not know in its words, and a buy before any rates', async () => {
    await shipFromOnce();
    const order = await paidShippingOrder();
    expectError(await buy(order.id, 'rate_unknown'), 409, conflictOf(orderShippingMessages.noRates));
    await ratesOf(order.id);
    const refused = await buy(order.id, 'rate_unknown');
    expect(refused.statusCode).toBe(409);
    expect((await orderRow(t, order.id)).progress).toBe('awaiting_handover');
  });

  it('refuses a meeting order, an unpaid or refunded one, and the free-text shipped step of a shipping order', async () => {
    await shipFromOnce();
    const { order: meeting } = await paidOrder(t, cast.seller, cast.buyer);
    expectError(
      await post(t, cast.seller, `/api/orders/${meeting.id}/shipping/rates`),
      409,
      conflictOf(orderShippingMessages.notShipping),
    );
    expectError(await buy(meeting.id, 'rate_x'), 409, conflictOf(orderShippingMessages.notShipping));

    const unpaid = await paidShippingOrder();
    await t.app.db.update(orders).set({ status: 'booked' }).where(eq(orders.id, unpaid.id));
    expectError(
      await post(t, cast.seller, `/api/orders/${unpaid.id}/shipping/rates`),
      409,
      conflictOf(orderProgressMessages.notPaid),
    );

    const refunded = await paidShippingOrder();
    await t.app.db.update(orders).set({ refundedAt: new Date() }).where(eq(orders.id, refunded.id));
    expectError(
      await post(t, cast.seller, `/api/orders/${refunded.id}/shipping/rates`),
      409,
      conflictOf(orderProgressMessages.refunded),
    );

    const shipping = await paidShippingOrder();
    expectError(
      await post(t, cast.seller, `/api/orders/${shipping.id}/shipped`, { trackingNote: 'UPS 1Z' }),
      409,
      conflictOf(orderShippingMessages.shipsWithLabel),
    );
    expectError(
      await post(t, cast.seller, `/api/orders/${shipping.id}/handed-over`),
      409,
      conflictOf(orderShippingMessages.shipsWithLabel),
    );
    expect((await orderRow(t, shipping.id)).progress).toBe('awaiting_handover');
  });

  it('is the order’s seller’s alone: another seller 404, the buyer and an admin 403', async () => {
    await shipFromOnce();
    const order = await paidShippingOrder();
    for (const path of ['rates', 'label']) {
      const url = `/api/orders/${order.id}/shipping/${path}`;
      const body = path === 'label' ? { rateId: 'rate_x' } : undefined;
      expectError(await post(t, cast.otherSeller, url, body), 404, notFoundOrder);
      expectError(await post(t, cast.buyer, url, body), 403, forbidden);
      expectError(await post(t, cast.admin, url, body), 403, forbidden);
    }
    expect((await orderRow(t, order.id)).shipmentId).toBeNull();
  });

  it('gives the seller the label’s PDF, to no one else', async () => {
    await shipFromOnce();
    const order = await paidShippingOrder();
    const url = `/api/orders/${order.id}/shipping/label.pdf`;
    const get = (caller: Caller) => t.app.inject({ method: 'GET', url, headers: headersOf(caller) });
    expectError(await get(cast.seller), 404, { code: 'not_found', message: orderShippingMessages.noLabel });

    const [rate] = await ratesOf(order.id);
    expect((await buy(order.id, rate!.id)).statusCode).toBe(200);
    const pdf = await get(cast.seller);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="label-${order.id}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expectError(await get(cast.otherSeller), 404, notFoundOrder);
    expectError(await get(cast.buyer), 403, forbidden);
  });

  it('follows the parcel to its delivery, where the buyer’s problem window starts', async () => {
    await shipFromOnce();
    const order = await paidShippingOrder();
    const [rate] = await ratesOf(order.id);
    expect((await buy(order.id, rate!.id)).statusCode).toBe(200);
    const shippedAt = (await orderRow(t, order.id)).handedOverAt!;

    // The test carrier's parcel moves on its clock: a carrier days later has delivered it.
    const later = new Date(Date.now() + 3 * day);
    const carrierLater = createShipping(t.config.shipping, t.app.db, () => later);
    const counts = await pollStaleParcels(
      {
        db: t.app.db,
        publicUrl: t.config.publicUrl,
        emailsQueued: () => {},
        now: () => later,
        shipping: carrierLater,
        log: t.app.log,
      },
      { staleAfterMs: 0, limit: 500 },
    );
    expect(counts.moved).toBeGreaterThanOrEqual(1);

    const row = await orderRow(t, order.id);
    expect(row.progress).toBe('delivered');
    expect(row.deliveredAt).not.toBeNull();
    expect(row.deliveredAt!.getTime()).toBeGreaterThan(shippedAt.getTime());
    const details = await detailsOf(order.id, cast.buyer);
    expect(details.problemWindowEndsAt).toBe(
      new Date(row.deliveredAt!.getTime() + orderProgressLimits.problemWindowHours * hour).toISOString(),
    );
  });
});
