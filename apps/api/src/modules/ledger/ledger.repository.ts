import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema.ts';

export type LedgerAccount = (typeof ledgerEntries.$inferSelect)['account'];
export type LedgerMovement = (typeof ledgerEntries.$inferSelect)['movement'];

export interface NewEntry {
  account: LedgerAccount;
  amountCents: number;
}

/** One movement of an order's money: its entries, in the caller's transaction. */
export const insertMovement = async (
  tx: Executor,
  orderId: string,
  movement: LedgerMovement,
  entries: readonly NewEntry[],
): Promise<void> => {
  const rows = entries.filter((entry) => entry.amountCents !== 0).map((entry) => ({ orderId, movement, ...entry }));
  if (rows.length > 0) await tx.insert(ledgerEntries).values(rows);
};

/** What each account holds of the order's money now. */
export const balancesOfOrder = async (db: Executor, orderId: string): Promise<NewEntry[]> =>
  db
    .select({ account: ledgerEntries.account, amountCents: sql<number>`sum(${ledgerEntries.amountCents})::bigint` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .groupBy(ledgerEntries.account)
    .then((rows) => rows.map((row) => ({ account: row.account, amountCents: Number(row.amountCents) })));

/** Every entry of an order, oldest first. */
export const entriesOfOrder = (db: Executor, orderId: string) =>
  db
    .select({
      movement: ledgerEntries.movement,
      account: ledgerEntries.account,
      amountCents: ledgerEntries.amountCents,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(ledgerEntries.id);

/** What each account holds over all orders. */
export const accountTotals = async (db: Executor): Promise<Record<LedgerAccount, number>> => {
  const rows = await db
    .select({ account: ledgerEntries.account, amountCents: sql<number>`sum(${ledgerEntries.amountCents})::bigint` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.account);
  const totals: Record<LedgerAccount, number> = { processor_balance: 0, seller_payable: 0, platform_fees: 0 };
  for (const row of rows) totals[row.account] = Number(row.amountCents);
  return totals;
};
