/**
 * A listing whose phone fails its IMEI check after it was listed (docs/decisions/0065): the daily
 * re-check of listings for sale, and taking a flagged phone off sale (also used by payments, when
 * the check just before a card is charged flags it). Every check is made with no transaction open;
 * what it decides is written in a short transaction that first checks the listing still describes
 * the phone that was checked.
 */
import { notices } from '@recell/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceCheck } from '../../adapters/device-check/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { checkDevice, listListingsDueForRecheck, recordDeviceCheck } from '../device-check/index.ts';
import { notify, notifyAdmins, type NotifyDeps } from '../notifications/index.ts';
import * as repository from './products.repository.ts';

/**
 * Takes a flagged phone's listing off sale in the caller's transaction (with the listing's row
 * locked): 'removed' as a blocked IMEI's listings, its advertisement gone, audited, and its seller
 * and every admin told the findings. False when the listing was not for sale any more.
 */
export const takeFlaggedListingOffSale = async (
  tx: Executor,
  deps: NotifyDeps,
  listing: { id: string; name: string; sellerId: string },
  reasons: string,
): Promise<boolean> => {
  if (!(await repository.removeFlaggedListing(tx, listing.id))) return false;
  const wasAdvertised = await repository.deleteAdvertisement(tx, listing.id);
  await insertAuditEntry(tx, {
    actorId: null,
    action: 'product.device_check_failed',
    subjectType: 'product',
    subjectId: listing.id,
    detail: { wasAdvertised },
  });
  await notify(tx, deps, {
    userId: listing.sellerId,
    kind: 'device_check',
    ...notices.deviceCheckSeller(listing.name, reasons),
    link: '/dashboard/my-products',
  });
  await notifyAdmins(tx, deps, {
    kind: 'device_check',
    ...notices.deviceCheckAdmin(listing.name, reasons),
    link: '/dashboard/audit-log',
  });
  return true;
};

export interface RecheckDeps extends NotifyDeps {
  db: Database;
  deviceCheck: DeviceCheck;
  log: FastifyBaseLogger;
  now: () => Date;
  listingsChanged: () => void;
}

/** A listing is re-checked when its latest check is older than this (a day, less the job's drift). */
export const recheckAfterMs = 20 * 60 * 60 * 1000;

/**
 * Re-checks up to `batch` listings for sale, the oldest check first (never-checked ones before
 * all). A flagged phone leaves sale; an outage ends the run (the service is down: the rest wait for
 * the next day, their order unchanged).
 */
export const recheckListings = async (
  deps: RecheckDeps,
  { batch, signal }: { batch: number; signal?: AbortSignal },
) => {
  const due = await listListingsDueForRecheck(deps.db, new Date(deps.now().getTime() - recheckAfterMs), batch);
  let clean = 0;
  let flagged = 0;
  let unavailable = 0;
  for (const listing of due) {
    if (signal?.aborted) break;
    const check = await checkDevice(deps, listing);
    if (check.outcome === 'unavailable') {
      unavailable += 1;
      break;
    }
    const result = await deps.db.transaction(async (tx): Promise<'skipped' | 'recorded' | 'removed'> => {
      const current = await repository.lockListingForEdit(tx, listing.id);
      // Edited, sold or removed meanwhile: this check is about another phone or a listing gone.
      if (
        !current ||
        current.status !== 'available' ||
        current.imei !== listing.imei ||
        current.brand !== listing.brand ||
        current.model !== listing.model ||
        current.networkLock !== listing.networkLock
      )
        return 'skipped';
      await recordDeviceCheck(tx, listing.id, listing.imei, check, 'recheck');
      if (check.outcome !== 'flagged') return 'recorded';
      return (await takeFlaggedListingOffSale(tx, deps, current, check.message!)) ? 'removed' : 'recorded';
    });
    if (result === 'recorded' && check.outcome === 'clean') clean += 1;
    if (result === 'removed') flagged += 1;
  }
  if (flagged > 0) deps.listingsChanged();
  return { checked: clean + flagged, clean, flagged, unavailable };
};
