/**
 * The outbox: every email, written in the transaction of what caused it, then delivered by the
 * deliver-emails job. A claim pushes an email's next attempt ahead in its own short statement, so
 * two replicas never send one email and no row lock is held while the mail server answers.
 */
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';

export type OutboxEmailRow = typeof outboxEmails.$inferSelect;

export interface NewEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  kind: string;
  /** Where a mail client's one-click unsubscribe posts (sent as List-Unsubscribe headers). */
  unsubscribeUrl?: string | null;
}

const rowOf = (email: NewEmail) => ({
  recipient: email.to,
  subject: email.subject,
  textBody: email.text,
  htmlBody: email.html ?? null,
  kind: email.kind,
  unsubscribeUrl: email.unsubscribeUrl ?? null,
});

export const enqueueEmail = async (db: Executor, email: NewEmail): Promise<string> => {
  const [row] = await db.insert(outboxEmails).values(rowOf(email)).returning({ id: outboxEmails.id });
  return row!.id;
};

/** Several emails in one statement (the caller keeps batches to a few hundred). */
export const enqueueEmails = async (db: Executor, emails: readonly NewEmail[]): Promise<void> => {
  if (emails.length > 0) await db.insert(outboxEmails).values(emails.map(rowOf));
};

/**
 * Takes up to `limit` emails due at `now` for one attempt: counts the attempt and moves their next
 * attempt to `leaseUntil`, so should this worker die mid-send another tries after the lease.
 */
export const claimDueEmails = async (
  db: Executor,
  opts: { now: Date; leaseUntil: Date; limit: number },
): Promise<OutboxEmailRow[]> => {
  const due = db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(and(isNull(outboxEmails.sentAt), isNull(outboxEmails.failedAt), lte(outboxEmails.nextAttemptAt, opts.now)))
    .orderBy(asc(outboxEmails.nextAttemptAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxEmails)
    .set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: opts.leaseUntil })
    .where(inArray(outboxEmails.id, due))
    .returning();
};

export const markSent = async (db: Executor, id: string, at: Date): Promise<void> => {
  await db.update(outboxEmails).set({ sentAt: at, lastError: null }).where(eq(outboxEmails.id, id));
};

/** Records a failed attempt: try again at `retryAt`, or give up (`retryAt` null). */
export const markAttemptFailed = async (
  db: Executor,
  id: string,
  opts: { error: string; retryAt: Date | null; now: Date },
): Promise<void> => {
  await db
    .update(outboxEmails)
    .set(
      opts.retryAt
        ? { lastError: opts.error, nextAttemptAt: opts.retryAt }
        : { lastError: opts.error, failedAt: opts.now },
    )
    .where(eq(outboxEmails.id, id));
};

/** The newest emails first (the development outbox page). */
export const listRecentEmails = async (db: Executor, limit: number): Promise<OutboxEmailRow[]> =>
  db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id)).limit(limit);

/**
 * Deletes up to `limit` emails sent or given up on before `before` (they hold addresses and links);
 * with `unsentToo` (no SMTP: nothing is ever sent) every email written before then.
 */
export const deleteSettledEmailsBefore = async (
  db: Executor,
  opts: { before: Date; limit: number; unsentToo: boolean },
): Promise<number> => {
  const at = opts.unsentToo ? outboxEmails.createdAt : sql`coalesce(${outboxEmails.sentAt}, ${outboxEmails.failedAt})`;
  const old = db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(sql`${at} < ${opts.before.toISOString()}::timestamptz`)
    .limit(opts.limit);
  const rows = await db.delete(outboxEmails).where(inArray(outboxEmails.id, old)).returning({ id: outboxEmails.id });
  return rows.length;
};
