/**
 * A shipped order follows its parcel: the carrier's tracker updates (applied directly, through the
 * signed webhook, or by the poll) move it forward only, once, in order; the buyer's 48 hours and
 * the 7 days to completion count from the delivery; a lost or returned parcel never completes on
 * its own and may be reported at any time; a refunded order keeps the scans and does not move.
 * Label buying is not built yet: each order gets its tracker by writing its columns directly.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  OrderDetailsSchema,
  orderProgressAuditActions,
  orderProgressMessages,
  type TrackingStatus,
} from '@recell/contract';
import {
  signedTrackerEvent,
  testCarrierDevSecret,
  ShippingUnavailableError,
  type TrackerUpdate,
} from '../src/adapters/shipping/index.ts';
import { auditLog, notifications, orderTrackingEvents, orders } from '../src/db/schema.ts';
import { applyTrackerUpdate, completeDueOrders, pollStaleParcels } from '../src/modules/orders/index.ts';
import { headersOf, useCast, type Caller } from './support/accounts.ts';
import { expectError, useTestApp } from './support/api.ts';
import { orderRow, paidOrder } from './support/order-progress.ts';
import type { TestApp } from './helpers.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const ago = (ms: number) => new Date(Date.now() - ms);

const post = (t: TestApp, caller: Caller | null, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: headersOf(caller), ...(payload ? { payload } : {}) });

const words: Record<TrackingStatus, string> = {
  unknown: 'No news',
  pre_transit: 'Shipping label created',
  in_transit: 'Arrived at the sorting facility',
  out_for_delivery: 'Out for delivery',
  available_for_pickup: 'Ready at the post office',
  delivered: 'Delivered, in the mailbox',
  return_to_sender: 'Refused; returning to the sender',
  failure: 'Lost in transit',
  cancelled: 'Cancelled',
};

const scan = (status: TrackingStatus, occurredAt: Date) => ({
  status,
  message: words[status],
  place: 'Chicago, IL, US',
  occurredAt,
});

/** The tracker as the carrier reports it at `updatedAt`: its scans so far, the newest one's status. */
const trackerAt = (
  trackerId: string,
  scans: ReadonlyArray<ReturnType<typeof scan>>,
  updatedAt = scans.at(-1)!.occurredAt,
): TrackerUpdate => ({
  trackerId,
  trackingCode: `EZ${trackerId.slice(-8)}`,
  status: scans.at(-1)!.status,
  events: [...scans],
  updatedAt,
});

