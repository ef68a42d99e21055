/** IMEI checks of listings in the database: the owner of device_checks. */
import { and, asc, desc, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DeviceCheckReason } from '@recell/contract';
import type { Database, Executor } from '../../db/client.ts';
import { deviceChecks, products } from '../../db/schema.ts';

export type DeviceCheckOutcome = 'clean' | 'flagged' | 'unavailable';
export type DeviceCheckContext = 'listing' | 'edit' | 'capture' | 'recheck';

export interface NewDeviceCheck {
  productId: string;
  imei: string;
  outcome: DeviceCheckOutcome;
  reasons: DeviceCheckReason[];
  tacModel: string | null;
  context: DeviceCheckContext;
  checkedAt: Date;
}

export const insertDeviceCheck = (tx: Executor, row: NewDeviceCheck) => tx.insert(deviceChecks).values(row);

/** When the listing's latest check found it clean; undefined when its latest check did not (or it has none). */
export const findCleanCheckAt = async (db: Executor, productId: string): Promise<Date | undefined> => {
  const [latest] = await db
    .select({ outcome: deviceChecks.outcome, checkedAt: deviceChecks.checkedAt })
    .from(deviceChecks)
    .where(eq(deviceChecks.productId, productId))
    .orderBy(desc(deviceChecks.checkedAt))
    .limit(1);
  return latest?.outcome === 'clean' ? latest.checkedAt : undefined;
};

/** A listing's latest check time, for the re-check's order (null: never checked). */
const latestCheckAt = sql<Date | null>`(select max(${deviceChecks.checkedAt}) from ${deviceChecks} where ${deviceChecks.productId} = ${products.id})`;

/**
 * Listings for sale with an IMEI whose latest check is older than `checkedBefore` (or that have
 * none), the oldest check first, at most `limit`.
 */
export const listListingsDueForRecheck = (db: Database, checkedBefore: Date, limit: number) =>
  db
    .select({
      id: products.id,
      imei: sql<string>`${products.imei}`,
      brand: products.brand,
      model: products.model,
      networkLock: products.networkLock,
    })
    .from(products)
    .where(
      and(
        eq(products.status, 'available'),
        isNotNull(products.imei),
        or(sql`${latestCheckAt} is null`, lt(latestCheckAt, checkedBefore)),
      ),
    )
    .orderBy(sql`${latestCheckAt} asc nulls first`, asc(products.id))
    .limit(limit);
