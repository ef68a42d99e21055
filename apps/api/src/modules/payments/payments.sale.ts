/**
 * The sale (docs/product.md, States and rules; docs/decisions/0013 and 0017). No call to the card processor is
 * made while a database transaction is open; the phone is reserved by a sale claim instead of a
 * row lock held across the capture:
 *
 * 1. read the intent from the processor (no transaction);
 * 2. claim: a short transaction locks the phone, then the order, checks both and the intent, and
 *    records a claim on the phone for this order (one per phone). Another order that finds a claim,
 *    or the phone sold, is refused and its authorisation released: a loser is never charged;
 * 3. capture at the processor (no transaction; idempotency key `capture-<intent>`);
 * 4. record: a short transaction locks the phone and the order again, records the payment and
 *    its ledger entries, marks the order paid (its fee frozen) and the phone sold, removes its
 *    advertisement, writes the audit entry, deletes the claim and lists the other open orders'
 *    intents for release.
 *
 * Before step 2, a sale whose card is still to be charged checks the phone's IMEI once more at the
 * device-check service (no transaction open): a flagged phone is never charged: its order is
 * cancelled, its authorisation listed for release and released, and it leaves sale
 * (`refuseFlaggedPhone`). An outage of the service lets the sale go on (decision 0065).
 *
 * A refused capture frees the phone (402). An outage or a crash between the steps leaves the claim:
 * the buyer's retry of /pay resumes it (capture is idempotent, a captured intent is just recorded),
 * and so does the reconcile job after a while. A capture that can no longer be recorded (the phone
 * was removed meanwhile) is refunded.
 */
import {
  buyingMessages,
  deviceCheckTexts,
  notices,
  orderPagePath,
  paymentMessages,
  sellerFeeOf,
} from '@recell/contract';
import {
  CardError,
  IntentStateError,
  ProcessorUnavailableError,
  type ProcessorIntent,
} from '../../adapters/payments/card-processor.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { paymentOutcomes } from '../../lib/metrics.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { checkDevice, recordDeviceCheck, type DeviceCheckOutcome } from '../device-check/index.ts';
import { notify, notifyAll } from '../notifications/index.ts';
import * as orders from '../orders/index.ts';
import * as ledger from '../ledger/index.ts';
import * as payouts from '../payouts/index.ts';
import * as listings from '../products/index.ts';
import type { PaymentDeps } from './payments.deps.ts';
import * as repository from './payments.repository.ts';
import { performRelease, performReleasesSoon } from './payments.releases.ts';

/** Prices are dollars (formatPrice); every intent is in US dollars. */
export const currency = 'usd';

const orderNotFound = () => notFound(buyingMessages.orderNotFound);

/** What the order's card is charged: the price, the buyer's service fee and the shipping frozen at booking. */
const amountOf = (order: { priceCents: number; buyerFeeCents: number | null; shippingCents: number | null }) =>
  order.priceCents + (order.buyerFeeCents ?? 0) + (order.shippingCents ?? 0);

/** A processor's failure in the API's words: a refused card is a 402 with the processor's message. */
export const fromProcessorError = (error: unknown): unknown => {
  if (error instanceof CardError) {
    return new AppError('payment_failed', error.message, error.field ? { [error.field]: error.message } : undefined);
  }
  if (error instanceof IntentStateError) {
    if (error.status === 'canceled') return conflict(paymentMessages.paymentIntentCanceled);
    return new AppError('payment_failed', paymentMessages.processingError);
  }
  if (error instanceof ProcessorUnavailableError) return new AppError('unavailable', paymentMessages.processingError);
  return error;
};

/** Calls the processor; its failures come out in the API's words. */
export const atProcessor = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw fromProcessorError(error);
  }
};

interface WebhookEventRecord {
  provider: string;
  eventId: string;
  type: string;
}

