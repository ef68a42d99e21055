/**
 * The housekeeping jobs' reads and deletes (old webhook events are the payments repository's).
 * Every delete works in bounded batches (one short statement each), so a large backlog never holds
 * a long lock or a long transaction.
 */
import { and, asc, gt, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { categories, products, sessions, users } from '../db/schema.ts';

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

/**
 * Every image URL a row points at (profile photos, listing pictures, category pictures), a page
 * at a time: users and products are walked by primary key so no read holds them all at once.
 */
export async function* referencedImageUrls(db: Executor, pageSize = 10_000): AsyncGenerator<string[]> {
  yield (await db.select({ url: categories.imageUrl }).from(categories)).map((row) => row.url);
  for (const table of [users, products] as const) {
    let after: string | undefined;
    for (;;) {
      const page = await db
        .select({ id: table.id, url: table.imageUrl })
        .from(table)
        .where(and(isNotNull(table.imageUrl), after === undefined ? undefined : gt(table.id, after)))
        .orderBy(asc(table.id))
        .limit(pageSize);
      if (page.length === 0) break;
      yield page.map((row) => row.url!);
      after = page.at(-1)!.id;
      if (page.length < pageSize) break;
    }
  }
}

/** Which of `urls` a row points at now (the last look before an image is deleted). */
export const findReferencedImageUrls = async (db: Executor, urls: string[]): Promise<Set<string>> => {
  if (urls.length === 0) return new Set();
  // One after another: a housekeeping job takes one pooled connection, never three.
  const byUser = await db.select({ url: users.imageUrl }).from(users).where(inArray(users.imageUrl, urls));
  const byProduct = await db.select({ url: products.imageUrl }).from(products).where(inArray(products.imageUrl, urls));
  const byCategory = await db
    .select({ url: categories.imageUrl })
    .from(categories)
    .where(inArray(categories.imageUrl, urls));
  return new Set([...byUser, ...byProduct, ...byCategory].map((row) => row.url!));
};
