/**
 * Card payments (docs/product.md, States and rules; docs/decisions/0013 and 0017): the payment page's
 * config and intent, the sale through /pay and Stripe's webhooks (payments.sale.ts), and the
 * test-mode processor's card confirmation. No call to the processor is made inside a database
 * transaction:
 *
 * - the amount is the order's price (the client never sends one), and the intent must have been
 *   made for this order for exactly that amount;
 * - a payment is recorded only once the processor says `succeeded`, once per order and per
 *   processor payment id; recording it also marks the order paid, the phone sold and removes its
 *   advertisement, in the same transaction;
 * - a buyer who loses the race for a phone has their authorisation released (cancelled), so they
 *   are never charged; money that can no longer buy the phone is refunded.
 */
import {
  buyingMessages,
  paymentMessages,
  type Order,
  type PaymentConfig,
  type PaymentIntent,
  type PayOrder,
  type TestCard,
  buyerFeeOf,
  refundSplitOf,
  sellerFeeOf,
  type SellerFeeRule,
  type PaymentReceipt,
} from '@recell/contract';
import {
  IntentStateError,
  isAwaitingCard,
  ProcessorUnavailableError,
  type CardProcessor,
} from '../../adapters/payments/card-processor.ts';
import type { StripeCardProcessor } from '../../adapters/payments/stripe-processor.ts';
import { IntentNotFoundError, type TestCardProcessor } from '../../adapters/payments/test-processor.ts';
import type { Executor } from '../../db/client.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { idOrNotFound } from '../../lib/ids.ts';
import { orderIdOf, uuidPattern } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/index.ts';
import * as ledger from '../ledger/index.ts';
import * as payouts from '../payouts/index.ts';
import { toBankPayout, toConnectedAccount } from '../../adapters/payouts/stripe-payouts.ts';
import { receiveDisputeEvent } from './payments.disputes.ts';
import * as orders from '../orders/index.ts';
import { getOrder } from '../orders/index.ts';
import type { PaymentDeps } from './payments.deps.ts';
import * as repository from './payments.repository.ts';
import { performRelease } from './payments.releases.ts';
import { atProcessor, currency, fromProcessorError, settle } from './payments.sale.ts';

const orderNotFound = () => notFound(buyingMessages.orderNotFound);

export const paymentConfig = (processor: CardProcessor): PaymentConfig => ({
  processor: processor.name,
  publishableKey: processor.publishableKey,
});

// ---------------------------------------------------------------------------------------------
// POST /api/orders/:id/payment-intent

/** How often a request tries again when another request of the same order changed its intent first. */
const intentAttempts = 3;

/**
 * The intent the payment page confirms the card with: the order's current one while it still
 * waits for a card, else a new one for the order's price. An old intent whose card was authorised
 * but never used for the sale is released first, so the buyer never holds two authorisations. A
 * sale of the order that was claimed but not finished is finished instead (409 orderPaid after).
 * Decided without holding a lock across the processor's calls: the new intent is stored only if
 * the order still has the one it replaces, and one that loses that race is released.
 */