export interface SaleAttempt {
  orderId: string;
  paymentIntentId: string;
  /** Who asked: the buyer's /pay, the processor's webhook, or the reconcile job finishing a claim. */
  via: 'pay' | 'webhook' | 'reconcile';
  /** The webhook event, noted as handled with the sale. */
  event?: WebhookEventRecord;
}

export type SaleResult = 'recorded' | 'already-paid' | 'duplicate-event';

type ClaimOutcome =
  | { kind: 'claimed'; productId: string }
  | { kind: 'already-paid' }
  | { kind: 'refused'; error: AppError; isReleased: boolean };

type ReleaseKind = repository.ReleaseKind;

/** What a refused sale's intent needs so the buyer keeps their money; null when it holds none. */
const releaseOf = (intent: ProcessorIntent): ReleaseKind | null => {
  if (intent.status === 'requires_capture') return 'cancel';
  if (intent.status === 'succeeded' && !intent.isRefunded) return 'refund';
  return null;
};

/** Step 2: checks the order, its phone and the intent under the locks, and claims the phone. */
const claimSale = (deps: PaymentDeps, attempt: SaleAttempt, intent: ProcessorIntent | null) =>
  shortTransaction(deps.db, async (tx): Promise<ClaimOutcome> => {
    const product = await listings.lockProductOfOrder(tx, attempt.orderId);
    const order = await orders.lockOrder(tx, attempt.orderId);
    if (!product || !order) return { kind: 'refused', error: orderNotFound(), isReleased: false };
    // Someone else's intent (or none) is never touched: naming it must not cancel their payment.
    if (!intent || intent.orderId !== order.id) {
      return { kind: 'refused', error: conflict(paymentMessages.paymentIntentMismatch), isReleased: false };
    }
    if (order.status === 'paid' && order.transactionId === intent.id) return { kind: 'already-paid' };

    /** Refuses, listing the intent's money for release in this transaction when it holds some. */
    const refuse = async (error: AppError, canRelease = true): Promise<ClaimOutcome> => {
      const release = canRelease ? releaseOf(intent) : null;
      if (release) await repository.insertRelease(tx, { paymentIntentId: intent.id, orderId: order.id, kind: release });
      return { kind: 'refused', error, isReleased: release !== null };
    };

    if (intent.amountCents !== amountOf(order) || intent.currency !== currency) {
      return refuse(conflict(paymentMessages.paymentIntentMismatch));
    }
    if (order.status === 'paid') return refuse(conflict(paymentMessages.orderPaid));
    if (product.status === 'sold') return refuse(conflict(paymentMessages.phoneSold));
    const claim = await repository.findClaimOfProduct(tx, product.id);
    // Another buyer's card is being captured for this phone right now: it is theirs.
    if (claim && claim.orderId !== order.id) return refuse(conflict(paymentMessages.phoneSold));
    if (order.status !== 'booked' || product.status !== 'available' || !product.isSellerActive) {
      return refuse(conflict(paymentMessages.orderNotPayable));
    }
    // Listed for release: it never pays (its money is being given back).
    if (await repository.hasRelease(tx, intent.id)) {
      return refuse(
        conflict(
          intent.status === 'succeeded' ? paymentMessages.paymentRefunded : paymentMessages.paymentIntentCanceled,
        ),
      );
    }
    if (intent.status === 'canceled') return refuse(conflict(paymentMessages.paymentIntentCanceled), false);
    if (intent.status === 'succeeded' && intent.isRefunded) {
      return refuse(conflict(paymentMessages.paymentRefunded), false);
    }
    if (intent.status !== 'requires_capture' && intent.status !== 'succeeded') {
      return refuse(conflict(paymentMessages.paymentNotConfirmed), false);
    }
    if (claim) {
      // This order's sale is already under way (a retry, a second tab, the webhook): resume it.
      if (claim.paymentIntentId === intent.id) return { kind: 'claimed', productId: product.id };
      // A second card for the same order: the claimed one pays, this one is released.
      return refuse(conflict(paymentMessages.paymentInProgress));
    }
    await repository.insertClaim(tx, { productId: product.id, orderId: order.id, paymentIntentId: intent.id });
    return { kind: 'claimed', productId: product.id };
  });

