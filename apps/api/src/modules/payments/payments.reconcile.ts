/**
 * The payments reconcile job (docs/decisions/0017): finishes what a crash, an outage or a path
 * without a processor call left behind, so no authorisation stays held and no captured sale stays
 * unrecorded. Each run:
 *
 * 1. lists for release the intents of unpaid orders that can no longer be paid (cancelled, the
 *    phone sold or removed, the seller removed) and have no release yet;
 * 2. finishes sale claims older than `staleClaimAfterMs` (a crash between claim and record): a
 *    captured intent is recorded, an authorised one captured and recorded while the order can still
 *    be paid (the buyer asked to pay; the phone is theirs) or released if it cannot, and a claim
 *    whose intent can no longer pay is dropped;
 * 3. performs pending releases that are due (cancel an authorisation, refund captured money).
 *
 * Idempotent, and safe on several replicas at once: claims and releases are leased with
 * `FOR UPDATE SKIP LOCKED`, so two runs take different ones, and every processor call is idempotent
 * in any case. No processor call is made inside a transaction.
 */
import type { FastifyBaseLogger } from 'fastify';
import { paymentMessages } from '@recell/contract';
import type { CardProcessor } from '../../adapters/payments/card-processor.ts';
import type { Database } from '../../db/client.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import { AppError } from '../../errors.ts';
import * as orders from '../orders/index.ts';
import * as listings from '../products/index.ts';
import type { PaymentDeps } from './payments.deps.ts';
import * as repository from './payments.repository.ts';
import { performRelease } from './payments.releases.ts';
import type { SellerFeeRule } from '@recell/contract';
import { completeClaimedSale } from './payments.sale.ts';

/** A claim this old has lost its request (a sale takes seconds, a slow capture under a minute). */
export const staleClaimAfterMs = 2 * 60_000;
/** How long a run holds the claims and releases it took before another run may take them. */
const leaseMs = 5 * 60_000;
const defaultBatchSize = 100;

export interface ReconcileDeps {
  db: Database;
  processor: CardProcessor;
  log: FastifyBaseLogger;
  /** Tells public listing pages to refresh (a claim finished as a sale sells a phone). */
  listingsChanged?: () => void;
  /** The site's address, for the links in the notifications of a sale it finishes. */
  publicUrl: string;
  /** What the marketplace keeps of a sale it finishes. */
  sellerFee: SellerFeeRule;
  /** A shipped order's business days to ship (SHIP_BY_BUSINESS_DAYS), for a sale it finishes. */
  shipByBusinessDays: number;
  /** The clock (tests move it forward); defaults to the current time. */
  now?: () => Date;
  /** At most this many orders, claims and releases of each kind per run (default 100). */
  batchSize?: number;
}

export interface ReconcileCounts {
  /** Intents of unpaid orders that can no longer be paid, newly listed for release. */
  releasesListed: number;
  /** Authorisations cancelled at the processor. */
  released: number;
  /** Captured payments refunded. */
  refunded: number;
  /** Releases that needed nothing more (already cancelled or refunded at the processor). */
  releasesSettled: number;
  /** Releases that failed; they stay pending and are retried after a delay. */
  releasesFailed: number;
  /** Stale claims finished as a recorded sale. */
  claimsRecorded: number;
  /** Stale claims whose order could no longer be paid: the card was released or refunded. */
  claimsReleased: number;
  /** Stale claims whose intent could not pay (cancelled, not confirmed, refused at capture): dropped. */
  claimsDropped: number;
  /** Stale claims that failed (an outage); they are tried again once their lease ends. */
  claimsFailed: number;
}

type ClaimResult = 'recorded' | 'released' | 'dropped' | 'failed';

