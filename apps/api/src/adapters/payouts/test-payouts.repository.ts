/** The test-mode payout processor's accounts and transfers (test_connected_accounts, test_transfers). */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { testConnectedAccounts, testTransfers } from '../../db/schema.ts';
import type { ConnectedAccount } from './payout-processor.ts';

const toAccount = (row: typeof testConnectedAccounts.$inferSelect): ConnectedAccount => ({
  id: row.id,
  detailsSubmitted: row.detailsSubmitted,
  payoutsEnabled: row.payoutsEnabled,
  requirementsDue: row.requirementsDue,
  disabledReason: row.disabledReason,
});

/** A seller has one test account: a second creation answers the first (as an idempotency key would). */
export const insertAccount = async (db: Executor, values: { id: string; sellerId: string }) => {
  await db
    .insert(testConnectedAccounts)
    .values({ ...values, requirementsDue: ['external_account', 'individual.dob.day'] })
    .onConflictDoNothing({ target: testConnectedAccounts.sellerId });
  const [row] = await db
    .select()
    .from(testConnectedAccounts)
    .where(eq(testConnectedAccounts.sellerId, values.sellerId));
  return toAccount(row!);
};

export const findAccount = async (db: Executor, id: string) => {
  const [row] = await db.select().from(testConnectedAccounts).where(eq(testConnectedAccounts.id, id));
  return row && toAccount(row);
};

export const updateAccount = async (db: Executor, id: string, fields: Omit<ConnectedAccount, 'id'>) => {
  const [row] = await db.update(testConnectedAccounts).set(fields).where(eq(testConnectedAccounts.id, id)).returning();
  return row && toAccount(row);
};

export type TestTransferRow = typeof testTransfers.$inferSelect;

/** Made once per idempotency key: a repeat answers the row the first call made. */
export const insertTransferOnce = async (db: Executor, values: typeof testTransfers.$inferInsert) => {
  await db.insert(testTransfers).values(values).onConflictDoNothing({ target: testTransfers.idempotencyKey });
  return (await findByIdempotencyKey(db, values.idempotencyKey))!;
};

export const findByIdempotencyKey = async (db: Executor, key: string): Promise<TestTransferRow | undefined> => {
  const [row] = await db.select().from(testTransfers).where(eq(testTransfers.idempotencyKey, key));
  return row;
};

export const findTransfer = async (db: Executor, id: string): Promise<TestTransferRow | undefined> => {
  const [row] = await db.select().from(testTransfers).where(eq(testTransfers.id, id));
  return row;
};

export const reversedCents = async (db: Executor, transferId: string): Promise<number> => {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${testTransfers.amountCents}), 0)::int` })
    .from(testTransfers)
    .where(and(eq(testTransfers.transferId, transferId), eq(testTransfers.kind, 'reversal')));
  return Number(row?.cents ?? 0);
};

export const findTransferOfOrder = async (db: Executor, orderId: string): Promise<TestTransferRow | undefined> => {
  const made = await db
    .select()
    .from(testTransfers)
    .where(and(eq(testTransfers.orderId, orderId), eq(testTransfers.kind, 'transfer')));
  for (const transfer of made) {
    // One taken back in full no longer pays the seller.
    if ((await reversedCents(db, transfer.id)) < transfer.amountCents) return transfer;
  }
  return undefined;
};