export const preparePaymentIntent = async (deps: PaymentDeps, buyer: AuthUser, id: string): Promise<PaymentIntent> => {
  const orderId = orderIdOf(id);
  const { db, processor } = deps;
  for (let attempt = 0; attempt < intentAttempts; attempt += 1) {
    const order = await repository.findOrderWithProductStatus(db, orderId);
    if (!order || order.buyerId !== buyer.id) throw orderNotFound();
    if (order.status === 'paid') throw conflict(paymentMessages.orderPaid);
    if (order.status !== 'booked' || order.productStatus !== 'available' || !order.isSellerActive)
      throw conflict(paymentMessages.orderNotPayable);
    const claim = await repository.findClaimOfOrder(db, orderId);
    if (claim) {
      // The buyer pressed Payment and that sale was interrupted (an outage, a closed page): finish it
      // rather than start another payment.
      await settle(deps, { orderId, paymentIntentId: claim.paymentIntentId, via: 'pay' });
      throw conflict(paymentMessages.orderPaid);
    }

    const previousId = order.paymentIntentId;
    const shippingCents = order.shippingCents ?? 0;
    const charge = { priceCents: order.priceCents, buyerFeeCents: order.buyerFeeCents ?? 0, shippingCents };
    if (previousId) {
      const current = await atProcessor(() => processor.retrieve(previousId));
      const isUsable =
        current !== null &&
        isAwaitingCard(current.status) &&
        current.orderId === order.id &&
        current.amountCents === charge.priceCents + charge.buyerFeeCents + shippingCents &&
        current.currency === currency &&
        current.clientSecret !== null;
      if (isUsable) return toPaymentIntent(processor, current, charge);
      if (current?.status === 'requires_capture') {
        const isListed = await shortTransaction(db, async (tx) => {
          const locked = await orders.lockOrder(tx, orderId);
          if (locked?.paymentIntentId !== previousId) return false;
          // Its sale may have started since: then it is not abandoned.
          if (await repository.findClaimOfOrder(tx, orderId)) throw conflict(paymentMessages.paymentInProgress);
          await repository.insertRelease(tx, { paymentIntentId: previousId, orderId, kind: 'cancel' });
          return true;
        });
        if (!isListed) continue;
        if ((await performRelease(deps, previousId)) === 'failed') {
          throw new AppError('unavailable', paymentMessages.processingError);
        }
      }
    }
    // A new intent charges the service fee in force now (shown on the page before paying), and the
    // shipping frozen at booking.
    const buyerFeeCents = buyerFeeOf(order.priceCents, deps.buyerFeePercent ?? 0);
    const created = await atProcessor(() =>
      processor.createIntent({
        orderId,
        amountCents: order.priceCents + buyerFeeCents + shippingCents,
        currency,
        // A repeated request (a retry after a lost answer) gets the same intent from the processor.
        idempotencyKey: `order-${orderId}-intent-after-${previousId ?? 'none'}`,
      }),
    );
    if (await orders.replacePaymentIntent(db, orderId, previousId, created.id, buyerFeeCents)) {
      return toPaymentIntent(processor, created, { priceCents: order.priceCents, buyerFeeCents, shippingCents });
    }
    // Another request of this order stored its intent first (or the order was paid or cancelled):
    // this one is never used.
    await repository.insertRelease(db, { paymentIntentId: created.id, orderId, kind: 'cancel' });
    await performRelease(deps, created.id);
  }
  throw conflict(paymentMessages.orderNotPayable);
};

const toPaymentIntent = (
  processor: CardProcessor,
  intent: { id: string; clientSecret: string | null; amountCents: number; currency: string },
  charge: { priceCents: number; buyerFeeCents: number; shippingCents: number },
): PaymentIntent => {
  if (!intent.clientSecret) {
    throw fromProcessorError(new ProcessorUnavailableError('the processor returned no client secret'));
  }
  return {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amountCents: intent.amountCents,
    priceCents: charge.priceCents,
    buyerFeeCents: charge.buyerFeeCents,
    shippingCents: charge.shippingCents,
    currency: intent.currency,
    processor: processor.name,
  };
};

// ---------------------------------------------------------------------------------------------
// The sale: POST /api/orders/:id/pay and Stripe's webhooks

/** POST /api/orders/:id/pay: the buyer's confirmed card pays for their order; answers the paid order. */
export const payOrder = async (deps: PaymentDeps, buyer: AuthUser, id: string, body: PayOrder): Promise<Order> => {
  const orderId = orderIdOf(id);
  if ((await repository.findOrderBuyer(deps.db, orderId)) !== buyer.id) throw orderNotFound();
  await settle(deps, { orderId, paymentIntentId: body.paymentIntentId, via: 'pay' });
  return getOrder(deps, buyer.id, orderId);
};