/**
 * Step 3: takes the money. A refused capture frees the phone; an outage keeps the claim, as the
 * capture may have happened (a retry or the reconcile job finds out).
 */
const captureClaimed = async (
  deps: PaymentDeps,
  claim: { productId: string; orderId: string; paymentIntentId: string },
  intent: ProcessorIntent,
): Promise<ProcessorIntent> => {
  if (intent.status === 'succeeded') return intent;
  try {
    const captured = await deps.processor.capture(intent.id);
    if (captured.status !== 'succeeded') throw new IntentStateError(captured.status);
    return captured;
  } catch (error) {
    if (!(error instanceof CardError) && !(error instanceof IntentStateError)) throw fromProcessorError(error);
    if (error instanceof IntentStateError) {
      // Captured by another call meanwhile (a second tab, the webhook): record it.
      const now = await atProcessor(() => deps.processor.retrieve(intent.id));
      if (now?.status === 'succeeded' && !now.isRefunded) return now;
    }
    await repository.deleteClaim(deps.db, claim);
    throw fromProcessorError(error);
  }
};

type RecordOutcome = { kind: 'recorded'; released: string[] } | { kind: 'already-paid' } | { kind: 'refused' };

/** Step 4: records the captured sale, or lists the money for a refund if the order can no longer take it. */
const recordSale = (deps: PaymentDeps, attempt: SaleAttempt, intent: ProcessorIntent) =>
  shortTransaction(deps.db, async (tx): Promise<RecordOutcome> => {
    const product = await listings.lockProductOfOrder(tx, attempt.orderId);
    const order = await orders.lockOrder(tx, attempt.orderId);
    if (!product || !order) throw new Error(`order ${attempt.orderId} vanished during its sale`);
    if (attempt.event) await repository.insertWebhookEvent(tx, attempt.event);
    if (order.status === 'paid' && order.transactionId === intent.id) {
      await repository.deleteClaimOfOrder(tx, order.id);
      return { kind: 'already-paid' };
    }
    const claim = await repository.findClaimOfProduct(tx, product.id);
    const isPayable =
      order.status === 'booked' &&
      product.status === 'available' &&
      product.isSellerActive &&
      (!claim || claim.orderId === order.id) &&
      !(await repository.hasRelease(tx, intent.id));
    if (!isPayable) {
      await repository.deleteClaim(tx, { productId: product.id, orderId: order.id, paymentIntentId: intent.id });
      await repository.insertRelease(tx, { paymentIntentId: intent.id, orderId: order.id, kind: 'refund' });
      return { kind: 'refused' };
    }
    // Idempotent on the processor's payment id and the order: a second record is a no-op.
    const buyerFeeCents = order.buyerFeeCents ?? 0;
    const shippingCents = order.shippingCents ?? 0;
    const amountCents = amountOf(order);
    await repository.insertPayment(tx, {
      orderId: order.id,
      provider: deps.processor.name,
      providerPaymentId: intent.id,
      amountCents,
      currency: intent.currency,
      cardLast4: intent.last4,
    });
    const sellerFeeCents = sellerFeeOf(order.priceCents, deps.sellerFee);
    await orders.markPaid(tx, order.id, intent.id, sellerFeeCents, deps.shipByBusinessDays);
    await ledger.recordSale(tx, { orderId: order.id, amountCents, sellerFeeCents, buyerFeeCents, shippingCents });
    await payouts.holdSellerShare(tx, {
      orderId: order.id,
      sellerId: product.sellerId,
      amountCents: order.priceCents - sellerFeeCents,
    });
    await listings.markSold(tx, product.id);
    const wasAdvertised = await listings.deleteAdvertisement(tx, product.id);
    await insertAuditEntry(tx, {
      actorId: order.buyerId,
      action: 'payment.recorded',
      subjectType: 'order',
      subjectId: order.id,
      detail: {
        via: attempt.via,
        provider: deps.processor.name,
        providerPaymentId: intent.id,
        amountCents,
        currency: intent.currency,
        productId: product.id,
        wasAdvertised,
        ...(attempt.event ? { eventId: attempt.event.eventId } : {}),
      },
    });
    // Told once: this is the one transaction that records the sale, whichever path got here.
    await notifyAll(tx, deps, [
      {
        userId: product.sellerId,
        kind: 'order_paid',
        ...notices.orderPaidSeller(product.name),
        link: orderPagePath(order.id),
      },
      {
        userId: order.buyerId,
        kind: 'order_paid',
        // The buyer's email is their receipt.
        ...notices.orderPaidBuyer(product.name, {
          priceCents: order.priceCents,
          buyerFeeCents,
          shippingCents,
          totalCents: amountCents,
          cardLast4: intent.last4,
        }),
        link: orderPagePath(order.id),
      },
    ]);
    await repository.deleteClaimOfOrder(tx, order.id);
    // The other buyers' authorisations on this phone will never be captured.
    const released = await repository.insertReleasesOfOtherOrders(tx, product.id, order.id);
    return { kind: 'recorded', released };
  });