/** Finishes one stale claim. Never throws. */
const finishClaim = async (deps: PaymentDeps, claim: repository.SaleClaim): Promise<ClaimResult> => {
  const { db, processor, log } = deps;
  try {
    const intent = await processor.retrieve(claim.paymentIntentId);
    const canPay =
      intent !== null &&
      intent.orderId === claim.orderId &&
      (intent.status === 'requires_capture' || (intent.status === 'succeeded' && !intent.isRefunded));
    if (!canPay) {
      // 'processing' is the processor still deciding: ask again on a later run.
      if (intent?.status === 'processing') return 'failed';
      await repository.deleteClaim(db, claim);
      return 'dropped';
    }
    if (intent.status === 'requires_capture') {
      // Capture only money the sale can still take; the record step checks again under its locks.
      const order = await repository.findOrderWithProductStatus(db, claim.orderId);
      const isPayable =
        order?.status === 'booked' &&
        order.productStatus === 'available' &&
        order.isSellerActive &&
        !(await repository.hasRelease(db, intent.id));
      if (!isPayable) {
        await shortTransaction(db, async (tx) => {
          // The sale's lock order (phone, order, then the claim): no deadlock with a record step.
          await listings.lockProductOfOrder(tx, claim.orderId);
          await orders.lockOrder(tx, claim.orderId);
          await repository.deleteClaim(tx, claim);
          await repository.insertRelease(tx, { paymentIntentId: intent.id, orderId: claim.orderId, kind: 'cancel' });
        });
        await performRelease(deps, intent.id);
        return 'released';
      }
    }
    await completeClaimedSale(
      deps,
      { orderId: claim.orderId, paymentIntentId: intent.id, via: 'reconcile' },
      claim,
      intent,
    );
    return 'recorded';
  } catch (error) {
    // The record step refused the sale (the order can no longer be paid) and refunded it.
    if (error instanceof AppError && error.message === paymentMessages.paymentRefunded) return 'released';
    // The capture was refused or the intent cancelled: the claim is gone, nothing was taken.
    if (error instanceof AppError && error.statusCode < 500) return 'dropped';
    log.warn({ err: error, orderId: claim.orderId }, 'finishing a sale claim failed; the next run tries again');
    return 'failed';
  }
};

/**
 * One run of the payments reconcile job; see the module's comment. Returns what it did. Throws only
 * when the database cannot be read at all (a failed release or claim is counted, not thrown).
 */
export const reconcilePayments = async (deps: ReconcileDeps): Promise<ReconcileCounts> => {
  const clock = deps.now ?? (() => new Date());
  const limit = deps.batchSize ?? defaultBatchSize;
  const paymentDeps: PaymentDeps = {
    db: deps.db,
    processor: deps.processor,
    log: deps.log,
    now: clock,
    listingsChanged: deps.listingsChanged ?? (() => {}),
    publicUrl: deps.publicUrl,
    sellerFee: deps.sellerFee,
    shipByBusinessDays: deps.shipByBusinessDays,
  };
  const counts: ReconcileCounts = {
    releasesListed: 0,
    released: 0,
    refunded: 0,
    releasesSettled: 0,
    releasesFailed: 0,
    claimsRecorded: 0,
    claimsReleased: 0,
    claimsDropped: 0,
    claimsFailed: 0,
  };

  counts.releasesListed = (await repository.insertReleasesOfUnpayableOrders(deps.db, limit)).length;

  let now = clock();
  const claims = await repository.leaseStaleClaims(deps.db, {
    createdBefore: new Date(now.getTime() - staleClaimAfterMs),
    now,
    leaseUntil: new Date(now.getTime() + leaseMs),
    limit,
  });
  for (const claim of claims) {
    const result = await finishClaim(paymentDeps, claim);
    if (result === 'recorded') counts.claimsRecorded += 1;
    else if (result === 'released') counts.claimsReleased += 1;
    else if (result === 'dropped') counts.claimsDropped += 1;
    else counts.claimsFailed += 1;
  }

  now = clock();
  const releases = await repository.leaseDueReleases(deps.db, {
    now,
    leaseUntil: new Date(now.getTime() + leaseMs),
    limit,
  });
  for (const release of releases) {
    const result = await performRelease(paymentDeps, release.paymentIntentId);
    if (result === 'released') counts.released += 1;
    else if (result === 'refunded') counts.refunded += 1;
    else if (result === 'nothing') counts.releasesSettled += 1;
    else counts.releasesFailed += 1;
  }

  const didSomething = Object.values(counts).some((count) => count > 0);
  if (didSomething) deps.log.info({ ...counts }, 'payments reconciled');
  return counts;
};