/**
 * POST /api/webhooks/stripe: an event Stripe signed (over the exact bytes of the body), handled
 * once however often it is delivered: an authorised card (amount_capturable_updated) settles the
 * sale as /pay would, so a buyer who closes the page after confirming still gets their phone; a
 * captured one (succeeded) is recorded if it was not yet; a seller's payout account that changed
 * (account.updated) is copied onto theirs; a chargeback (charge.dispute.*) is followed to its end;
 * a seller's bank payout (payout.*) is shown on their Payouts page. Other events are acknowledged
 * and logged. A missing or
 * wrong signature is a 400.
 */
export const receiveStripeEvent = async (
  deps: PaymentDeps,
  stripe: StripeCardProcessor,
  body: unknown,
  signature: unknown,
): Promise<void> => {
  if (typeof signature !== 'string' || !Buffer.isBuffer(body))
    throw badRequest(paymentMessages.webhookSignatureInvalid);
  let event;
  try {
    event = stripe.constructEvent(body, signature);
  } catch {
    throw badRequest(paymentMessages.webhookSignatureInvalid);
  }
  const record = { provider: 'stripe', eventId: event.id, type: event.type };
  if (event.type === 'payment_intent.amount_capturable_updated' || event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    const orderId = intent.metadata?.orderId;
    if (orderId && uuidPattern.test(orderId)) {
      try {
        await settle(deps, {
          orderId: orderId.toLowerCase(),
          paymentIntentId: intent.id,
          via: 'webhook',
          event: record,
        });
      } catch (error) {
        // A refusal is an answer too (the phone went to someone else, the card failed at capture):
        // retrying the event would change nothing. Anything else is retried by Stripe.
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        deps.log.info({ eventId: event.id, orderId, reason: error.message }, 'webhook sale refused');
      }
    }
  }
  if (event.type === 'account.updated') {
    // A seller's payout account changed at Stripe (onboarding finished, more information due, rejected).
    const known = await payouts.recordAccountUpdate(deps, toConnectedAccount(event.data.object));
    if (!known) deps.log.info({ eventId: event.id }, 'an account the marketplace does not know was updated');
  } else if (
    event.type === 'charge.dispute.created' ||
    event.type === 'charge.dispute.updated' ||
    event.type === 'charge.dispute.closed'
  ) {
    await receiveDisputeEvent(deps, event.type, event.data.object);
  } else if (
    event.type === 'payout.paid' ||
    event.type === 'payout.failed' ||
    event.type === 'payout.created' ||
    event.type === 'payout.updated' ||
    event.type === 'payout.canceled'
  ) {
    // A connected account's money on its way to the seller's bank (the event names the account).
    if (event.account) await payouts.recordBankPayout(deps, event.account, toBankPayout(event.data.object));
  } else if (!handledEvents.has(event.type)) {
    deps.log.info({ eventId: event.id, type: event.type }, 'a Stripe event the marketplace does not act on');
  }
  await repository.insertWebhookEvent(deps.db, record);
};

/** The Stripe events the marketplace acts on; others are acknowledged and logged. */
const handledEvents = new Set(['payment_intent.amount_capturable_updated', 'payment_intent.succeeded']);

// ---------------------------------------------------------------------------------------------
// GET /api/orders/:id/payment-receipt

/** The buyer's receipt of their paid order; any other order (unpaid, someone else's) is a 404. */
export const paymentReceipt = async (db: Executor, buyer: AuthUser, id: string): Promise<PaymentReceipt> => {
  const orderId = idOrNotFound(id, paymentMessages.receiptNotFound);
  const row = await repository.findReceipt(db, orderId, buyer.id);
  if (!row) throw notFound(paymentMessages.receiptNotFound);
  return {
    orderId: row.orderId,
    productName: row.productName,
    priceCents: row.priceCents,
    buyerFeeCents: row.buyerFeeCents ?? 0,
    shippingCents: row.shippingCents ?? 0,
    totalCents: row.totalCents,
    cardLast4: row.cardLast4,
    paidAt: new Date(row.paidAt).toISOString(),
    isRefunded: row.status === 'refunded',
  };
};