describe('a shipped order follows its parcel', () => {
  const t = useTestApp();
  const cast = useCast(t);
  const deps = (now?: Date) => ({
    db: t.app.db,
    publicUrl: t.config.publicUrl,
    ...(now ? { now: () => now } : {}),
  });

  /** A paid order of cast.seller's bought by cast.buyer, shipped with a label (its tracker) at `shippedAt`. */
  const shippedParcel = async (shippedAt = ago(day), set: Partial<typeof orders.$inferInsert> = {}) => {
    const { order } = await paidOrder(t, cast.seller, cast.buyer);
    const trackerId = `trk_${randomUUID().replaceAll('-', '')}`;
    await t.app.db
      .update(orders)
      .set({
        progress: 'shipped',
        isShipped: true,
        handedOverAt: shippedAt,
        carrier: 'USPS',
        trackingCode: `EZ${trackerId.slice(-8)}`,
        trackerId,
        shipmentId: `shp_${trackerId.slice(4)}`,
        ...set,
      })
      .where(eq(orders.id, order.id));
    return { orderId: order.id, trackerId };
  };

  const eventsOf = (orderId: string) =>
    t.app.db.select().from(orderTrackingEvents).where(eq(orderTrackingEvents.orderId, orderId));
  const auditActionsOf = async (orderId: string) =>
    (await t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, orderId))).map((row) => row.action);
  const noticesTo = (userId: string, kind: string, orderId: string) =>
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
  const details = async (caller: Caller, orderId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/details`,
      headers: headersOf(caller),
    });
    expect(response.statusCode, response.body).toBe(200);
    return OrderDetailsSchema.parse(response.json());
  };

  describe('applying a tracker update', () => {
    it('moves shipped → in transit → delivered, each once, audited; the delivery sets its time and tells the buyer', async () => {
      const shippedAt = ago(3 * day);
      const { orderId, trackerId } = await shippedParcel(shippedAt);
      const label = scan('pre_transit', ago(3 * day - minute));
      const pickedUp = scan('in_transit', ago(2 * day));
      const out = scan('out_for_delivery', ago(5 * hour));
      const delivered = scan('delivered', ago(2 * hour));

      // Only a label so far: nothing moves, the scan is kept.
      expect(await applyTrackerUpdate(deps(), trackerAt(trackerId, [label]))).toEqual({
        outcome: 'applied',
        orderId,
        newEvents: 1,
        moved: null,
      });
      expect((await orderRow(t, orderId)).progress).toBe('shipped');

      expect(await applyTrackerUpdate(deps(), trackerAt(trackerId, [label, pickedUp]))).toMatchObject({
        newEvents: 1,
        moved: { from: 'shipped', to: 'in_transit' },
      });
      // Out for delivery is still in transit.
      expect(await applyTrackerUpdate(deps(), trackerAt(trackerId, [label, pickedUp, out]))).toMatchObject({
        newEvents: 1,
        moved: null,
      });
      expect((await orderRow(t, orderId)).progress).toBe('in_transit');

      const final = trackerAt(trackerId, [label, pickedUp, out, delivered], ago(hour));
      expect(await applyTrackerUpdate(deps(), final)).toMatchObject({
        newEvents: 1,
        moved: { from: 'in_transit', to: 'delivered' },
      });
      const row = await orderRow(t, orderId);
      expect(row).toMatchObject({ progress: 'delivered', trackingStatus: 'delivered', handedOverAt: shippedAt });
      // The delivered scan's time, not the update's nor the shipping's.
      expect(row.deliveredAt).toEqual(delivered.occurredAt);
      expect(row.trackingUpdatedAt).toEqual(final.updatedAt);
      expect(await auditActionsOf(orderId)).toEqual(
        expect.arrayContaining([orderProgressAuditActions.inTransit, orderProgressAuditActions.delivered]),
      );
      const told = await noticesTo(cast.buyer.id, 'parcel_delivered', orderId);
      expect(told).toHaveLength(1);
      expect(told[0]!.body).toContain('48 hours to report a problem');

      // The same update again changes nothing.
      expect(await applyTrackerUpdate(deps(), final)).toEqual({
        outcome: 'applied',
        orderId,
        newEvents: 0,
        moved: null,
      });
      expect(await eventsOf(orderId)).toHaveLength(4);
      expect(await noticesTo(cast.buyer.id, 'parcel_delivered', orderId)).toHaveLength(1);
      const actions = await auditActionsOf(orderId);
      expect(actions.filter((action) => action === orderProgressAuditActions.delivered)).toHaveLength(1);
      expect(actions.filter((action) => action === orderProgressAuditActions.inTransit)).toHaveLength(1);
    });

    it('updates arriving out of order move the order once, forward: an older one adds its scans only', async () => {
      const { orderId, trackerId } = await shippedParcel(ago(3 * day));
      const pickedUp = scan('in_transit', ago(2 * day));
      const delivered = scan('delivered', ago(3 * hour));
      const newer = trackerAt(trackerId, [delivered]);
      const older = trackerAt(trackerId, [pickedUp]);

      expect(await applyTrackerUpdate(deps(), newer)).toMatchObject({ moved: { from: 'shipped', to: 'delivered' } });
      // The in-transit update was sent first but arrives last: its scan is kept, the order stays delivered.
      expect(await applyTrackerUpdate(deps(), older)).toMatchObject({ newEvents: 1, moved: null });
      const row = await orderRow(t, orderId);
      expect(row).toMatchObject({ progress: 'delivered', trackingStatus: 'delivered' });
      expect(row.trackingUpdatedAt).toEqual(newer.updatedAt);
      expect((await eventsOf(orderId)).map((event) => event.status).sort()).toEqual(['delivered', 'in_transit']);
      expect(await auditActionsOf(orderId)).not.toContain(orderProgressAuditActions.inTransit);

      // A newer update that says less (the carrier's regression) never moves it back either.
      expect(await applyTrackerUpdate(deps(), trackerAt(trackerId, [scan('in_transit', ago(hour))]))).toMatchObject({
        moved: null,
      });
      expect((await orderRow(t, orderId)).progress).toBe('delivered');
    });

    it('a parcel returned to the sender or lost tells both parties, and then never moves', async () => {
      const returned = await shippedParcel(ago(5 * day));
      expect(
        await applyTrackerUpdate(
          deps(),
          trackerAt(returned.trackerId, [scan('in_transit', ago(4 * day)), scan('return_to_sender', ago(2 * day))]),
        ),
      ).toMatchObject({ moved: { from: 'shipped', to: 'returned_to_sender' } });
      const lost = await shippedParcel(ago(5 * day));
      await applyTrackerUpdate(deps(), trackerAt(lost.trackerId, [scan('in_transit', ago(4 * day))]));
      expect(
        await applyTrackerUpdate(
          deps(),
          trackerAt(lost.trackerId, [scan('in_transit', ago(4 * day)), scan('failure', ago(day))]),
        ),
      ).toMatchObject({ moved: { from: 'in_transit', to: 'lost' } });

      for (const { orderId } of [returned, lost]) {
        expect(await noticesTo(cast.buyer.id, 'parcel_not_delivered', orderId)).toHaveLength(1);
        expect(await noticesTo(cast.seller.id, 'parcel_not_delivered', orderId)).toHaveLength(1);
      }
      expect(await auditActionsOf(returned.orderId)).toContain(orderProgressAuditActions.returnedToSender);
      expect(await auditActionsOf(lost.orderId)).toContain(orderProgressAuditActions.lost);

      // Ends are ends: a later delivered scan is kept but moves nothing.
      expect(await applyTrackerUpdate(deps(), trackerAt(lost.trackerId, [scan('delivered', ago(hour))]))).toMatchObject(
        { newEvents: 1, moved: null },
      );
      expect((await orderRow(t, lost.orderId)).progress).toBe('lost');
      expect((await orderRow(t, lost.orderId)).deliveredAt).toBeNull();
    });

    it('an unknown tracker is ignored; a refunded order keeps the scans and does not move', async () => {
      expect(await applyTrackerUpdate(deps(), trackerAt('trk_nobody', [scan('delivered', ago(hour))]))).toEqual({
        outcome: 'unknown_tracker',
      });

      const { orderId, trackerId } = await shippedParcel(ago(2 * day), { refundedAt: ago(day) });
      expect(
        await applyTrackerUpdate(
          deps(),
          trackerAt(trackerId, [scan('in_transit', ago(day)), scan('delivered', ago(hour))]),
        ),
      ).toMatchObject({ outcome: 'applied', newEvents: 2, moved: null });
      const row = await orderRow(t, orderId);
      expect(row).toMatchObject({ progress: 'shipped', deliveredAt: null });
      expect(await eventsOf(orderId)).toHaveLength(2);
      expect(await noticesTo(cast.buyer.id, 'parcel_delivered', orderId)).toHaveLength(0);
    });
  });

  describe('the buyer’s protection starts at the delivery', () => {
    /** A parcel shipped `shippedAgo` and delivered `deliveredAgo`, as the carrier's update leaves it. */
    const deliveredParcel = async (shippedAgo: number, deliveredAgo: number) => {
      const parcel = await shippedParcel(ago(shippedAgo));
      await applyTrackerUpdate(deps(), trackerAt(parcel.trackerId, [scan('delivered', ago(deliveredAgo))]));
      return parcel;
    };
    const report = (orderId: string) =>
      post(t, cast.buyer, `/api/orders/${orderId}/problems`, { reason: 'The box was empty.' });

    it('a problem may be reported within 48 hours of the delivery, however long ago it was shipped', async () => {
      const inside = await deliveredParcel(10 * day, 47 * hour);
      const response = await report(inside.orderId);
      expect(response.statusCode, response.body).toBe(201);

      const outside = await deliveredParcel(3 * day, 49 * hour);
      expectError(await report(outside.orderId), 409, {
        code: 'conflict',
        message: orderProgressMessages.problemWindowOverSinceDelivery,
      });
    });

    it('before the delivery the window has not started: a parcel that never comes may be reported', async () => {
      const onItsWay = await shippedParcel(ago(20 * day));
      await applyTrackerUpdate(deps(), trackerAt(onItsWay.trackerId, [scan('in_transit', ago(19 * day))]));
      const page = await details(cast.buyer, onItsWay.orderId);
      expect(page).toMatchObject({
        progress: 'in_transit',
        handover: 'shipped',
        problemWindowEndsAt: null,
        nextStep: { step: 'deliver', by: 'carrier' },
        can: { confirmReceipt: true, reportProblem: true },
      });
      expect((await report(onItsWay.orderId)).statusCode).toBe(201);
    });

    it('a lost or returned parcel may be reported at any time, never completes on its own; a returned one cannot be received', async () => {
      const lost = await shippedParcel(ago(40 * day));
      await applyTrackerUpdate(deps(), trackerAt(lost.trackerId, [scan('failure', ago(30 * day))]));
      const returned = await shippedParcel(ago(40 * day));
      await applyTrackerUpdate(deps(), trackerAt(returned.trackerId, [scan('return_to_sender', ago(30 * day))]));

      await completeDueOrders({ db: t.app.db, publicUrl: t.config.publicUrl, now: () => new Date() });
      expect((await orderRow(t, lost.orderId)).progress).toBe('lost');
      expect((await orderRow(t, returned.orderId)).progress).toBe('returned_to_sender');

      const page = await details(cast.buyer, returned.orderId);
      expect(page).toMatchObject({
        problemWindowEndsAt: null,
        nextStep: { step: 'report_problem', by: 'buyer' },
        can: { confirmReceipt: false, reportProblem: true },
      });
      expectError(await post(t, cast.buyer, `/api/orders/${returned.orderId}/receipt`), 409, {
        code: 'conflict',
        message: orderProgressMessages.returnedToSeller,
      });
      expect((await report(lost.orderId)).statusCode).toBe(201);
      expect((await report(returned.orderId)).statusCode).toBe(201);
      // Still one undecided at a time.
      expect((await report(lost.orderId)).statusCode).toBe(409);
    });

    it('completes on its own 7 days after the delivery, not 7 days after the shipping', async () => {
      const young = await deliveredParcel(20 * day, 6 * day);
      const due = await deliveredParcel(9 * day, 7 * day + hour);
      const stillOnItsWay = await shippedParcel(ago(20 * day));
      await applyTrackerUpdate(deps(), trackerAt(stillOnItsWay.trackerId, [scan('in_transit', ago(19 * day))]));
      const neverScanned = await shippedParcel(ago(20 * day));

      await completeDueOrders({ db: t.app.db, publicUrl: t.config.publicUrl, now: () => new Date() });
      expect((await orderRow(t, due.orderId)).progress).toBe('completed');
      expect(await auditActionsOf(due.orderId)).toContain(orderProgressAuditActions.autoCompleted);
      expect((await orderRow(t, young.orderId)).progress).toBe('delivered');
      expect((await orderRow(t, stillOnItsWay.orderId)).progress).toBe('in_transit');
      expect((await orderRow(t, neverScanned.orderId)).progress).toBe('shipped');

      // A day and an hour on, the young one is due too.
      await completeDueOrders({
        db: t.app.db,
        publicUrl: t.config.publicUrl,
        now: () => new Date(Date.now() + day + hour),
      });
      expect((await orderRow(t, young.orderId)).progress).toBe('completed');
    });

    it('the order’s page shows the parcel, its scans newest first, and the window from the delivery', async () => {
      const { orderId, trackerId } = await shippedParcel(ago(3 * day));
      const deliveredScan = scan('delivered', ago(5 * hour));
      await applyTrackerUpdate(deps(), trackerAt(trackerId, [scan('in_transit', ago(2 * day)), deliveredScan]));

      const page = await details(cast.buyer, orderId);
      expect(page).toMatchObject({
        progress: 'delivered',
        handover: 'shipped',
        nextStep: { step: 'confirm_receipt', by: 'buyer' },
        can: { confirmReceipt: true, reportProblem: true },
        parcel: {
          carrier: 'USPS',
          trackingCode: `EZ${trackerId.slice(-8)}`,
          status: 'delivered',
          deliveredAt: deliveredScan.occurredAt.toISOString(),
        },
      });
      expect(page.problemWindowEndsAt).toBe(new Date(deliveredScan.occurredAt.getTime() + 48 * hour).toISOString());
      expect(page.parcel!.events.map((event) => [event.status, event.message, event.place])).toEqual([
        ['delivered', words.delivered, 'Chicago, IL, US'],
        ['in_transit', words.in_transit, 'Chicago, IL, US'],
      ]);
      // The parcel's steps in the order they happened (this order's shipping is dated before its booking).
      expect(
        page.timeline
          .map((entry) => entry.kind)
          .filter((kind) => ['shipped', 'in_transit', 'delivered'].includes(kind)),
      ).toEqual(['shipped', 'in_transit', 'delivered']);
      // The seller sees the same parcel.
      expect((await details(cast.seller, orderId)).parcel?.trackingCode).toBe(page.parcel!.trackingCode);

      // The buyer confirms receipt: completed, and the window still counts from the delivery.
      expect((await post(t, cast.buyer, `/api/orders/${orderId}/receipt`)).statusCode).toBe(200);
      const completed = await details(cast.buyer, orderId);
      expect(completed).toMatchObject({
        progress: 'completed',
        handover: 'shipped',
        problemWindowEndsAt: page.problemWindowEndsAt,
      });
    });
  });

  describe('POST /api/webhooks/shipping', () => {
    const send = (body: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/webhooks/shipping', headers, payload: body });

    it('applies an event the carrier signed; a repeated one changes nothing more', async () => {
      const { orderId, trackerId } = await shippedParcel(ago(2 * day));
      const event = signedTrackerEvent(
        trackerAt(trackerId, [scan('in_transit', ago(day)), scan('delivered', ago(hour))]),
        testCarrierDevSecret,
      );
      const response = await send(event.body, event.headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true });
      expect((await orderRow(t, orderId)).progress).toBe('delivered');

      expect((await send(event.body, event.headers)).statusCode).toBe(200);
      expect(await eventsOf(orderId)).toHaveLength(2);
      expect(await noticesTo(cast.buyer.id, 'parcel_delivered', orderId)).toHaveLength(1);
    });

    it('refuses a wrong or missing signature with a 400, changing nothing', async () => {
      const { orderId, trackerId } = await shippedParcel(ago(2 * day));
      const update = trackerAt(trackerId, [scan('delivered', ago(hour))]);
      const forged = signedTrackerEvent(update, 'not-the-carriers-secret');
      expectError(await send(forged.body, forged.headers), 400, {
        code: 'validation',
        message: orderProgressMessages.shippingEventInvalid,
      });
      const signed = signedTrackerEvent(update, testCarrierDevSecret);
      expectError(await send(signed.body, { 'content-type': 'application/json' }), 400, {
        code: 'validation',
        message: orderProgressMessages.shippingEventInvalid,
      });
      // The body changed after signing: refused too.
      const tampered = signed.body.replace('"delivered"', '"failure"');
      expect((await send(tampered, signed.headers)).statusCode).toBe(400);

      const row = await orderRow(t, orderId);
      expect(row).toMatchObject({ progress: 'shipped', trackingStatus: null, deliveredAt: null });
      expect(await eventsOf(orderId)).toHaveLength(0);
    });

    it('acknowledges a tracker no order has (200), so the carrier stops sending it', async () => {
      const event = signedTrackerEvent(trackerAt('trk_not_ours', [scan('delivered', ago(hour))]), testCarrierDevSecret);
      const response = await send(event.body, event.headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true });
    });
  });

  describe('the poll', () => {
    it('asks the carrier about parcels on their way not heard of for a while, and moves them; a failed call waits its turn', async () => {
      const now = new Date();
      const quiet = await shippedParcel(ago(2 * day));
      const heardOf = await shippedParcel(ago(2 * day), { trackingCheckedAt: ago(minute) });
      const failing = await shippedParcel(ago(2 * day));
      const delivered = await shippedParcel(ago(2 * day));
      await applyTrackerUpdate(deps(), trackerAt(delivered.trackerId, [scan('delivered', ago(day))]));

      const asked: string[] = [];
      const shipping = {
        retrieveTracker: async (trackerId: string): Promise<TrackerUpdate> => {
          asked.push(trackerId);
          if (trackerId === failing.trackerId) throw new ShippingUnavailableError('timed out');
          return trackerAt(trackerId, [scan('in_transit', ago(day)), scan('delivered', ago(2 * hour))]);
        },
      };
      const poll = () =>
        pollStaleParcels(
          { ...deps(), now: () => now, shipping, log: t.app.log },
          { staleAfterMs: 10 * minute, limit: 500 },
        );
      const counts = await poll();
      expect(asked).toContain(quiet.trackerId);
      expect(asked).toContain(failing.trackerId);
      expect(asked).not.toContain(heardOf.trackerId);
      expect(asked).not.toContain(delivered.trackerId);
      expect(counts.failed).toBeGreaterThanOrEqual(1);
      expect(counts.moved).toBeGreaterThanOrEqual(1);
      expect((await orderRow(t, quiet.orderId)).progress).toBe('delivered');
      expect((await orderRow(t, failing.orderId)).progress).toBe('shipped');

      // Asked just now (answered or not): not again until it is stale.
      asked.length = 0;
      await poll();
      expect(asked).not.toContain(quiet.trackerId);
      expect(asked).not.toContain(failing.trackerId);
    });
  });
});
