/**
 * Contact us messages in the database: stored as sent, read, archived by an admin. Rows are never
 * deleted here.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';

export type NewContactMessage = Pick<typeof contactMessages.$inferInsert, 'name' | 'email' | 'message'>;

/** Stores a message; returns its id. */
export const insertContactMessage = async (db: Executor, values: NewContactMessage): Promise<string> => {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!.id;
};

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  readAt: contactMessages.readAt,
  archivedAt: contactMessages.archivedAt,
};

export type ContactMessageRow = {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: Date | string;
  readAt: Date | string | null;
  archivedAt: Date | string | null;
};

/** The inbox (not archived) or the archive, newest first; keyset on (created_at, id). */
export const listContactMessages = (
  db: Database,
  opts: { archived: boolean; limit: number; after?: NewestKey | undefined },
) =>
  db
    .select({ ...columns, us: microsOf(contactMessages.createdAt) })
    .from(contactMessages)
    .where(
      and(
        opts.archived ? isNotNull(contactMessages.archivedAt) : isNull(contactMessages.archivedAt),
        opts.after
          ? sql`(${contactMessages.createdAt}, ${contactMessages.id}) < (${timestampOf(opts.after.us)}, ${opts.after.id}::uuid)`
          : undefined,
      ),
    )
    // As the partial indexes are sorted (created_at DESC NULLS LAST, id DESC NULLS LAST).
    .orderBy(sql`${contactMessages.createdAt} desc nulls last`, sql`${contactMessages.id} desc nulls last`)
    .limit(opts.limit);

/** Locks a message for an admin's change, so two admins acting on it at once take turns. */
export const lockContactMessage = async (tx: Executor, id: string): Promise<ContactMessageRow | undefined> => {
  const [row] = await tx.select(columns).from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  return row;
};

/** Marks a message read by `adminId`, now. */
export const markContactMessageRead = async (tx: Executor, id: string, adminId: string) => {
  const [row] = await tx
    .update(contactMessages)
    .set({ readAt: sql`now()`, readBy: adminId })
    .where(eq(contactMessages.id, id))
    .returning(columns);
  return row!;
};

/** Archives a message (and marks it read, when it was not) by `adminId`, now. */
export const archiveContactMessage = async (tx: Executor, id: string, adminId: string) => {
  const [row] = await tx
    .update(contactMessages)
    .set({
      archivedAt: sql`now()`,
      archivedBy: adminId,
      readAt: sql`coalesce(${contactMessages.readAt}, now())`,
      readBy: sql`coalesce(${contactMessages.readBy}, ${adminId}::uuid)`,
    })
    .where(eq(contactMessages.id, id))
    .returning(columns);
  return row!;
};