// ---------------------------------------------------------------------------------------------
// The test-mode processor's card confirmation (what Stripe.js does against Stripe)

export const confirmTestPayment = async (processor: TestCardProcessor, id: string, card: TestCard) => {
  try {
    const intent = await processor.confirm(id, card);
    return { paymentIntentId: intent.id, status: intent.status };
  } catch (error) {
    if (error instanceof IntentNotFoundError) throw notFound(paymentMessages.clientSecretMismatch);
    if (error instanceof IntentStateError) {
      throw conflict(
        error.status === 'canceled' ? paymentMessages.paymentIntentCanceled : paymentMessages.paymentAlreadyConfirmed,
      );
    }
    throw fromProcessorError(error);
  }
};

/**
 * A problem's refund of the whole sale went through (in the refund's transaction): the payment is
 * refunded, and the ledger gives every account's share of the order back.
 */
export const markPaymentRefunded = async (tx: Executor, orderId: string): Promise<void> => {
  await repository.setPaymentRefunded(tx, orderId);
  await payouts.cancelSellerPayout(tx, orderId);
  await ledger.recordFullRefund(tx, orderId);
};

/**
 * An order's label bought (in the label's transaction, decision 0076): its cost leaves the
 * processor's balance, paid from the shipping the buyer paid; what differs is the seller's, taken
 * from (or added to) their held share, and all of it when the seller pays for shipping.
 */
export const chargeLabel = async (tx: Executor, label: orders.LabelMoney): Promise<void> => {
  await ledger.recordLabel(tx, label);
  if (label.payer !== 'marketplace')
    await payouts.adjustSellerPayoutForLabel(tx, label.orderId, label.heldCents - label.costCents);
};

/** The label refunded by the carrier, never used (in the order refund's transaction): its charge undone. */
export const refundLabelCharge = async (tx: Executor, label: orders.LabelMoney): Promise<void> => {
  await ledger.recordLabelRefund(tx, label);
  if (label.payer !== 'marketplace')
    await payouts.adjustSellerPayoutForLabel(tx, label.orderId, label.costCents - label.heldCents);
};

/**
 * A demo sale's money, in the seed's transaction (the seed writes the order and its payment
 * itself): the fee frozen on the order, the ledger's sale, the seller's share held, as a real sale
 * records them.
 */
export const recordDemoSaleMoney = async (
  tx: Executor,
  sellerFee: SellerFeeRule,
  sale: { orderId: string; sellerId: string; priceCents: number },
): Promise<void> => {
  const sellerFeeCents = sellerFeeOf(sale.priceCents, sellerFee);
  await orders.freezeSellerFee(tx, sale.orderId, sellerFeeCents);
  await ledger.recordSale(tx, { orderId: sale.orderId, amountCents: sale.priceCents, sellerFeeCents });
  await payouts.holdSellerShare(tx, {
    orderId: sale.orderId,
    sellerId: sale.sellerId,
    amountCents: sale.priceCents - sellerFeeCents,
  });
};

/**
 * An admin's refund of part of the payment went through (in the refund's transaction): the
 * payment's refunded amount grows, and the seller's share and the fees give back their part of it
 * (`refundSplitOf`): from the held share, or (sent already) through the reversal made before.
 */
export const markPaymentPartlyRefunded = async (
  tx: Executor,
  orderId: string,
  part: { refundCents: number },
): Promise<void> => {
  const payment = await repository.addRefundedCents(tx, orderId, part.refundCents);
  if (!payment) throw new Error(`order ${orderId} has no payment to refund part of`);
  const split = refundSplitOf(payment, part.refundCents);
  await payouts.reduceSellerPayout(tx, orderId, split.sellerCents);
  await ledger.recordPartialRefund(tx, { orderId, refundCents: part.refundCents, ...split });
};
