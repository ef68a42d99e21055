/** Buyers' reports on listings in the database. An admin resolves them (issue 6); rows are never edited here. */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, reports, users } from '../../db/schema.ts';

/** A phone that may be reported: one anyone may still see (for sale or sold, by an active seller). */
export const findReportableProduct = async (db: Executor, productId: string) => {
  const [row] = await db
    .select({ id: products.id, sellerId: products.sellerId })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(products.id, productId), inArray(products.status, ['available', 'sold']), isNull(users.disabledAt)))
    .limit(1);
  return row;
};

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
