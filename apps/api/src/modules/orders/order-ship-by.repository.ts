/**
 * A shipped order's deadline in the database (docs/decisions/0075): the orders whose seller is
 * due a reminder, those whose parcel missed its drop-off, their unused labels, and the admins'
 * list. Only the order's row is locked (as every progress change does), SKIP LOCKED, so replicas
 * running the job at once take different orders, and each change is conditional, so it happens once.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';
import { orderProblems, orders, products, users } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';

/** Paid, not refunded, its parcel not yet scanned by the carrier (no label, or a label only), not yet missed. */
const isAwaitingDropOff = and(
  eq(orders.status, 'paid'),
  isNotNull(orders.shipBy),
  isNull(orders.missedDropOffAt),
  isNull(orders.refundedAt),
  inArray(orders.progress, ['awaiting_handover', 'shipped']),
);

const noUndecidedProblem = sql`not exists (select 1 from ${orderProblems} p where p.order_id = ${orders.id} and p.status not in ('refunded', 'closed'))`;

/**
 * Marks as reminded up to `limit` orders whose reminder is due at `now`: the later of 24 hours
 * before the deadline and halfway from the payment to it (with 1 business day, 24 hours before
 * would be the payment itself), and the deadline not yet passed. Returns what the notice needs.
 */
export const markDueReminders = async (tx: Executor, opts: { now: Date; limit: number }) => {
  const now = sql`${opts.now.toISOString()}::timestamptz`;
  const due = tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isAwaitingDropOff,
        isNull(orders.shipByRemindedAt),
        gt(orders.shipBy, opts.now),
        sql`${now} >= greatest(${orders.shipBy} - interval '24 hours', ${orders.paidAt} + (${orders.shipBy} - ${orders.paidAt}) / 2)`,
      ),
    )
    .orderBy(orders.shipBy)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  const reminded = await tx
    .update(orders)
    .set({ shipByRemindedAt: opts.now })
    .where(and(inArray(orders.id, due), isNull(orders.shipByRemindedAt)))
    .returning({ id: orders.id, productId: orders.productId, shipBy: orders.shipBy, trackerId: orders.trackerId });
  if (reminded.length === 0) return [];
  const names = await tx
    .select({ id: products.id, name: products.name, sellerId: products.sellerId })
    .from(products)
    .where(
      inArray(
        products.id,
        reminded.map((row) => row.productId),
      ),
    );
  const byId = new Map(names.map((row) => [row.id, row]));
  return reminded.map((row) => ({
    orderId: row.id,
    shipBy: row.shipBy!,
    isLabelBought: row.trackerId !== null,
    productName: byId.get(row.productId)!.name,
    sellerId: byId.get(row.productId)!.sellerId,
  }));
};

/** Orders past their deadline with no carrier scan (nothing locked: their trackers are asked first). */
export const findMissedDropOffs = (db: Executor, opts: { now: Date; limit: number }) =>
  db
    .select({ id: orders.id, trackerId: orders.trackerId })
    .from(orders)
    .where(and(isAwaitingDropOff, lte(orders.shipBy, opts.now), noUndecidedProblem))
    .orderBy(orders.shipBy)
    .limit(opts.limit);

/**
 * The order locked for its cancellation, if it still missed its drop-off: a scan that arrived
 * meanwhile, a refund, a buyer's report or another replica that got there first leaves nothing.
 */
export const lockMissedDropOff = async (tx: Executor, orderId: string, now: Date) => {
  const [row] = await tx
    .select({
      id: orders.id,
      shipBy: orders.shipBy,
      buyerId: orders.buyerId,
      priceCents: orders.priceCents,
      buyerFeeCents: orders.buyerFeeCents,
      trackerId: orders.trackerId,
      shipmentId: orders.shipmentId,
      productName: products.name,
      sellerId: products.sellerId,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.id, orderId), isAwaitingDropOff, lte(orders.shipBy, now), noUndecidedProblem))
    .for('update', { of: orders, skipLocked: true });
  return row;
};

export const markMissedDropOff = (tx: Executor, orderId: string, at: Date) =>
  tx.update(orders).set({ missedDropOffAt: at }).where(eq(orders.id, orderId));

/**
 * The refund's problem report, already decided: the refund engine carries it out (and the
 * progress-orders job takes it over after `leaseUntil` if this run does not finish it).
 */
export const insertRefundingProblem = async (
  tx: Executor,
  values: { orderId: string; reporterId: string; reason: string; leaseUntil: Date },
) => {
  const [row] = await tx
    .insert(orderProblems)
    .values({
      orderId: values.orderId,
      reporterId: values.reporterId,
      reason: values.reason,
      status: 'refunding',
      nextAttemptAt: values.leaseUntil,
    })
    .returning({ id: orderProblems.id });
  return row!.id;
};

// ---------------------------------------------------------------------------------------------
// The admins' list

const sellers = alias(users, 'missed_seller');
const buyers = alias(users, 'missed_buyer');

/** Missed drop-offs, newest first; keyset on (missed_drop_off_at, id). */
export const listMissedDropOffs = (db: Executor, opts: { limit: number; after?: NewestKey | undefined }) =>
  db
    .select({
      orderId: orders.id,
      priceCents: orders.priceCents,
      paidAt: orders.paidAt,
      shipBy: orders.shipBy,
      missedAt: orders.missedDropOffAt,
      trackerId: orders.trackerId,
      labelRefundedAt: orders.labelRefundedAt,
      product: { id: products.id, name: products.name },
      seller: { id: sellers.id, name: sellers.name, email: sellers.email },
      buyer: { id: buyers.id, name: buyers.name },
      refund: sql<
        string | null
      >`(select p.status from ${orderProblems} p where p.order_id = ${orders.id} order by p.created_at desc limit 1)`,
      missedBySeller:
        sql<number>`(select count(*) from ${orders} o2 join ${products} p2 on p2.id = o2.product_id where p2.seller_id = ${products.sellerId} and o2.missed_drop_off_at is not null)`.mapWith(
          Number,
        ),
      us: microsOf(orders.missedDropOffAt),
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(
      and(
        isNotNull(orders.missedDropOffAt),
        opts.after
          ? sql`(${orders.missedDropOffAt}, ${orders.id}) < (${timestampOf(opts.after.us)}, ${opts.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(orders.missedDropOffAt), desc(orders.id))
    .limit(opts.limit);
export type MissedDropOffRow = Awaited<ReturnType<typeof listMissedDropOffs>>[number];
