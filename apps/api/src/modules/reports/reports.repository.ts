/**
 * Buyers' reports on listings in the database. An admin resolves them (issue 6); rows are never
 * edited here. (Which phones may be reported: the products repository's live listings.)
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reports } from '../../db/schema.ts';

/** The reporter's open (unresolved) report on the phone, if any. */
export const findOpenReportId = async (db: Executor, reporterId: string, productId: string) => {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.productId, productId), isNull(reports.resolvedAt)))
    .limit(1);
  return row?.id;
};

export type NewReport = Pick<typeof reports.$inferInsert, 'productId' | 'reporterId' | 'reason' | 'text'>;

/** Files a report; returns its id. */
export const insertReport = async (db: Executor, values: NewReport): Promise<string> => {
  const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
  return row!.id;
};
