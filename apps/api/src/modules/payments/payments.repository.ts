/**
 * The sale's reads and writes: the order and its phone under row locks, the payment, the order
 * paid, and processed webhook events. (The phone's own changes, sold and its advertisement gone,
 * are the products repository's.)
 *
 * Lock order, everywhere: the phone (products) first, then the order. Two sales of one phone wait
 * for each other on the phone's row, whichever API replica runs them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, payments, products, users, webhookEvents } from '../../db/schema.ts';

/** Who booked the order (for the 404 that hides other buyers' orders). */
export const findOrderBuyer = async (db: Executor, orderId: string) => {
  const [row] = await db.select({ buyerId: orders.buyerId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row?.buyerId;
};

/**
 * The order, locked, with its phone's status (not locked): one payment-intent request per order at
 * a time decides whether a new intent is needed.
 */
export const lockOrderWithProductStatus = async (tx: Executor, orderId: string) => {
  const [row] = await tx
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      status: orders.status,
      priceCents: orders.priceCents,
      paymentIntentId: orders.paymentIntentId,
      productStatus: products.status,
      isSellerActive: sql<boolean>`${users.disabledAt} is null`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  return row;
};

export const setPaymentIntent = (tx: Executor, orderId: string, paymentIntentId: string) =>
  tx.update(orders).set({ paymentIntentId }).where(eq(orders.id, orderId));

/**
 * Locks the phone the order is for: the first lock of a sale (concurrent sales of it wait here).
 * Also says whether its seller's account is still active (a removed seller's phones are not sold).
 */
export const lockProductOfOrder = async (tx: Executor, orderId: string) => {
  const [row] = await tx
    .select({
      id: products.id,
      status: products.status,
      isSellerActive: sql<boolean>`${users.disabledAt} is null`,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, sql`(select ${orders.productId} from ${orders} where ${orders.id} = ${orderId})`))
    .for('update', { of: products });
  return row;
};

/** Locks the order (after its phone). */
export const lockOrder = async (tx: Executor, orderId: string) => {
  const [row] = await tx
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      productId: orders.productId,
      status: orders.status,
      priceCents: orders.priceCents,
      transactionId: orders.transactionId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row;
};

/** Records the payment; false when this order or this processor payment already has one. */
export const insertPayment = async (
  tx: Executor,
  payment: { orderId: string; provider: string; providerPaymentId: string; amountCents: number; currency: string },
) =>
  (
    await tx
      .insert(payments)
      .values({ ...payment, status: 'succeeded' })
      .onConflictDoNothing()
      .returning({ id: payments.id })
  ).length > 0;

export const markOrderPaid = (tx: Executor, orderId: string, transactionId: string) =>
  tx
    .update(orders)
    .set({ status: 'paid', transactionId, paymentIntentId: transactionId, paidAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'booked')));

/** Notes a processor's webhook event as handled; false when it was handled before. */
export const insertWebhookEvent = async (tx: Executor, event: { provider: string; eventId: string; type: string }) =>
  (await tx.insert(webhookEvents).values(event).onConflictDoNothing().returning({ eventId: webhookEvents.eventId }))
    .length > 0;
