import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accountTokens } from '../../db/schema.ts';

export type AccountTokenPurpose = (typeof accountTokens.$inferInsert)['purpose'];

export const insertAccountToken = async (
  db: Executor,
  values: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> => {
  await db.insert(accountTokens).values(values);
};

/**
 * Uses a token: only a live one (unused, unexpired, of this purpose) is marked used, in one
 * statement, so of two requests presenting it at once exactly one gets its account back.
 */
export const useAccountToken = async (
  db: Executor,
  opts: { tokenHash: string; purpose: AccountTokenPurpose; now: Date },
): Promise<string | undefined> => {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: opts.now })
    .where(
      and(
        eq(accountTokens.tokenHash, opts.tokenHash),
        eq(accountTokens.purpose, opts.purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, opts.now),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return row?.userId;
};

/** Ends the account's other live tokens of a purpose (a reset link used: older ones die with it). */
export const retireAccountTokens = async (
  db: Executor,
  opts: { userId: string; purpose: AccountTokenPurpose; now: Date },
): Promise<void> => {
  await db
    .update(accountTokens)
    .set({ usedAt: opts.now })
    .where(
      and(eq(accountTokens.userId, opts.userId), eq(accountTokens.purpose, opts.purpose), isNull(accountTokens.usedAt)),
    );
};
