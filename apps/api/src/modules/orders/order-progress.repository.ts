/**
 * A paid order's progress and its problem reports in the database (docs/decisions/0042). Every
 * change locks the order's row first (only the order's: no path here locks a phone, so the
 * sale's lock order, phone then order, is never reversed).
 */
import { and, desc, eq, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { orderProblems, orderReturns, orders, payments, products, users } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';

/**
 * A report an admin has not decided yet: open, its refund under way, or its refund failed (anything
 * but decided; the partial indexes say the same, so these queries use them).
 */
const isUndecided = notInArray(orderProblems.status, ['refunded', 'closed']);

/**
 * Whether the order has a problem report an admin has not decided yet (open, its refund under way
 * or failed), or a return waiting for an admin's decision (decision 0074). While it has one, the
 * admins may read the order's messages.
 */
export const hasOpenProblem = async (db: Executor, orderId: string): Promise<boolean> =>
  (
    await db
      .select({ id: orderProblems.id })
      .from(orderProblems)
      .where(and(eq(orderProblems.orderId, orderId), isUndecided))
      .limit(1)
  ).length > 0 ||
  (
    await db
      .select({ id: orderReturns.id })
      .from(orderReturns)
      .where(
        and(
          eq(orderReturns.orderId, orderId),
          inArray(orderReturns.status, ['declined', 'escalated', 'imei_mismatch']),
        ),
      )
      .limit(1)
  ).length > 0;

/** Whether the order has a return under way (decision 0074): it pauses receipt, reports and completion. */
export const hasOpenReturn = async (db: Executor, orderId: string): Promise<boolean> =>
  (
    await db
      .select({ id: orderReturns.id })
      .from(orderReturns)
      .where(and(eq(orderReturns.orderId, orderId), notInArray(orderReturns.status, ['refunded', 'rejected'])))
      .limit(1)
  ).length > 0;

const problemColumns = {
  id: orderProblems.id,
  orderId: orderProblems.orderId,
  reason: orderProblems.reason,
  status: orderProblems.status,
  createdAt: orderProblems.createdAt,
  resolvedAt: orderProblems.resolvedAt,
  refundCents: orderProblems.refundCents,
};
const selectLatestProblems = (db: Executor, orderIds: readonly string[]) =>
  db
    .select(problemColumns)
    .from(orderProblems)
    .where(
      and(
        inArray(orderProblems.orderId, [...orderIds]),
        // A return's refund is the return's to show (decision 0074), not a report of the buyer's.
        isNull(orderProblems.returnId),
        sql`${orderProblems.createdAt} = (select max(p2.created_at) from order_problems p2 where p2.order_id = ${orderProblems.orderId} and p2.return_id is null)`,
      ),
    );
export type ProblemRow = Awaited<ReturnType<typeof selectLatestProblems>>[number];

/** Each order's latest problem report (by order id), for the orders' and sales' pages. */
export const latestProblemsOf = async (db: Executor, orderIds: readonly string[]): Promise<Map<string, ProblemRow>> =>
  orderIds.length === 0
    ? new Map()
    : new Map((await selectLatestProblems(db, orderIds)).map((row) => [row.orderId, row]));

/** Every problem report of the order, oldest first (order_problems_order_idx), for its page's timeline. */
export const problemsOfOrder = (db: Executor, orderId: string): Promise<ProblemRow[]> =>
  db
    .select(problemColumns)
    .from(orderProblems)
    .where(and(eq(orderProblems.orderId, orderId), isNull(orderProblems.returnId)))
    .orderBy(orderProblems.createdAt, orderProblems.id);

/** The order locked for a change of its progress, with its phone's name and both parties' emails. */
export const lockOrderForProgress = async (tx: Executor, orderId: string) => {
  const buyer = alias(users, 'buyer');
  const seller = alias(users, 'seller');
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      progress: orders.progress,
      handedOverAt: orders.handedOverAt,
      completedAt: orders.completedAt,
      refundedAt: orders.refundedAt,
      deliveryMethod: orders.deliveryMethod,
      trackerId: orders.trackerId,
      deliveredAt: orders.deliveredAt,
      priceCents: orders.priceCents,
      productId: orders.productId,
      productName: products.name,
      buyerId: orders.buyerId,
      buyerEmail: buyer.email,
      sellerId: products.sellerId,
      sellerEmail: seller.email,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, products.sellerId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  return row;
};
export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrderForProgress>>>;

export const markHandedOver = (
  tx: Executor,
  orderId: string,
  values: { progress: 'handed_over' | 'shipped'; trackingNote: string | null; at: Date },
) =>
  tx
    .update(orders)
    .set({
      progress: values.progress,
      isShipped: values.progress === 'shipped',
      handedOverAt: values.at,
      trackingNote: values.trackingNote,
    })
    .where(and(eq(orders.id, orderId), eq(orders.progress, 'awaiting_handover')));

export const markCompleted = (tx: Executor, orderId: string, at: Date) =>
  tx
    .update(orders)
    .set({ progress: 'completed', completedAt: at })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.progress, ['handed_over', 'shipped', 'in_transit', 'delivered', 'lost']),
      ),
    );

