/**
 * Buyers report listings (a reason and what is wrong); admins see and resolve them (moderation). A
 * buyer holds at most one open report per phone: the database's partial unique index decides when
 * two reports race.
 */
import { buyingMessages, listingMessages, type ReportCreated, type ReportForm } from '@recell/contract';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { productIdOf } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/index.ts';
import { isUniqueViolationOf } from '../../db/unique-violation.ts';
import { findLiveProductSeller } from '../products/index.ts';
import * as repository from './reports.repository.ts';

const productNotFound = () => notFound(listingMessages.productNotFound);

export interface ReportDeps {
  db: Database;
}

/**
 * Files the buyer's report on a phone anyone may see (for sale or sold). An unknown or removed
 * phone is a 404; the buyer's own phone, or a phone they already reported while that report is
 * open, is a 409.
 */
export const reportProduct = async (
  { db }: ReportDeps,
  reporter: AuthUser,
  id: string,
  form: ReportForm,
): Promise<ReportCreated> => {
  const productId = productIdOf(id);
  const product = await findLiveProductSeller(db, productId);
  if (!product) throw productNotFound();
  if (product.sellerId === reporter.id) throw conflict(buyingMessages.ownProductReport);
  if (await repository.findOpenReportId(db, reporter.id, productId)) throw conflict(buyingMessages.alreadyReported);
  try {
    const reportId = await repository.insertReport(db, {
      productId,
      reporterId: reporter.id,
      reason: form.reason,
      text: form.text,
    });
    return { id: reportId };
  } catch (error) {
    if (isUniqueViolationOf(error, 'reports_one_open_per_reporter_key')) throw conflict(buyingMessages.alreadyReported);
    throw error;
  }
};
