import { and, eq, inArray, sql } from 'drizzle-orm';
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

/** What the processor's balance moved in the order's movements of these kinds (a label's cost is negative). */
export const processorBalanceOfMovements = async (
  db: Executor,
  orderId: string,
  movements: LedgerMovement[],
): Promise<number> => {
  const [row] = await db
    .select({ amountCents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.orderId, orderId),
        eq(ledgerEntries.account, 'processor_balance'),
        inArray(ledgerEntries.movement, movements),
      ),
    );
  return Number(row?.amountCents ?? 0);
};
