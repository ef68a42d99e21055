/**
 * Giving money back at the card processor (docs/decisions/0017). A path that decides an intent
 * will never pay for a sale (an order cancelled, a buyer who lost the phone, a capture that cannot
 * be recorded) lists it in payment_releases in its own transaction; after the commit it tries the
 * release at once, with no database lock held, and a failure stays listed for the reconcile job.
 * An intent listed here is never sold: the sale checks the list under its locks.
 *
 * Releasing is idempotent: it asks the processor where the intent stands and does what is still
 * needed (cancel an authorisation, refund captured money, or nothing), and the processor's own
 * idempotency (cancel-<id>, refund-<id>) makes two runs at once act once.
 */
import { isAwaitingCard } from '../../adapters/payments/card-processor.ts';
import { paymentOutcomes } from '../../lib/metrics.ts';
import type { Executor } from '../../db/client.ts';
import type { PaymentDeps } from './payments.deps.ts';
import * as repository from './payments.repository.ts';

export type ReleaseResult = 'released' | 'refunded' | 'nothing' | 'failed';

/** How long to wait before trying a failed release again: 30 s, doubling, at most 15 min. */
const releaseRetryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 900_000);

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * Releases the money of one listed intent at the processor and marks the release done; on failure
 * it stays pending, to be retried after a delay. Never throws.
 */
export const performRelease = async (deps: PaymentDeps, paymentIntentId: string): Promise<ReleaseResult> => {
  const { db, processor, log } = deps;
  try {
    // Only a listed intent is ever released, and one already released needs no processor call.
    const release = await repository.findRelease(db, paymentIntentId);
    if (!release || release.doneAt) return 'nothing';
    const intent = await processor.retrieve(paymentIntentId);
    let result: ReleaseResult = 'nothing';
    let note: string | null = null;
    if (!intent || intent.status === 'canceled' || (intent.status === 'succeeded' && intent.isRefunded)) {
      result = 'nothing';
    } else if (intent.status === 'requires_capture' || isAwaitingCard(intent.status)) {
      await processor.cancel(paymentIntentId);
      result = 'released';
    } else if (intent.status === 'succeeded') {
      // The backstop of "a listed intent is never sold": money a recorded sale took stays taken.
      if (await repository.isPaymentRecorded(db, paymentIntentId)) {
        note = 'recorded as a sale: not refunded';
        log.error({ paymentIntentId }, 'a payment listed for release was recorded as a sale; left as it is');
      } else {
        await processor.refund(paymentIntentId);
        result = 'refunded';
      }
    } else {
      // 'processing': the processor has not decided yet; ask again later.
      throw new Error(`the payment intent is ${intent.status}`);
    }
    await repository.markReleaseDone(db, paymentIntentId, note);
    if (result === 'released' || result === 'refunded') paymentOutcomes.inc({ outcome: result });
    return result;
  } catch (error) {
    paymentOutcomes.inc({ outcome: 'release_failed' });
    log.warn({ err: error, paymentIntentId }, 'releasing a payment failed; the reconcile job tries again');
    try {
      const release = await repository.findRelease(db, paymentIntentId);
      const now = deps.now?.() ?? new Date();
      const retryAt = new Date(now.getTime() + releaseRetryDelayMs((release?.attempts ?? 0) + 1));
      await repository.markReleaseFailed(db, paymentIntentId, errorText(error).slice(0, 500), retryAt);
    } catch (noted) {
      log.error({ err: noted, paymentIntentId }, 'could not note a failed release');
    }
    return 'failed';
  }
};

/** Tries each release now, one after the other; never throws. */
const performReleases = async (deps: PaymentDeps, paymentIntentIds: readonly string[]) => {
  const results: ReleaseResult[] = [];
  for (const id of paymentIntentIds) results.push(await performRelease(deps, id));
  return results;
};

/** Tries releases after the answer when the caller can defer work, else now. */
export const performReleasesSoon = async (deps: PaymentDeps, paymentIntentIds: readonly string[]) => {
  if (paymentIntentIds.length === 0) return;
  if (deps.defer) deps.defer(() => performReleases(deps, paymentIntentIds));
  else await performReleases(deps, paymentIntentIds);
};

/**
 * What cancelling an order needs of payments (orders take it as a port: payments → orders, never
 * back): whether a sale is capturing its card, and listing and releasing its authorisation.
 */
export const orderCardRelease = (deps: PaymentDeps) => ({
  isBeingCaptured: async (tx: Executor, orderId: string) =>
    (await repository.findClaimOfOrder(tx, orderId)) !== undefined,
  queue: async (tx: Executor, release: { paymentIntentId: string; orderId: string }) => {
    await repository.insertRelease(tx, { ...release, kind: 'cancel' });
  },
  releaseNow: (paymentIntentId: string) => performRelease(deps, paymentIntentId),
});
