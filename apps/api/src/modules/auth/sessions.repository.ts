import { and, eq, gt, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

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

/**
 * The account of a live sign-in: a token of the family neither revoked nor expired, of an account
 * that is not disabled (a deleted one has no rows left). Undefined otherwise.
 */
export const findLiveFamilyUser = async (
  db: Executor,
  familyId: string,
): Promise<{ userId: string; role: (typeof users.$inferSelect)['role'] } | undefined> => {
  const [row] = await db
    .select({ userId: users.id, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.familyId, familyId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.disabledAt),
        // A password reset ends every sign-in made before it.
        or(isNull(users.sessionsValidAfter), gt(sessions.createdAt, users.sessionsValidAfter)),
      ),
    )
    .limit(1);
  return row;
};

/** Ends every token of a sign-in (logout, reuse detected, account disabled). */
export const revokeFamily = async (db: Executor, familyId: string): Promise<void> => {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
};

/** Ends every refresh token of the account that is not ended yet; returns how many sign-ins ended. */
export const revokeUserSessions = async (tx: Executor, userId: string): Promise<number> =>
  (
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ familyId: sessions.familyId })
  ).length;

/**
 * Deletes up to `limit` refresh tokens that can no longer matter and says how many went:
 * - expired before `expiredBefore`: the browser's cookie lasts exactly as long as the token, so
 *   nobody's browser still sends it, and the server refuses it anyway;
 * - revoked before `revokedBefore`, when nothing of its sign-in is still live (no token of the
 *   family unrevoked and unexpired at `now`): presenting it again could only end a family that
 *   has already ended.
 * A used (rotated) token of a live sign-in is kept until it expires: the owner may still present
 * it, and that is how a thief who refreshed first is caught (reuse ends the whole family).
 */
export const deleteEndedSessions = async (
  db: Executor,
  opts: { expiredBefore: Date; revokedBefore: Date; now: Date; limit: number },
): Promise<number> => {
  const live = alias(sessions, 'live');
  const ended = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      or(
        lt(sessions.expiresAt, opts.expiredBefore),
        and(
          isNotNull(sessions.revokedAt),
          lt(sessions.revokedAt, opts.revokedBefore),
          notExists(
            db
              .select({ one: sql`1` })
              .from(live)
              .where(
                and(sql`${live.familyId} = ${sessions.familyId}`, isNull(live.revokedAt), gt(live.expiresAt, opts.now)),
              ),
          ),
        ),
      ),
    )
    .limit(opts.limit);
  const rows = await db.delete(sessions).where(inArray(sessions.id, ended)).returning({ id: sessions.id });
  return rows.length;
};
