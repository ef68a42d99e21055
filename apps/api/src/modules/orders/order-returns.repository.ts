/**
 * Returns of shipped phones in the database (docs/decisions/0074): `order_returns`. A change locks
 * the order's row first, then the return's (the order of every progress change), so a return and a
 * problem report, a refund or the completion of the same order never interleave.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TrackingStatus } from '@recell/contract';
import type { Executor } from '../../db/client.ts';
import { orderProblems, orderReturns, orders, payments, products, users } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';

export type ReturnRow = typeof orderReturns.$inferSelect;

/**
 * The return's refund (its problem row): how it stands, for the return's own status. The table is
 * named in full: drizzle leaves a one-table query's columns unqualified, which a subquery would
 * read as its own.
 */
const refundStatusOf = sql<
  string | null
>`(select p.status from order_problems p where p.return_id = order_returns.id order by p.created_at desc limit 1)`;
const refundCentsOf = sql<
  number | null
>`(select p.refund_cents from order_problems p where p.return_id = order_returns.id order by p.created_at desc limit 1)`;
const refundedAtOf = sql<
  Date | string | null
>`(select p.resolved_at from order_problems p where p.return_id = order_returns.id and p.status = 'refunded' order by p.created_at desc limit 1)`;

const returnWithRefund = {
  row: orderReturns,
  refundStatus: refundStatusOf,
  refundCents: refundCentsOf,
  refundedAt: refundedAtOf,
};

/** The order's return with its refund's state; undefined when it has none. */
export const findReturnOfOrder = async (db: Executor, orderId: string) => {
  const [row] = await db.select(returnWithRefund).from(orderReturns).where(eq(orderReturns.orderId, orderId));
  return row;
};
export type ReturnWithRefund = NonNullable<Awaited<ReturnType<typeof findReturnOfOrder>>>;

export const findReturn = async (db: Executor, returnId: string) => {
  const [row] = await db.select(returnWithRefund).from(orderReturns).where(eq(orderReturns.id, returnId));
  return row;
};

/**
 * The order with what a return needs, locked (or read without a lock before a carrier call): its
 * parties, phone, parcel and payment.
 */
const orderColumns = {
  id: orders.id,
  status: orders.status,
  progress: orders.progress,
  refundedAt: orders.refundedAt,
  completedAt: orders.completedAt,
  handedOverAt: orders.handedOverAt,
  deliveryMethod: orders.deliveryMethod,
  shipTo: orders.shipTo,
  trackerId: orders.trackerId,
  deliveredAt: orders.deliveredAt,
  priceCents: orders.priceCents,
  buyerId: orders.buyerId,
  sellerId: products.sellerId,
  productId: products.id,
  productName: products.name,
  productStatus: products.status,
  imei: products.imei,
  paidCents: payments.amountCents,
  refundedCents: sql<number>`coalesce(${payments.refundedCents}, 0)`.mapWith(Number),
};

const orderQuery = (db: Executor) =>
  db
    .select(orderColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(payments, eq(payments.orderId, orders.id));

export const findOrderForReturn = async (db: Executor, orderId: string) => {
  const [row] = await orderQuery(db).where(eq(orders.id, orderId));
  return row;
};
export type ReturnOrder = NonNullable<Awaited<ReturnType<typeof findOrderForReturn>>>;

export const lockOrderForReturn = async (tx: Executor, orderId: string) => {
  const [row] = await orderQuery(tx).where(eq(orders.id, orderId)).for('update', { of: orders });
  return row;
};

/** The return locked, after its order's row. */
export const lockReturn = async (tx: Executor, returnId: string) => {
  const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, returnId)).for('update');
  return row;
};

/** The order's undecided problem report (a buyer's; not a return's refund). */
export const hasUndecidedReport = async (tx: Executor, orderId: string) =>
  (
    await tx
      .select({ id: orderProblems.id })
      .from(orderProblems)
      .where(and(eq(orderProblems.orderId, orderId), sql`${orderProblems.status} not in ('refunded', 'closed')`))
      .limit(1)
  ).length > 0;

export const insertReturn = async (
  tx: Executor,
  values: { orderId: string; reason: string; photoUrls: string[]; sellerAnswerBy: Date; at: Date },
) => {
  const [row] = await tx
    .insert(orderReturns)
    .values({
      orderId: values.orderId,
      reason: values.reason,
      photoUrls: values.photoUrls,
      sellerAnswerBy: values.sellerAnswerBy,
      createdAt: values.at,
    })
    .returning({ id: orderReturns.id });
  return row!.id;
};

export const updateReturn = (tx: Executor, returnId: string, values: Partial<typeof orderReturns.$inferInsert>) =>
  tx.update(orderReturns).set(values).where(eq(orderReturns.id, returnId));

/** The return label's shipment and rate, kept once (a retry buys the same one); false when one is kept already. */
export const saveReturnShipment = async (db: Executor, returnId: string, shipmentId: string, rateId: string) =>
  (
    await db
      .update(orderReturns)
      .set({ shipmentId, rateId })
      .where(and(eq(orderReturns.id, returnId), isNull(orderReturns.shipmentId)))
      .returning({ id: orderReturns.id })
  ).length > 0;