/**
 * Steps 3 and 4 for a claimed sale: capture (unless already captured) and record. Shared by the
 * sale and by the reconcile job finishing a claim a crash left.
 */
export const completeClaimedSale = async (
  deps: PaymentDeps,
  attempt: SaleAttempt,
  claim: { productId: string; orderId: string; paymentIntentId: string },
  intent: ProcessorIntent,
): Promise<'recorded' | 'already-paid'> => {
  const captured = await captureClaimed(deps, claim, intent);
  const outcome = await recordSale(deps, attempt, captured);
  if (outcome.kind === 'refused') {
    await performRelease(deps, intent.id);
    throw conflict(paymentMessages.paymentRefunded);
  }
  if (outcome.kind === 'already-paid') return 'already-paid';
  deps.listingsChanged();
  deps.emailsQueued?.();
  await performReleasesSoon(deps, outcome.released);
  return 'recorded';
};

/**
 * The phone failed its check before its card was charged: in one short transaction (the phone,
 * then the order, as the sale locks them) the order is cancelled as a buyer's cancel does, with
 * its authorisations listed for release; the check is recorded; the buyer is told; and the phone
 * leaves sale (its seller and the admins told). Nothing is done, and the sale goes on, when the
 * order is no longer a booked one of this intent or its card is already being captured (a sale
 * claimed before this check, by a check that found it clean). After the commit the authorisations
 * are released; a failure stays listed for the reconcile job.
 */
const refuseFlaggedPhone = async (
  deps: PaymentDeps,
  attempt: SaleAttempt,
  intent: ProcessorIntent,
  device: { productId: string; imei: string },
  check: DeviceCheckOutcome,
): Promise<'refused' | 'go-on'> => {
  const released = await shortTransaction(deps.db, async (tx): Promise<string[] | null> => {
    const product = await listings.lockProductOfOrder(tx, attempt.orderId);
    const order = await orders.lockOrder(tx, attempt.orderId);
    if (!product || !order || product.id !== device.productId) return null;
    if (order.status !== 'booked' || intent.orderId !== order.id) return null;
    if (await repository.findClaimOfOrder(tx, order.id)) return null;
    await orders.markCancelled(tx, order.id);
    const intents = [...new Set([intent.id, ...(order.paymentIntentId ? [order.paymentIntentId] : [])])];
    for (const paymentIntentId of intents) {
      if (!(await repository.hasRelease(tx, paymentIntentId)))
        await repository.insertRelease(tx, { paymentIntentId, orderId: order.id, kind: 'cancel' });
    }
    await recordDeviceCheck(tx, product.id, device.imei, check, 'capture');
    await insertAuditEntry(tx, {
      actorId: null,
      action: 'order.cancelled',
      subjectType: 'order',
      subjectId: order.id,
      detail: { by: 'device_check', productId: product.id, priceCents: order.priceCents },
    });
    await notify(tx, deps, {
      userId: order.buyerId,
      kind: 'device_check',
      ...notices.deviceCheckBuyer(product.name, check.message!),
      link: orderPagePath(order.id),
    });
    if (product.status === 'available') await listings.takeFlaggedListingOffSale(tx, deps, product, check.message!);
    return intents;
  });
  if (!released) return 'go-on';
  for (const paymentIntentId of released) await performRelease(deps, paymentIntentId);
  deps.listingsChanged();
  deps.emailsQueued?.();
  return 'refused';
};

