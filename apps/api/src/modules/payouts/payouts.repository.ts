/**
 * Payout accounts (payout_accounts) and each sale's share for its seller (seller_payouts). Every
 * change of a share's state is one conditional UPDATE … WHERE status = <the state it leaves> …
 * RETURNING, so two replicas racing on one share cannot both move it.
 */
import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  ledgerEntries,
  orderProblems,
  orders,
  payments,
  payoutAccounts,
  products,
  sellerBankPayouts,
  sellerPayouts,
} from '../../db/schema.ts';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type SellerPayoutRow = typeof sellerPayouts.$inferSelect;

export const findAccountOfSeller = async (db: Executor, sellerId: string): Promise<PayoutAccountRow | undefined> => {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId));
  return row;
};

/** A seller's account once: a second insert (two clicks, two replicas) keeps the first. */
export const insertAccount = async (
  db: Executor,
  values: Pick<PayoutAccountRow, 'sellerId' | 'processor' | 'accountId'> & AccountFields,
): Promise<PayoutAccountRow> => {
  await db.insert(payoutAccounts).values(values).onConflictDoNothing({ target: payoutAccounts.sellerId });
  return (await findAccountOfSeller(db, values.sellerId))!;
};

export type AccountFields = Pick<
  PayoutAccountRow,
  'detailsSubmitted' | 'payoutsEnabled' | 'requirementsDue' | 'disabledReason'
>;

/** The processor's view of the account, copied (an account the app does not know changes nothing). */
export const updateAccount = async (db: Executor, accountId: string, fields: AccountFields) => {
  const [row] = await db
    .update(payoutAccounts)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(payoutAccounts.accountId, accountId))
    .returning();
  return row;
};

/** The sale's share held for its seller, in the sale's transaction. */
export const insertHeldPayout = async (
  tx: Executor,
  values: { orderId: string; sellerId: string; amountCents: number },
) => {
  await tx.insert(sellerPayouts).values(values).onConflictDoNothing({ target: sellerPayouts.orderId });
};

export const findPayout = async (db: Executor, orderId: string): Promise<SellerPayoutRow | undefined> => {
  const [row] = await db.select().from(sellerPayouts).where(eq(sellerPayouts.orderId, orderId));
  return row;
};

export const lockPayout = async (tx: Executor, orderId: string): Promise<SellerPayoutRow | undefined> => {
  const [row] = await tx.select().from(sellerPayouts).where(eq(sellerPayouts.orderId, orderId)).for('update');
  return row;
};

/**
 * Leases up to `limit` shares to send now: held ones whose order completed (not refunded, no
 * undecided problem) and whose seller's account is ready, and ones being sent whose lease and
 * wait are over (a crash, an outage). Replicas running it at once take different shares.
 */
export const leaseDuePayouts = async (
  db: Executor,
  opts: { now: Date; leaseUntil: Date; limit: number },
): Promise<{ orderId: string }[]> => {
  const due = db
    .select({ orderId: sellerPayouts.orderId })
    .from(sellerPayouts)
    .innerJoin(orders, eq(orders.id, sellerPayouts.orderId))
    .innerJoin(payoutAccounts, eq(payoutAccounts.sellerId, sellerPayouts.sellerId))
    .where(
      and(
        eq(payoutAccounts.payoutsEnabled, true),
        or(
          and(
            eq(sellerPayouts.status, 'held'),
            isNull(sellerPayouts.frozenAt),
            eq(orders.progress, 'completed'),
            isNull(orders.refundedAt),
            sql`not exists (
              select 1 from ${orderProblems} where ${orderProblems.orderId} = ${orders.id}
                and ${orderProblems.status} in ('open', 'refunding', 'refund_failed'))`,
          ),
          and(
            eq(sellerPayouts.status, 'sending'),
            or(isNull(sellerPayouts.leaseUntil), lt(sellerPayouts.leaseUntil, opts.now)),
            or(isNull(sellerPayouts.nextAttemptAt), lte(sellerPayouts.nextAttemptAt, opts.now)),
          ),
        ),
      ),
    )
    .orderBy(sellerPayouts.createdAt)
    .limit(opts.limit)
    .for('update', { of: sellerPayouts, skipLocked: true });
  return db
    .update(sellerPayouts)
    .set({ status: 'sending', leaseUntil: opts.leaseUntil })
    .where(inArray(sellerPayouts.orderId, due))
    .returning({ orderId: sellerPayouts.orderId });
};

/**
 * An admin sends a failed share again: it is leased to this request like a due one, under a new
 * idempotency key (the processor remembers its refusal under the old one).
 */
export const leaseFailedPayout = async (tx: Executor, orderId: string, leaseUntil: Date) =>
  (
    await tx
      .update(sellerPayouts)
      .set({
        status: 'sending',
        leaseUntil,
        attempts: 0,
        nextAttemptAt: null,
        retries: sql`${sellerPayouts.retries} + 1`,
      })
      .where(and(eq(sellerPayouts.orderId, orderId), eq(sellerPayouts.status, 'failed')))
      .returning()
  )[0];

