/**
 * The payments tables: the sale claim, the payment, money to give back (payment_releases) and
 * processed webhook events, with the reads the payment paths make of orders. (The order's own
 * changes, its intent and paid, are the orders repository's; the phone's, sold and its
 * advertisement gone, the products repository's; so are the row locks of both.)
 *
 * Lock order, everywhere: the phone (products) first, then the order. Two sales of one phone wait
 * for each other on the phone's row, whichever API replica runs them.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, paymentReleases, payments, products, saleClaims, users, webhookEvents } from '../../db/schema.ts';

/** Who booked the order (for the 404 that hides other buyers' orders). */
export const findOrderBuyer = async (db: Executor, orderId: string) => {
  const [row] = await db.select({ buyerId: orders.buyerId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row?.buyerId;
};

/** The order with its phone's status, unlocked (the payment page's intent is decided outside any lock). */
export const findOrderWithProductStatus = async (db: Executor, orderId: string) => {
  const [row] = await db
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      status: orders.status,
      priceCents: orders.priceCents,
      buyerFeeCents: orders.buyerFeeCents,
      shippingCents: orders.shippingCents,
      paymentIntentId: orders.paymentIntentId,
      productStatus: products.status,
      isSellerActive: sql<boolean>`${users.disabledAt} is null`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
};

/** Records the payment; false when this order or this processor payment already has one. */
export const insertPayment = async (
  tx: Executor,
  payment: {
    orderId: string;
    provider: string;
    providerPaymentId: string;
    amountCents: number;
    currency: string;
    cardLast4: string | null;
  },
) =>
  (
    await tx
      .insert(payments)
      .values({ ...payment, status: 'succeeded' })
      .onConflictDoNothing()
      .returning({ id: payments.id })
  ).length > 0;

/** Notes a processor's webhook event as handled; false when it was handled before. */
export const insertWebhookEvent = async (tx: Executor, event: { provider: string; eventId: string; type: string }) =>
  (await tx.insert(webhookEvents).values(event).onConflictDoNothing().returning({ eventId: webhookEvents.eventId }))
    .length > 0;

/** Deletes up to `limit` processed webhook events received before `before`; says how many. */
export const deleteWebhookEventsBefore = async (db: Executor, before: Date, limit: number): Promise<number> => {
  const old = db
    .select({ provider: webhookEvents.provider, eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(lt(webhookEvents.receivedAt, before))
    .limit(limit);
  const rows = await db
    .delete(webhookEvents)
    .where(sql`(${webhookEvents.provider}, ${webhookEvents.eventId}) in (${old})`)
    .returning({ eventId: webhookEvents.eventId });
  return rows.length;
};

/** Whether the webhook event was handled before (a redelivery is a no-op). */
export const isWebhookEventHandled = async (db: Executor, event: { provider: string; eventId: string }) =>
  (
    await db
      .select({ eventId: webhookEvents.eventId })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.eventId)))
      .limit(1)
  ).length > 0;

// ---------------------------------------------------------------------------------------------
// Sale claims: the phone reserved for the order whose card is being captured

export type SaleClaim = typeof saleClaims.$inferSelect;

export const findClaimOfProduct = async (db: Executor, productId: string): Promise<SaleClaim | undefined> => {
  const [row] = await db.select().from(saleClaims).where(eq(saleClaims.productId, productId)).limit(1);
  return row;
};

export const findClaimOfOrder = async (db: Executor, orderId: string): Promise<SaleClaim | undefined> => {
  const [row] = await db.select().from(saleClaims).where(eq(saleClaims.orderId, orderId)).limit(1);
  return row;
};

/** Claims the phone for the order (under the phone's and the order's locks, after finding no claim). */
export const insertClaim = (tx: Executor, claim: { productId: string; orderId: string; paymentIntentId: string }) =>
  tx.insert(saleClaims).values(claim);

/** Frees the phone, if it is still claimed by this order with this intent. */
export const deleteClaim = (db: Executor, claim: { productId: string; orderId: string; paymentIntentId: string }) =>
  db
    .delete(saleClaims)
    .where(
      and(
        eq(saleClaims.productId, claim.productId),
        eq(saleClaims.orderId, claim.orderId),
        eq(saleClaims.paymentIntentId, claim.paymentIntentId),
      ),
    );

/** The sale is recorded (or the order is paid): its claim, whatever intent it names, has done its job. */
export const deleteClaimOfOrder = (db: Executor, orderId: string) =>
  db.delete(saleClaims).where(eq(saleClaims.orderId, orderId));

/**
 * Takes over claims older than `createdBefore` that no other run holds, until `leaseUntil`; several
 * replicas running the reconcile job each get different ones.
 */
export const leaseStaleClaims = async (
  db: Executor,
  opts: { createdBefore: Date; now: Date; leaseUntil: Date; limit: number },
): Promise<SaleClaim[]> => {
  const due = db
    .select({ productId: saleClaims.productId })
    .from(saleClaims)
    .where(
      and(
        lte(saleClaims.createdAt, opts.createdBefore),
        or(isNull(saleClaims.leasedUntil), lte(saleClaims.leasedUntil, opts.now)),
      ),
    )
    .orderBy(asc(saleClaims.createdAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(saleClaims)
    .set({ leasedUntil: opts.leaseUntil })
    .where(inArray(saleClaims.productId, due))
    .returning();
};

// ---------------------------------------------------------------------------------------------
// Payment releases: money to give back at the processor (an outbox, retried until done)

export type ReleaseKind = 'cancel' | 'refund';
export type PaymentRelease = typeof paymentReleases.$inferSelect;

/** Lists the intent's money to give back; a second listing of the same intent is a no-op. */
export const insertRelease = (db: Executor, release: { paymentIntentId: string; orderId: string; kind: ReleaseKind }) =>
  db.insert(paymentReleases).values(release).onConflictDoNothing();

/** Whether the intent is listed to be released: such an intent never pays for a sale. */
export const hasRelease = async (db: Executor, paymentIntentId: string) =>
  (
    await db
      .select({ id: paymentReleases.paymentIntentId })
      .from(paymentReleases)
      .where(eq(paymentReleases.paymentIntentId, paymentIntentId))
      .limit(1)
  ).length > 0;

export const findRelease = async (db: Executor, paymentIntentId: string): Promise<PaymentRelease | undefined> => {
  const [row] = await db
    .select()
    .from(paymentReleases)
    .where(eq(paymentReleases.paymentIntentId, paymentIntentId))
    .limit(1);
  return row;
};

/**
 * The phone was just sold: the intents of the other open orders on it will never pay, so their
 * authorisations are listed for release. Returns the listed intents.
 */
export const insertReleasesOfOtherOrders = async (tx: Executor, productId: string, soldOrderId: string) => {
  const rows = await tx
    .select({ paymentIntentId: orders.paymentIntentId, orderId: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.productId, productId),
        ne(orders.id, soldOrderId),
        eq(orders.status, 'booked'),
        isNotNull(orders.paymentIntentId),
      ),
    );
  const releases = rows.map((row) => ({
    paymentIntentId: row.paymentIntentId!,
    orderId: row.orderId,
    kind: 'cancel' as const,
  }));
  if (releases.length === 0) return [];
  const inserted = await tx
    .insert(paymentReleases)
    .values(releases)
    .onConflictDoNothing()
    .returning({ paymentIntentId: paymentReleases.paymentIntentId });
  return inserted.map((row) => row.paymentIntentId);
};

/**
 * Lists the intents of unpaid orders that can no longer be paid (cancelled, or the phone sold,
 * removed or its seller removed) and have no release yet: what a path that missed its release (a
 * crash, an admin's removal) left held. The orders are locked without waiting (another run, or a
 * sale in progress, keeps its rows), and an order with a sale claim is the claim's to finish.
 */
export const insertReleasesOfUnpayableOrders = async (db: Executor, limit: number): Promise<string[]> => {
  const result = (await db.execute(sql`
    with unpayable as (
      select ${orders.paymentIntentId} as payment_intent_id, ${orders.id} as order_id
      from ${orders}
      join ${products} on ${products.id} = ${orders.productId}
      join ${users} on ${users.id} = ${products.sellerId}
      where ${orders.status} in ('booked', 'cancelled')
        and ${orders.paymentIntentId} is not null
        and (${orders.status} = 'cancelled' or ${products.status} <> 'available' or ${users.disabledAt} is not null)
        and not exists (
          select 1 from ${paymentReleases} where ${paymentReleases.paymentIntentId} = ${orders.paymentIntentId}
        )
        and not exists (select 1 from ${saleClaims} where ${saleClaims.orderId} = ${orders.id})
      limit ${limit}
      for update of ${orders} skip locked
    )
    insert into ${paymentReleases} (payment_intent_id, order_id, kind)
    select payment_intent_id, order_id, 'cancel' from unpayable
    on conflict do nothing
    returning payment_intent_id`)) as unknown as { rows: Array<{ payment_intent_id: string }> };
  return result.rows.map((row) => row.payment_intent_id);
};

/** Takes pending releases that are due and that no other run holds, until `leaseUntil`. */
export const leaseDueReleases = async (
  db: Executor,
  opts: { now: Date; leaseUntil: Date; limit: number },
): Promise<PaymentRelease[]> => {
  const due = db
    .select({ id: paymentReleases.paymentIntentId })
    .from(paymentReleases)
    .where(and(isNull(paymentReleases.doneAt), lte(paymentReleases.nextAttemptAt, opts.now)))
    .orderBy(asc(paymentReleases.nextAttemptAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(paymentReleases)
    .set({ nextAttemptAt: opts.leaseUntil })
    .where(inArray(paymentReleases.paymentIntentId, due))
    .returning();
};

export const markReleaseDone = (db: Executor, paymentIntentId: string, note: string | null = null) =>
  db
    .update(paymentReleases)
    .set({ doneAt: sql`now()`, lastError: note, attempts: sql`${paymentReleases.attempts} + 1` })
    .where(and(eq(paymentReleases.paymentIntentId, paymentIntentId), isNull(paymentReleases.doneAt)));

export const markReleaseFailed = (db: Executor, paymentIntentId: string, error: string, retryAt: Date) =>
  db
    .update(paymentReleases)
    .set({ lastError: error, attempts: sql`${paymentReleases.attempts} + 1`, nextAttemptAt: retryAt })
    .where(and(eq(paymentReleases.paymentIntentId, paymentIntentId), isNull(paymentReleases.doneAt)));

/** Whether a sale was recorded with this processor payment (its money is never given back by a release). */
export const isPaymentRecorded = async (db: Executor, providerPaymentId: string) =>
  (
    await db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.providerPaymentId, providerPaymentId))
      .limit(1)
  ).length > 0;

/** The payment's status once a refund of the whole of it went through. */
export const setPaymentRefunded = async (tx: Executor, orderId: string): Promise<void> => {
  await tx
    .update(payments)
    .set({ status: 'refunded', refundedCents: payments.amountCents })
    .where(eq(payments.orderId, orderId));
};

/** Part of the payment given back: its refunded amount grows; answers what a refund's share-out needs. */
export const addRefundedCents = async (tx: Executor, orderId: string, cents: number) => {
  const [row] = await tx
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${cents}` })
    .where(eq(payments.orderId, orderId))
    .returning({ paidCents: payments.amountCents });
  if (!row) return undefined;
  const [order] = await tx
    .select({ sellerFeeCents: orders.sellerFeeCents, buyerFeeCents: orders.buyerFeeCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  return { paidCents: row.paidCents, feesCents: (order?.sellerFeeCents ?? 0) + (order?.buyerFeeCents ?? 0) };
};

/** A paid order's receipt, for its buyer only (another buyer's order answers nothing). */
export const findReceipt = async (db: Executor, orderId: string, buyerId: string) => {
  const [row] = await db
    .select({
      orderId: orders.id,
      productName: products.name,
      priceCents: orders.priceCents,
      buyerFeeCents: orders.buyerFeeCents,
      shippingCents: orders.shippingCents,
      totalCents: payments.amountCents,
      cardLast4: payments.cardLast4,
      paidAt: payments.createdAt,
      status: payments.status,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(payments.orderId, orderId), eq(orders.buyerId, buyerId)))
    .limit(1);
  return row;
};
