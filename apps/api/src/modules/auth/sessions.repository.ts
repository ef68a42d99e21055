import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

export type SessionRow = typeof sessions.$inferSelect;

export const insertSession = async (
  db: Executor,
  values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<SessionRow> => {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
};

export const findSessionByTokenHash = async (db: Executor, tokenHash: string): Promise<SessionRow | undefined> => {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row;
};

/**
 * Marks a refresh token used, only if it is still live. Of two requests presenting the same token
 * at once, exactly one gets the row back: the other's UPDATE finds rotated_at already set.
 */
export const markRotated = async (db: Executor, id: string): Promise<boolean> => {
  const rows = await db
    .update(sessions)
    .set({ rotatedAt: new Date() })
    .where(and(eq(sessions.id, id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
};

/** Ends every token of a sign-in (logout, reuse detected, account disabled). */
export const revokeFamily = async (db: Executor, familyId: string): Promise<void> => {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
};