export const insertProblem = async (tx: Executor, values: { orderId: string; reporterId: string; reason: string }) => {
  const [row] = await tx.insert(orderProblems).values(values).returning({ id: orderProblems.id });
  return row!.id;
};

/**
 * Completes up to `limit` orders whose buyer's protection started before `startedBefore` that have
 * no undecided problem report and were not refunded: handed over at a meeting or shipped without a
 * tracker (counted from the hand-over), or a tracked parcel delivered (counted from the delivered
 * scan; one on its way, lost or returned never completes here). Replicas running this at once take
 * different orders (SKIP LOCKED) and the update is conditional, so each order completes once.
 * Returns what the completion emails need.
 */
export const completeDueOrders = async (
  tx: Executor,
  opts: { startedBefore: Date; at: Date; limit: number },
): Promise<Array<{ id: string; sellerId: string; sellerEmail: string; productName: string }>> => {
  const before = opts.startedBefore.toISOString();
  const result = (await tx.execute(sql`
    with due as (
      select o.id
        from orders o
       where o.status = 'paid'
         and o.refunded_at is null
         and (
           (o.progress in ('handed_over', 'shipped') and o.tracker_id is null and o.handed_over_at <= ${before}::timestamptz)
           or (o.progress = 'delivered' and o.completed_at is null and o.delivered_at <= ${before}::timestamptz)
         )
         and not exists (
           select 1 from order_problems p where p.order_id = o.id and p.status not in ('refunded', 'closed')
         )
         and not exists (
           select 1 from order_returns r where r.order_id = o.id and r.status not in ('refunded', 'rejected')
         )
       order by coalesce(o.delivered_at, o.handed_over_at)
       limit ${opts.limit}
       for update of o skip locked
    ), done as (
      update orders o
         set progress = 'completed', completed_at = ${opts.at.toISOString()}::timestamptz
        from due
       where o.id = due.id and o.progress in ('handed_over', 'shipped', 'delivered')
      returning o.id, o.product_id
    )
    select done.id, p.seller_id as "sellerId", u.email as "sellerEmail", p.name as "productName"
      from done
      join products p on p.id = done.product_id
      join users u on u.id = p.seller_id
  `)) as unknown as { rows: Array<{ id: string; sellerId: string; sellerEmail: string; productName: string }> };
  return result.rows;
};

// ---------------------------------------------------------------------------------------------
// Problems, for the admins

const buyers = alias(users, 'problem_buyer');
const sellers = alias(users, 'problem_seller');

