/**
 * Buyers' reports on listings in the database: filed by buyers, closed by an admin (dismissed, or
 * with the listing removed). Rows are never deleted. (Which phones may be reported: the products
 * repository's live listings.)
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, reports } from '../../db/schema.ts';

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

export type Resolution = 'dismissed' | 'listing_removed';

/** Closes the open reports on a phone; returns the ids of those closed (none: there was no open report). */
export const resolveOpenReports = async (
  tx: Executor,
  productId: string,
  resolution: Resolution,
  adminId: string,
): Promise<string[]> =>
  (
    await tx
      .update(reports)
      .set({ resolvedAt: sql`now()`, resolution, resolvedBy: adminId })
      .where(and(eq(reports.productId, productId), isNull(reports.resolvedAt)))
      .returning({ id: reports.id })
  ).map((row) => row.id);

/** Closes the open reports on every phone of a seller (their listings are withdrawn with the account). */
export const resolveOpenReportsOnProductsOf = async (tx: Executor, sellerId: string, adminId: string) =>
  (
    await tx
      .update(reports)
      .set({ resolvedAt: sql`now()`, resolution: 'listing_removed', resolvedBy: adminId })
      .where(
        and(
          isNull(reports.resolvedAt),
          inArray(
            reports.productId,
            tx.select({ id: products.id }).from(products).where(eq(products.sellerId, sellerId)),
          ),
        ),
      )
      .returning({ id: reports.id })
  ).length;