/** The return of a tracker with its order's parties, locked (order first) for the tracker's update. */
export const lockReturnByTracker = async (tx: Executor, trackerId: string) => {
  const [found] = await tx
    .select({ id: orderReturns.id, orderId: orderReturns.orderId })
    .from(orderReturns)
    .where(eq(orderReturns.trackerId, trackerId));
  if (!found) return undefined;
  const order = await lockOrderForReturn(tx, found.orderId);
  const locked = await lockReturn(tx, found.id);
  return order && locked ? { order, ret: locked } : undefined;
};

/** Return parcels on their way not heard of since `staleBefore`, least recently first (the poll). */
export const returnParcelsToPoll = (db: Executor, opts: { staleBefore: Date; limit: number }) =>
  db
    .select({ id: orderReturns.id, trackerId: sql<string>`${orderReturns.trackerId}` })
    .from(orderReturns)
    .where(
      and(
        isNotNull(orderReturns.trackerId),
        isNull(orderReturns.arrivedAt),
        inArray(orderReturns.status, ['accepted', 'in_transit']),
        or(isNull(orderReturns.trackingCheckedAt), lt(orderReturns.trackingCheckedAt, opts.staleBefore)),
      ),
    )
    .orderBy(sql`${orderReturns.trackingCheckedAt} asc nulls first`, asc(orderReturns.id))
    .limit(opts.limit);

export const noteReturnTrackerChecked = (db: Executor, returnId: string, at: Date) =>
  db.update(orderReturns).set({ trackingCheckedAt: at }).where(eq(orderReturns.id, returnId));

export const noteReturnTrackerStatus = (
  tx: Executor,
  returnId: string,
  values: { status: TrackingStatus; updatedAt: Date; checkedAt: Date },
) =>
  tx
    .update(orderReturns)
    .set({ trackingStatus: values.status, trackingUpdatedAt: values.updatedAt, trackingCheckedAt: values.checkedAt })
    .where(eq(orderReturns.id, returnId));

/**
 * Requests the seller did not answer by their deadline, escalated to an admin (conditional on
 * 'requested': an answer recorded first wins). Replicas take different ones (SKIP LOCKED).
 */
export const escalateDueReturns = async (tx: Executor, opts: { now: Date; limit: number }) => {
  const due = tx
    .select({ id: orderReturns.id })
    .from(orderReturns)
    .where(and(eq(orderReturns.status, 'requested'), lte(orderReturns.sellerAnswerBy, opts.now)))
    .orderBy(orderReturns.sellerAnswerBy)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return tx
    .update(orderReturns)
    .set({ status: 'escalated', escalatedAt: opts.now })
    .where(and(inArray(orderReturns.id, due), eq(orderReturns.status, 'requested')))
    .returning({ id: orderReturns.id, orderId: orderReturns.orderId });
};

/** Both parties and the phone's name of an order, for notices. */
export const partiesOf = async (db: Executor, orderId: string) => {
  const [row] = await db
    .select({ buyerId: orders.buyerId, sellerId: products.sellerId, productName: products.name })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId));
  return row;
};

// ---------------------------------------------------------------------------------------------
// For the admins

const buyers = alias(users, 'return_buyer');
const sellers = alias(users, 'return_seller');

const adminReturnQuery = (db: Executor) =>
  db
    .select({
      ...returnWithRefund,
      order: {
        id: orders.id,
        priceCents: orders.priceCents,
        progress: orders.progress,
        paidCents: payments.amountCents,
        refundedCents: sql<number>`coalesce(${payments.refundedCents}, 0)`.mapWith(Number),
      },
      product: {
        id: products.id,
        name: products.name,
        brand: products.brand,
        model: products.model,
        imageUrl: products.imageUrl,
      },
      buyer: { id: buyers.id, name: buyers.name, email: buyers.email },
      seller: { id: sellers.id, name: sellers.name, email: sellers.email },
      us: microsOf(orderReturns.createdAt),
    })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .leftJoin(payments, eq(payments.orderId, orders.id));

export type AdminReturnRow = NonNullable<Awaited<ReturnType<typeof findAdminReturn>>>;

/** Returns waiting for an admin (declined, escalated, IMEI mismatch), newest first; keyset on (created_at, id). */
export const listReturnsToDecide = (db: Executor, opts: { limit: number; after?: NewestKey | undefined }) =>
  adminReturnQuery(db)
    .where(
      and(
        inArray(orderReturns.status, ['declined', 'escalated', 'imei_mismatch']),
        opts.after
          ? sql`(${orderReturns.createdAt}, ${orderReturns.id}) < (${timestampOf(opts.after.us)}, ${opts.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id))
    .limit(opts.limit);

export const findAdminReturn = async (db: Executor, returnId: string) => {
  const [row] = await adminReturnQuery(db).where(eq(orderReturns.id, returnId)).limit(1);
  return row;
};