const adminProblemColumns = {
  problem: {
    id: orderProblems.id,
    reason: orderProblems.reason,
    status: orderProblems.status,
    createdAt: orderProblems.createdAt,
    resolvedAt: orderProblems.resolvedAt,
    refundCents: orderProblems.refundCents,
    /** The return whose refund this is (decision 0074); null for a buyer's report. */
    returnId: orderProblems.returnId,
  },
  order: {
    id: orders.id,
    priceCents: orders.priceCents,
    paidAt: orders.paidAt,
    progress: orders.progress,
    handedOverAt: orders.handedOverAt,
    trackingNote: orders.trackingNote,
    transactionId: orders.transactionId,
    paymentStatus: payments.status,
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
  us: microsOf(orderProblems.createdAt),
};

const adminProblemQuery = (db: Executor) =>
  db
    .select(adminProblemColumns)
    .from(orderProblems)
    .innerJoin(orders, eq(orders.id, orderProblems.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .leftJoin(payments, eq(payments.orderId, orders.id));

export type AdminProblemRow = NonNullable<Awaited<ReturnType<typeof findAdminProblem>>>;

/** Undecided problem reports (open, refunding, refund failed), newest first; keyset on (created_at, id). */
export const listOpenProblems = (db: Executor, opts: { limit: number; after?: NewestKey | undefined }) =>
  adminProblemQuery(db)
    .where(
      and(
        isUndecided,
        opts.after
          ? sql`(${orderProblems.createdAt}, ${orderProblems.id}) < (${timestampOf(opts.after.us)}, ${opts.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(orderProblems.createdAt), desc(orderProblems.id))
    .limit(opts.limit);

export const findAdminProblem = async (db: Executor, problemId: string) => {
  const [row] = await adminProblemQuery(db).where(eq(orderProblems.id, problemId)).limit(1);
  return row;
};

/** The problem locked for an admin's decision, with its order. */
export const lockProblem = async (tx: Executor, problemId: string) => {
  const [row] = await tx
    .select({
      id: orderProblems.id,
      orderId: orderProblems.orderId,
      status: orderProblems.status,
      paymentIntentId: orders.transactionId,
      paidCents: payments.amountCents,
      refundedCents: payments.refundedCents,
    })
    .from(orderProblems)
    .innerJoin(orders, eq(orders.id, orderProblems.orderId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orderProblems.id, problemId))
    .for('update', { of: orderProblems });
  return row;
};

/**
 * An admin closes an open report, or one whose refund failed, without a refund. A return's failed
 * refund closed so ends its return: rejected, and the order completes as usual.
 */
export const closeProblem = async (tx: Executor, problemId: string, adminId: string, at: Date) => {
  const [row] = await tx
    .update(orderProblems)
    .set({ status: 'closed', resolvedAt: at, resolvedBy: adminId, nextAttemptAt: null })
    .where(and(eq(orderProblems.id, problemId), inArray(orderProblems.status, ['open', 'refund_failed'])))
    .returning({ returnId: orderProblems.returnId });
  if (row?.returnId) {
    await tx
      .update(orderReturns)
      .set({ status: 'rejected' })
      .where(and(eq(orderReturns.id, row.returnId), eq(orderReturns.status, 'refunding')));
  }
};

/**
 * A return's refund, decided (by the seller's IMEI check or an admin; decision 0074): a report of
 * the order already 'refunding', leased to the caller until `leaseUntil`, which the refund engine
 * carries out as an admin's refund.
 */
export const insertReturnRefund = async (
  tx: Executor,
  values: {
    orderId: string;
    returnId: string;
    reporterId: string;
    reason: string;
    decidedBy: string | null;
    refundCents: number | null;
    leaseUntil: Date;
  },
) => {
  const [row] = await tx
    .insert(orderProblems)
    .values({
      orderId: values.orderId,
      returnId: values.returnId,
      reporterId: values.reporterId,
      reason: values.reason,
      status: 'refunding',
      resolvedBy: values.decidedBy,
      refundCents: values.refundCents,
      nextAttemptAt: values.leaseUntil,
    })
    .returning({ id: orderProblems.id });
  return row!.id;
};

/**
 * An admin decided to refund (an open report, or again after a failed refund): the refund is under
 * way with a fresh count of tries, and the job may take it over after `leaseUntil`.
 */
export const startRefund = (
  tx: Executor,
  problemId: string,
  decision: { adminId: string; leaseUntil: Date; refundCents: number | null },
) =>
  tx
    .update(orderProblems)
    .set({
      status: 'refunding',
      resolvedBy: decision.adminId,
      nextAttemptAt: decision.leaseUntil,
      refundCents: decision.refundCents,
      attempts: 0,
    })
    .where(and(eq(orderProblems.id, problemId), inArray(orderProblems.status, ['open', 'refund_failed'])));

/** Takes over a refund under way whose lease (or retry delay) is over; false while someone holds it. */
export const takeRefundLease = async (tx: Executor, problemId: string, now: Date, leaseUntil: Date) =>
  (
    await tx
      .update(orderProblems)
      .set({ nextAttemptAt: leaseUntil })
      .where(
        and(
          eq(orderProblems.id, problemId),
          eq(orderProblems.status, 'refunding'),
          lte(orderProblems.nextAttemptAt, now),
        ),
      )
      .returning({ id: orderProblems.id })
  ).length > 0;

/**
 * A refund's try failed and may pass on a later one (an outage): counted, noted, and tried again
 * after 1 min, doubling, at most an hour. Returns the tries so far (none while not refunding).
 */
export const noteRefundFailure = async (
  db: Executor,
  problemId: string,
  values: { now: Date; lastError: string },
): Promise<number | undefined> =>
  (
    await db
      .update(orderProblems)
      .set({
        attempts: sql`${orderProblems.attempts} + 1`,
        lastError: values.lastError,
        nextAttemptAt: sql`${values.now.toISOString()}::timestamptz + least(interval '1 minute' * power(2, ${orderProblems.attempts}), interval '1 hour')`,
      })
      .where(and(eq(orderProblems.id, problemId), eq(orderProblems.status, 'refunding')))
      .returning({ attempts: orderProblems.attempts })
  )[0]?.attempts;

/**
 * The refund failed for good (the processor refused it, or stayed out of reach for every try):
 * nothing was refunded, nothing retries it, and the report waits for an admin's decision again.
 * Conditional on 'refunding', so it happens once; returns the report's order and deciding admin.
 */
export const failRefund = async (tx: Executor, problemId: string, lastError: string) => {
  const [row] = await tx
    .update(orderProblems)
    .set({ status: 'refund_failed', nextAttemptAt: null, lastError })
    .where(and(eq(orderProblems.id, problemId), eq(orderProblems.status, 'refunding')))
    .returning({
      orderId: orderProblems.orderId,
      resolvedBy: orderProblems.resolvedBy,
      attempts: orderProblems.attempts,
    });
  return row;
};

/**
 * Takes up to `limit` refunds due at `now` (an admin's request that did not finish) for one
 * attempt until `leaseUntil`; replicas take different ones.
 */
export const leaseDueRefunds = async (db: Executor, opts: { now: Date; leaseUntil: Date; limit: number }) => {
  const due = db
    .select({ id: orderProblems.id })
    .from(orderProblems)
    .where(and(eq(orderProblems.status, 'refunding'), lte(orderProblems.nextAttemptAt, opts.now)))
    .orderBy(orderProblems.nextAttemptAt)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(orderProblems)
    .set({ nextAttemptAt: opts.leaseUntil })
    .where(inArray(orderProblems.id, due))
    .returning({ id: orderProblems.id, orderId: orderProblems.orderId, resolvedBy: orderProblems.resolvedBy });
};

/**
 * The refund went through at the processor: the problem is refunded (once: conditional on
 * 'refunding') and the order carries the time; the service marks the payment through its owner.
 */
export const finishRefund = async (tx: Executor, problemId: string, at: Date) => {
  const [row] = await tx
    .update(orderProblems)
    .set({ status: 'refunded', resolvedAt: at, nextAttemptAt: null, lastError: null })
    .where(and(eq(orderProblems.id, problemId), eq(orderProblems.status, 'refunding')))
    .returning({
      orderId: orderProblems.orderId,
      resolvedBy: orderProblems.resolvedBy,
      refundCents: orderProblems.refundCents,
      returnId: orderProblems.returnId,
    });
  if (!row) return undefined;
  if (row.returnId) {
    await tx
      .update(orderReturns)
      .set({ status: 'refunded' })
      .where(and(eq(orderReturns.id, row.returnId), eq(orderReturns.status, 'refunding')));
  }
  // Refunded in full, the order is over; a part refunded, it goes on to completion.
  if (row.refundCents === null) await tx.update(orders).set({ refundedAt: at }).where(eq(orders.id, row.orderId));
  return row;
};

/** The order's processor payment (its intent id), for a refund. */
export const paymentIntentOfProblem = async (db: Executor, problemId: string) => {
  const [row] = await db
    .select({
      orderId: orders.id,
      paymentIntentId: orders.transactionId,
      priceCents: orders.priceCents,
      refundCents: orderProblems.refundCents,
    })
    .from(orderProblems)
    .innerJoin(orders, eq(orders.id, orderProblems.orderId))
    .where(eq(orderProblems.id, problemId))
    .limit(1);
  return row;
};