/** What the transfer needs: the seller's account and the sale's payment. */
export const transferFactsOf = async (db: Executor, orderId: string) => {
  const [row] = await db
    .select({
      amountCents: sellerPayouts.amountCents,
      status: sellerPayouts.status,
      retries: sellerPayouts.retries,
      sellerId: sellerPayouts.sellerId,
      accountId: payoutAccounts.accountId,
      paymentIntentId: orders.transactionId,
    })
    .from(sellerPayouts)
    .innerJoin(orders, eq(orders.id, sellerPayouts.orderId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.sellerId, sellerPayouts.sellerId))
    .where(eq(sellerPayouts.orderId, orderId));
  return row;
};

/** The transfer was made: the share is sent (only from 'sending', so it is recorded once). */
export const markSent = async (tx: Executor, orderId: string, transferId: string, at: Date) =>
  (
    await tx
      .update(sellerPayouts)
      .set({ status: 'sent', transferId, sentAt: at, leaseUntil: null, nextAttemptAt: null, lastError: null })
      .where(and(eq(sellerPayouts.orderId, orderId), eq(sellerPayouts.status, 'sending')))
      .returning()
  )[0];

/** A try that may succeed later: counted, with the time of the next one. Returns the tries so far. */
export const noteSendFailure = async (
  db: Executor,
  orderId: string,
  failure: { now: Date; lastError: string; backoffMs: (attempts: number) => number },
): Promise<number | undefined> => {
  const [row] = await db
    .update(sellerPayouts)
    .set({ attempts: sql`${sellerPayouts.attempts} + 1`, lastError: failure.lastError, leaseUntil: null })
    .where(and(eq(sellerPayouts.orderId, orderId), eq(sellerPayouts.status, 'sending')))
    .returning({ attempts: sellerPayouts.attempts });
  if (!row) return undefined;
  await db
    .update(sellerPayouts)
    .set({ nextAttemptAt: new Date(failure.now.getTime() + failure.backoffMs(row.attempts)) })
    .where(and(eq(sellerPayouts.orderId, orderId), eq(sellerPayouts.status, 'sending')));
  return row.attempts;
};

/** The transfer failed for good: an admin's to send again. */
export const markFailed = async (tx: Executor, orderId: string, lastError: string) =>
  (
    await tx
      .update(sellerPayouts)
      .set({ status: 'failed', lastError, leaseUntil: null, nextAttemptAt: null })
      .where(and(eq(sellerPayouts.orderId, orderId), eq(sellerPayouts.status, 'sending')))
      .returning()
  )[0];

/** A refund before release: the share will never be sent. */
export const markCancelled = async (tx: Executor, orderId: string) =>
  (
    await tx
      .update(sellerPayouts)
      .set({ status: 'cancelled', leaseUntil: null, nextAttemptAt: null })
      .where(and(eq(sellerPayouts.orderId, orderId), inArray(sellerPayouts.status, ['held', 'failed'])))
      .returning()
  )[0];

/** A refund after release: the transfer was taken back. */
export const markReversed = async (tx: Executor, orderId: string, reversalId: string, at: Date) =>
  (
    await tx
      .update(sellerPayouts)
      .set({ status: 'reversed', reversalId, reversedAt: at })
      .where(and(eq(sellerPayouts.orderId, orderId), eq(sellerPayouts.status, 'sent')))
      .returning()
  )[0];