/**
 * The IMEI check just before a card is charged (with no transaction open): a flagged phone's sale
 * is refused (409) and its order cancelled; a clean check is recorded; an outage lets the sale go on.
 */
const checkPhoneBeforeCapture = async (deps: PaymentDeps, attempt: SaleAttempt, intent: ProcessorIntent) => {
  if (!deps.deviceCheck) return;
  const device = await listings.findDeviceOfOrder(deps.db, attempt.orderId);
  if (!device?.imei) return;
  const { imei, productId } = device;
  const check = await checkDevice({ deviceCheck: deps.deviceCheck, log: deps.log, now: deps.now }, { ...device, imei });
  if (check.outcome === 'flagged') {
    if ((await refuseFlaggedPhone(deps, attempt, intent, { productId, imei }, check)) === 'refused')
      throw conflict(deviceCheckTexts.failedBeforeCapture);
    return;
  }
  await recordDeviceCheck(deps.db, productId, imei, check, 'capture');
};

const settleSteps = async (deps: PaymentDeps, attempt: SaleAttempt): Promise<SaleResult> => {
  if (attempt.event && (await repository.isWebhookEventHandled(deps.db, attempt.event))) return 'duplicate-event';
  const intent = await atProcessor(() => deps.processor.retrieve(attempt.paymentIntentId));
  // Only a card still to be charged: money already taken is recorded (or given back) as before.
  if (intent?.status === 'requires_capture' && intent.orderId === attempt.orderId)
    await checkPhoneBeforeCapture(deps, attempt, intent);
  const claim = await claimSale(deps, attempt, intent);
  if (claim.kind === 'refused') {
    if (claim.isReleased) await performRelease(deps, attempt.paymentIntentId);
    throw claim.error;
  }
  if (claim.kind === 'already-paid') return 'already-paid';
  return completeClaimedSale(
    deps,
    attempt,
    { productId: claim.productId, orderId: attempt.orderId, paymentIntentId: intent!.id },
    intent!,
  );
};

/** The metric's word for how a sale attempt ended. */
const outcomeOf = (error: unknown) => {
  if (!(error instanceof AppError)) return 'error';
  if (error.code === 'payment_failed') return 'card_failed';
  return error.statusCode >= 500 ? 'error' : 'refused';
};

/**
 * Settles one sale attempt (the buyer's /pay or the processor's webhook). Concurrent attempts on
 * one phone, from any API replica, serialise on the phone's row only for the claim and the record,
 * never across a processor call: the first to claim the phone captures and records; the others are
 * refused and released.
 */
export const settle = async (deps: PaymentDeps, attempt: SaleAttempt): Promise<SaleResult> => {
  try {
    const result = await settleSteps(deps, attempt);
    if (result !== 'duplicate-event') {
      paymentOutcomes.inc({ outcome: result === 'recorded' ? 'recorded' : 'already_paid' });
    }
    return result;
  } catch (error) {
    paymentOutcomes.inc({ outcome: outcomeOf(error) });
    throw error;
  }
};
