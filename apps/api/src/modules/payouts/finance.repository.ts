/**
 * What the admins' Finance screen reads: the ledger's totals (split by the state of each order's
 * share where one is needed), the failed shares and those on their way, and the disputes.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerEntries, orders, paymentDisputes, products, sellerPayouts, users } from '../../db/schema.ts';

export type LedgerTotals = Record<
  'feesEarned' | 'held' | 'sending' | 'failed' | 'sentToSellers' | 'refundedToBuyers' | 'disputed',
  number
>;

/**
 * The ledger's sums, each shown as a positive amount: the fees kept (credits of platform_fees),
 * what sellers are owed (credits of seller_payable) on shares held, being sent and failed, what
 * left for sellers (transfers less reversals), what refunds gave buyers back (the processor's
 * balance they took), and what the card network holds in disputes (the disputed account's debit).
 */
export const ledgerTotals = async (db: Executor): Promise<LedgerTotals> => {
  const amount = ledgerEntries.amountCents;
  const owedIn = (status: 'held' | 'sending' | 'failed') =>
    sql<number>`coalesce(-sum(${amount}) filter (
      where ${ledgerEntries.account} = 'seller_payable' and ${sellerPayouts.status} = ${status}), 0)::bigint`;
  const [row] = await db
    .select({
      feesEarned: sql<number>`coalesce(-sum(${amount}) filter (where ${ledgerEntries.account} = 'platform_fees'), 0)::bigint`,
      held: owedIn('held'),
      sending: owedIn('sending'),
      failed: owedIn('failed'),
      sentToSellers: sql<number>`coalesce(sum(${amount}) filter (
        where ${ledgerEntries.account} = 'seller_payable' and ${ledgerEntries.movement} in ('transfer', 'reversal')
      ), 0)::bigint`,
      refundedToBuyers: sql<number>`coalesce(-sum(${amount}) filter (
        where ${ledgerEntries.account} = 'processor_balance' and ${ledgerEntries.movement} = 'refund'), 0)::bigint`,
      disputed: sql<number>`coalesce(sum(${amount}) filter (where ${ledgerEntries.account} = 'disputed'), 0)::bigint`,
    })
    .from(ledgerEntries)
    .leftJoin(sellerPayouts, eq(sellerPayouts.orderId, ledgerEntries.orderId));
  return Object.fromEntries(Object.entries(row!).map(([name, cents]) => [name, Number(cents)])) as LedgerTotals;
};

/** Shares in `status` with their phone and seller, newest sale first. */
export const listPayouts = (db: Executor, status: 'failed' | 'sending', limit: number) =>
  db
    .select({
      orderId: sellerPayouts.orderId,
      productName: products.name,
      sellerName: users.name,
      amountCents: sellerPayouts.amountCents,
      attempts: sellerPayouts.attempts,
      lastError: sellerPayouts.lastError,
      nextAttemptAt: sellerPayouts.nextAttemptAt,
      status: sellerPayouts.status,
    })
    .from(sellerPayouts)
    .innerJoin(orders, eq(orders.id, sellerPayouts.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, sellerPayouts.sellerId))
    .where(eq(sellerPayouts.status, status))
    .orderBy(desc(sellerPayouts.createdAt), desc(sellerPayouts.orderId))
    .limit(limit);

/**
 * The disputes: open ones first, the nearest evidence deadline first (one without a deadline
 * last), then closed ones; newest first otherwise.
 */
export const listDisputes = (db: Executor, limit: number) =>
  db
    .select({
      id: paymentDisputes.id,
      orderId: paymentDisputes.orderId,
      productName: products.name,
      amountCents: paymentDisputes.amountCents,
      reason: paymentDisputes.reason,
      status: paymentDisputes.status,
      evidenceDueBy: paymentDisputes.evidenceDueBy,
      createdAt: paymentDisputes.createdAt,
      closedAt: paymentDisputes.closedAt,
    })
    .from(paymentDisputes)
    .innerJoin(orders, eq(orders.id, paymentDisputes.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .orderBy(
      sql`${paymentDisputes.closedAt} is not null`,
      sql`case when ${paymentDisputes.closedAt} is null then ${paymentDisputes.evidenceDueBy} end asc nulls last`,
      desc(paymentDisputes.createdAt),
      asc(paymentDisputes.id),
    )
    .limit(limit);
