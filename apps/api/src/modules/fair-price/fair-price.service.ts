import { fairPriceLimits, type FairPrice, type FairPriceQuery, type ProductCondition } from '@recell/contract';
import type { Database } from '../../db/client.ts';
import * as repository from './fair-price.repository.ts';

/**
 * The typical price (docs/decisions/0039), tried in this order for the asked condition, then, when
 * that condition has no sales and no phones for sale at all, for every condition (said so in the
 * answer):
 *   1. the median of at least `minSales` paid orders in the window ("sales");
 *   2. else the median of the phones for sale ("listings");
 *   3. else the median of the fewer sales there are ("sales", with their small sample size).
 * Without a condition, the same over every condition. No data at all: no figure.
 */
export const fairPrice = async (db: Database, query: FairPriceQuery): Promise<FairPrice> => {
  const stats = await repository.fairPriceStats(db, {
    model: query.model,
    storageGb: query.storageGb,
    windowDays: fairPriceLimits.windowDays,
    exclude: query.exclude,
  });
  const stat = (source: repository.FairPriceSource, condition: string | null) =>
    stats.find((s) => s.source === source && s.condition === condition && s.median !== null);
  const pick = (condition: string | null) => {
    const sales = stat('sales', condition);
    if (sales && sales.n >= fairPriceLimits.minSales) return sales;
    return stat('listings', condition) ?? sales;
  };
  // A grouping-set row for "every condition" has condition null; a row of one condition never does
  // (condition is not null in products).
  const conditioned = query.condition === undefined ? undefined : pick(query.condition);
  const chosen = conditioned ?? pick(null);
  const base = { windowDays: fairPriceLimits.windowDays };
  if (!chosen || chosen.median === null)
    return { ...base, typicalPriceCents: null, sampleSize: 0, rule: null, condition: null, conditionWidened: false };
  return {
    ...base,
    typicalPriceCents: Math.round(chosen.median),
    sampleSize: chosen.n,
    rule: chosen.source,
    condition: conditioned ? (query.condition as ProductCondition) : null,
    conditionWidened: query.condition !== undefined && !conditioned,
  };
};