/** The seller's sales with their shares, newest first, and what the ledger says of each. */
export const listSellerPayouts = async (db: Executor, sellerId: string, limit: number) =>
  db
    .select({
      orderId: sellerPayouts.orderId,
      status: sellerPayouts.status,
      amountCents: sellerPayouts.amountCents,
      sentAt: sellerPayouts.sentAt,
      createdAt: sellerPayouts.createdAt,
      productName: products.name,
      priceCents: orders.priceCents,
      feeCents: orders.sellerFeeCents,
      paidAt: orders.paidAt,
      progress: orders.progress,
      handedOverAt: orders.handedOverAt,
      completedAt: orders.completedAt,
      // What the seller is still owed of this order (the ledger's, as a positive number).
      owedCents: sql<number>`(
        select coalesce(-sum(${ledgerEntries.amountCents}), 0)::bigint from ${ledgerEntries}
        where ${ledgerEntries.orderId} = ${sellerPayouts.orderId} and ${ledgerEntries.account} = 'seller_payable'
      )`,
    })
    .from(sellerPayouts)
    .innerJoin(orders, eq(orders.id, sellerPayouts.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(sellerPayouts.sellerId, sellerId))
    .orderBy(desc(sellerPayouts.createdAt), desc(sellerPayouts.orderId))
    .limit(limit);

/** The seller's totals from the ledger, by the state of each share: still owed, and sent less reversed. */
export const sellerLedgerTotals = async (db: Executor, sellerId: string) => {
  const rows = await db
    .select({
      status: sellerPayouts.status,
      owedCents: sql<number>`coalesce(-sum(${ledgerEntries.amountCents}) filter (
        where ${ledgerEntries.account} = 'seller_payable'), 0)::bigint`,
      sentCents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (
        where ${ledgerEntries.account} = 'seller_payable' and ${ledgerEntries.movement} in ('transfer', 'reversal')
      ), 0)::bigint`,
    })
    .from(sellerPayouts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.orderId, sellerPayouts.orderId))
    .where(eq(sellerPayouts.sellerId, sellerId))
    .groupBy(sellerPayouts.status);
  return rows.map((row) => ({
    status: row.status,
    owedCents: Number(row.owedCents),
    sentCents: Number(row.sentCents),
  }));
};

/** A dispute opened: a held share waits until it closes. */
export const setFrozen = async (tx: Executor, orderId: string, frozenAt: Date | null) =>
  (await tx.update(sellerPayouts).set({ frozenAt }).where(eq(sellerPayouts.orderId, orderId)).returning())[0];

/**
 * A dispute won after the share was taken back: it is held again, to be sent under a new key
 * (the taken-back transfer does not count as made).
 */
export const holdAgain = async (tx: Executor, orderId: string) =>
  (
    await tx
      .update(sellerPayouts)
      .set({
        status: 'held',
        frozenAt: null,
        transferId: null,
        reversalId: null,
        sentAt: null,
        reversedAt: null,
        attempts: 0,
        retries: sql`${sellerPayouts.retries} + 1`,
      })
      .where(and(eq(sellerPayouts.orderId, orderId), eq(sellerPayouts.status, 'reversed')))
      .returning()
  )[0];

/** The seller whose payout account this is. */
export const findSellerOfAccount = async (db: Executor, accountId: string) => {
  const [row] = await db
    .select({ sellerId: payoutAccounts.sellerId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.accountId, accountId));
  return row?.sellerId;
};

/** A bank payout as the processor last told of it. */
export const upsertBankPayout = (db: Executor, payout: typeof sellerBankPayouts.$inferInsert) =>
  db
    .insert(sellerBankPayouts)
    .values(payout)
    .onConflictDoUpdate({
      target: sellerBankPayouts.id,
      set: {
        status: payout.status,
        arrivalDate: payout.arrivalDate,
        failureMessage: payout.failureMessage,
        amountCents: payout.amountCents,
        updatedAt: sql`now()`,
      },
    });

export const listBankPayouts = (db: Executor, sellerId: string, limit: number) =>
  db
    .select()
    .from(sellerBankPayouts)
    .where(eq(sellerBankPayouts.sellerId, sellerId))
    .orderBy(desc(sellerBankPayouts.createdAt))
    .limit(limit);

/** What a refund's share-out needs: what was paid and the fees the sale keeps. */
export const paymentFactsOf = async (db: Executor, orderId: string) => {
  const [row] = await db
    .select({
      paidCents: payments.amountCents,
      sellerFeeCents: orders.sellerFeeCents,
      buyerFeeCents: orders.buyerFeeCents,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return row && { paidCents: row.paidCents, feesCents: (row.sellerFeeCents ?? 0) + (row.buyerFeeCents ?? 0) };
};

/** A reversal of part of a sent share recorded once (by its id at the processor). */
export const addPartReversal = async (tx: Executor, orderId: string, reversal: { id: string; amountCents: number }) =>
  (
    await tx
      .update(sellerPayouts)
      .set({
        reversedCents: sql`${sellerPayouts.reversedCents} + ${reversal.amountCents}`,
        partReversalIds: sql`array_append(${sellerPayouts.partReversalIds}, ${reversal.id})`,
      })
      .where(
        and(
          eq(sellerPayouts.orderId, orderId),
          eq(sellerPayouts.status, 'sent'),
          sql`not (${reversal.id} = any(${sellerPayouts.partReversalIds}))`,
        ),
      )
      .returning()
  )[0];

/** A held share made smaller by a partial refund (cancelled when nothing is left). */
/** A held share grows (a label cheaper than the shipping the buyer paid: the rest is the seller's). */
export const growHeldShare = (tx: Executor, orderId: string, cents: number) =>
  tx
    .update(sellerPayouts)
    .set({ amountCents: sql`${sellerPayouts.amountCents} + ${cents}` })
    .where(and(eq(sellerPayouts.orderId, orderId), inArray(sellerPayouts.status, ['held', 'failed'])));

export const reduceHeldShare = (tx: Executor, orderId: string, cents: number) =>
  tx
    .update(sellerPayouts)
    .set({
      amountCents: sql`greatest(${sellerPayouts.amountCents} - ${cents}, 1)`,
      status: sql`case when ${sellerPayouts.amountCents} - ${cents} <= 0 then 'cancelled'::seller_payout_status else ${sellerPayouts.status} end`,
    })
    .where(and(eq(sellerPayouts.orderId, orderId), inArray(sellerPayouts.status, ['held', 'failed'])));
