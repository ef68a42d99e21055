/**
 * The bell's notifications, the email opt-outs and the unsubscribe links' hashed tokens. Batch
 * writes take whole lists (one statement each), so notifying every wishlister of a phone costs the
 * same few statements however many there are.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationKind } from '@recell/contract';
import type { Executor } from '../../db/client.ts';
import { emailOptOuts, notifications, unsubscribeTokens, users, wishlist } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export interface Recipient {
  id: string;
  name: string;
  email: string;
  isDisabled: boolean;
  isEmailConfirmed: boolean;
  /** The kinds whose emails this person switched off. */
  optedOut: NotificationKind[];
}

/** The people named, with what their emails need (one statement). */
export const findRecipients = async (db: Executor, userIds: readonly string[]): Promise<Recipient[]> => {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      disabledAt: users.disabledAt,
      emailConfirmedAt: users.emailConfirmedAt,
      optedOut: sql<
        string[] | null
      >`(select array_agg(${emailOptOuts.kind}) from ${emailOptOuts} where ${emailOptOuts.userId} = ${users.id})`,
    })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    isDisabled: row.disabledAt !== null,
    isEmailConfirmed: row.emailConfirmedAt !== null,
    optedOut: (row.optedOut ?? []) as NotificationKind[],
  }));
};

/** Every active admin's id (they are told of what needs an admin's eye). */
export const listActiveAdminIds = async (db: Executor): Promise<string[]> =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
  ).map((row) => row.id);

export const insertNotifications = async (
  db: Executor,
  rows: ReadonlyArray<{ userId: string; kind: NotificationKind; title: string; body: string; link: string }>,
): Promise<void> => {
  if (rows.length > 0) await db.insert(notifications).values([...rows]);
};

export const insertUnsubscribeTokens = async (
  db: Executor,
  rows: ReadonlyArray<{ tokenHash: string; userId: string; kind: NotificationKind }>,
): Promise<void> => {
  if (rows.length > 0) await db.insert(unsubscribeTokens).values([...rows]);
};

/** The buyers with `productId` on their wishlist, except `exceptUserId` (its seller). */
export const listWishlisters = async (
  db: Executor,
  productId: string,
  exceptUserId: string,
  opts: { notToldWithinADay?: { kind: string; link: string } | undefined } = {},
): Promise<string[]> => {
  const told = opts.notToldWithinADay;
  const rows = await db
    .select({ userId: wishlist.userId })
    .from(wishlist)
    .where(
      and(
        eq(wishlist.productId, productId),
        sql`${wishlist.userId} <> ${exceptUserId}`,
        told
          ? sql`not exists (
              select 1 from ${notifications}
              where ${notifications.userId} = ${wishlist.userId}
                and ${notifications.kind} = ${told.kind}
                and ${notifications.link} = ${told.link}
                and ${notifications.createdAt} > now() - interval '1 day')`
          : undefined,
      ),
    );
  return rows.map((row) => row.userId);
};

/** A person's notifications, newest first; keyset on (created_at, id). */
export const listNotifications = (
  db: Executor,
  opts: { userId: string; limit: number; after?: NewestKey | undefined },
) =>
  db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      us: microsOf(notifications.createdAt),
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, opts.userId),
        opts.after
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${timestampOf(opts.after.us)}, ${opts.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit);

export const countUnread = async (db: Executor, userId: string): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.count ?? 0);
};

/** Marks one of the person's notifications read (kept as it is when read already); false when it is not theirs. */
export const markRead = async (db: Executor, userId: string, id: string): Promise<boolean> => {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
};

export const markAllRead = async (db: Executor, userId: string): Promise<void> => {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
};

export const listOptOuts = async (db: Executor, userId: string): Promise<NotificationKind[]> => {
  const rows = await db.select({ kind: emailOptOuts.kind }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId));
  return rows.map((row) => row.kind as NotificationKind);
};

export const addOptOuts = async (db: Executor, userId: string, kinds: readonly NotificationKind[]): Promise<void> => {
  if (kinds.length === 0) return;
  await db
    .insert(emailOptOuts)
    .values(kinds.map((kind) => ({ userId, kind })))
    .onConflictDoNothing();
};

export const removeOptOuts = async (
  db: Executor,
  userId: string,
  kinds: readonly NotificationKind[],
): Promise<void> => {
  if (kinds.length === 0) return;
  await db.delete(emailOptOuts).where(and(eq(emailOptOuts.userId, userId), inArray(emailOptOuts.kind, [...kinds])));
};

export const findUnsubscribeToken = async (db: Executor, tokenHash: string) => {
  const [row] = await db
    .select({ userId: unsubscribeTokens.userId, kind: unsubscribeTokens.kind })
    .from(unsubscribeTokens)
    .where(eq(unsubscribeTokens.tokenHash, tokenHash));
  return row ? { userId: row.userId, kind: row.kind as NotificationKind } : undefined;
};
