/**
 * A tracked parcel's order and its carrier's scans in the database (docs/decisions/0072). The
 * order's row is locked before any change (only the order's, as every progress change does).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { OrderProgress, TrackingStatus } from '@recell/contract';
import type { Executor } from '../../db/client.ts';
import { orderTrackingEvents, orders, products, users } from '../../db/schema.ts';
import { alias } from 'drizzle-orm/pg-core';

/** The order of a tracker, locked for its update, with its phone's name and both parties. */
export const lockOrderByTracker = async (tx: Executor, trackerId: string) => {
  const buyer = alias(users, 'buyer');
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      progress: orders.progress,
      refundedAt: orders.refundedAt,
      trackingUpdatedAt: orders.trackingUpdatedAt,
      productName: products.name,
      buyerId: buyer.id,
      sellerId: products.sellerId,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .where(eq(orders.trackerId, trackerId))
    .for('update', { of: orders });
  return row;
};
export type TrackedOrder = NonNullable<Awaited<ReturnType<typeof lockOrderByTracker>>>;

/** Stores the scans the order does not have yet (a repeated one is a no-op); answers how many were new. */
export const insertTrackingEvents = async (
  tx: Executor,
  orderId: string,
  events: ReadonlyArray<{ status: TrackingStatus; message: string; place: string | null; occurredAt: Date }>,
): Promise<number> => {
  if (events.length === 0) return 0;
  const inserted = await tx
    .insert(orderTrackingEvents)
    .values(events.map((event) => ({ orderId, ...event })))
    .onConflictDoNothing()
    .returning({ id: orderTrackingEvents.id });
  return inserted.length;
};

/** The tracker's newest status, from an update at least as new as the one the order has. */
export const noteTrackerStatus = (
  tx: Executor,
  orderId: string,
  values: { status: TrackingStatus; updatedAt: Date; checkedAt: Date },
) =>
  tx
    .update(orders)
    .set({ trackingStatus: values.status, trackingUpdatedAt: values.updatedAt, trackingCheckedAt: values.checkedAt })
    .where(eq(orders.id, orderId));

/** The marketplace heard of the tracker at `at` (an older update, or a poll that failed): the poll waits again. */
export const noteTrackerChecked = (db: Executor, orderId: string, at: Date) =>
  db.update(orders).set({ trackingCheckedAt: at }).where(eq(orders.id, orderId));

/** Moves the parcel's progress on (conditional on where it was, so it moves once). */
export const moveParcel = async (
  tx: Executor,
  orderId: string,
  values: { from: OrderProgress; to: OrderProgress; deliveredAt: Date | null },
): Promise<boolean> =>
  (
    await tx
      .update(orders)
      .set({
        progress: values.to,
        isShipped: true,
        ...(values.deliveredAt ? { deliveredAt: values.deliveredAt } : {}),
      })
      .where(and(eq(orders.id, orderId), eq(orders.progress, values.from)))
      .returning({ id: orders.id })
  ).length > 0;

/** The carrier's scans of the order's parcel, newest first, for its page. */
export const trackingEventsOf = (db: Executor, orderId: string) =>
  db
    .select({
      status: orderTrackingEvents.status,
      message: orderTrackingEvents.message,
      place: orderTrackingEvents.place,
      occurredAt: orderTrackingEvents.occurredAt,
    })
    .from(orderTrackingEvents)
    .where(eq(orderTrackingEvents.orderId, orderId))
    .orderBy(desc(orderTrackingEvents.occurredAt), desc(orderTrackingEvents.createdAt));

/**
 * Parcels on their way (shipped or in transit, paid, not refunded) whose tracker the marketplace
 * has not heard of since `staleBefore` (or never), least recently first: the poll asks their
 * carrier. Read without a lock: the poll's calls are network calls, and each update locks on its own.
 */
export const parcelsToPoll = (db: Executor, opts: { staleBefore: Date; limit: number }) =>
  db
    .select({ id: orders.id, trackerId: sql<string>`${orders.trackerId}` })
    .from(orders)
    .where(
      and(
        isNotNull(orders.trackerId),
        isNull(orders.deliveredAt),
        isNull(orders.completedAt),
        isNull(orders.refundedAt),
        eq(orders.status, 'paid'),
        inArray(orders.progress, ['shipped', 'in_transit']),
        or(isNull(orders.trackingCheckedAt), lt(orders.trackingCheckedAt, opts.staleBefore)),
      ),
    )
    .orderBy(sql`${orders.trackingCheckedAt} asc nulls first`, asc(orders.id))
    .limit(opts.limit);
