/**
 * Card payments and the sale (design.md "State rules", docs/decisions/0013). The card is
 * authorised on the payment page; the server captures it only inside the sale's transaction, with
 * the phone's and the order's rows locked:
 *
 * - the amount is the order's price (the client never sends one), and the intent must have been
 *   made for this order for exactly that amount;
 * - a payment is recorded only once the processor says `succeeded`, once per order and per
 *   processor payment id; recording it also marks the order paid, the phone sold and removes its
 *   advertisement, in the same transaction;
 * - a buyer who loses the race for a phone has their authorisation released (cancelled), so they
 *   are never charged; if the sale cannot be committed after a capture, the money is refunded.
 */
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import {
  buyingMessages,
  paymentMessages,
  type Order,
  type PaymentConfig,
  type PaymentIntent,
  type PayOrder,
  type TestCard,
} from '@recell/contract';
import {
  CardError,
  IntentStateError,
  isAwaitingCard,
  ProcessorUnavailableError,
  type CardProcessor,
  type ProcessorIntent,
} from '../../adapters/payments/card-processor.ts';
import { IntentNotFoundError, type TestCardProcessor } from '../../adapters/payments/test-processor.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { orderIdOf, uuidPattern } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { getOrder } from '../orders/orders.service.ts';
import * as listings from '../products/products.repository.ts';
import * as repository from './payments.repository.ts';

/** Prices are dollars (formatPrice); every intent is in US dollars. */
const currency = 'usd';

const orderNotFound = () => notFound(buyingMessages.orderNotFound);

/** A processor's failure in the API's words: a refused card is a 402 with the processor's message. */
const fromProcessorError = (error: unknown): unknown => {
  if (error instanceof CardError) {
    return new AppError('payment_failed', error.message, error.field ? { [error.field]: error.message } : undefined);
  }
  if (error instanceof IntentStateError) return new AppError('payment_failed', paymentMessages.processingError);
  if (error instanceof ProcessorUnavailableError) return new AppError('unavailable', paymentMessages.processingError);
  return error;
};

export const paymentConfig = (processor: CardProcessor): PaymentConfig => ({
  processor: processor.name,
  publishableKey: processor.publishableKey,
});

// ---------------------------------------------------------------------------------------------
// POST /api/orders/:id/payment-intent

/**
 * The intent the payment page confirms the card with: the order's current one while it still
 * waits for a card, else a new one for the order's price. An old intent whose card was authorised
 * but never used for the sale is cancelled first, so the buyer never holds two authorisations.
 */
export const preparePaymentIntent = async (
  app: FastifyInstance,
  buyer: AuthUser,
  id: string,
): Promise<PaymentIntent> => {
  const orderId = orderIdOf(id);
  const processor = app.cardProcessor;
  try {
    const intent = await app.db.transaction(async (tx) => {
      const order = await repository.lockOrderWithProductStatus(tx, orderId);
      if (!order || order.buyerId !== buyer.id) throw orderNotFound();
      if (order.status === 'paid') throw conflict(paymentMessages.orderPaid);
      if (order.status !== 'booked' || order.productStatus !== 'available' || !order.isSellerActive)
        throw conflict(paymentMessages.orderNotPayable);
      const scope = { tx };
      if (order.paymentIntentId) {
        const current = await processor.retrieve(order.paymentIntentId, scope);
        const isUsable =
          current !== null &&
          isAwaitingCard(current.status) &&
          current.orderId === order.id &&
          current.amountCents === order.priceCents &&
          current.currency === currency &&
          current.clientSecret !== null;
        if (isUsable) return current;
        if (current?.status === 'requires_capture') await processor.cancel(current.id, scope);
      }
      const created = await processor.createIntent(
        {
          orderId,
          amountCents: order.priceCents,
          currency,
          // A repeated request (a retry after a lost answer) gets the same intent from the processor.
          idempotencyKey: `order-${orderId}-intent-after-${order.paymentIntentId ?? 'none'}`,
        },
        scope,
      );
      await repository.setPaymentIntent(tx, orderId, created.id);
      return created;
    });
    if (!intent.clientSecret) throw new ProcessorUnavailableError('the processor returned no client secret');
    return {
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      amountCents: intent.amountCents,
      currency: intent.currency,
      processor: processor.name,
    };
  } catch (error) {
    throw fromProcessorError(error);
  }
};

// ---------------------------------------------------------------------------------------------
// The sale: POST /api/orders/:id/pay and Stripe's webhooks

interface WebhookEventRecord {
  provider: string;
  eventId: string;
  type: string;
}

interface SaleAttempt {
  orderId: string;
  paymentIntentId: string;
  /** Who asked: the buyer's /pay, or the processor's webhook. */
  via: 'pay' | 'webhook';
  /** The webhook event, noted as handled in the sale's own transaction. */
  event?: WebhookEventRecord;
}

type SaleOutcome =
  | { kind: 'recorded' }
  | { kind: 'already-paid' }
  | { kind: 'duplicate-event' }
  | { kind: 'refused'; error: AppError; release: 'cancel' | 'refund' | null };

/** What to do with the refused sale's intent so the buyer keeps their money. */
const releaseOf = (intent: ProcessorIntent | null): 'cancel' | 'refund' | null => {
  if (intent?.status === 'requires_capture') return 'cancel';
  if (intent?.status === 'succeeded' && !intent.isRefunded) return 'refund';
  return null;
};

const refuse = (error: AppError, intent: ProcessorIntent | null = null): SaleOutcome => ({
  kind: 'refused',
  error,
  release: releaseOf(intent),
});

/**
 * Settles one sale attempt. Everything is decided with the phone's and the order's rows locked
 * (the phone first), so concurrent attempts on one phone, from any API replica, run one at a time:
 * the first that finds the phone for sale captures and records; the others find it sold.
 */
const settle = async (app: FastifyInstance, attempt: SaleAttempt): Promise<SaleOutcome> => {
  const processor = app.cardProcessor;
  let hasCaptured = false;
  let outcome: SaleOutcome;
  try {
    outcome = await app.db.transaction(async (tx): Promise<SaleOutcome> => {
      if (attempt.event && !(await repository.insertWebhookEvent(tx, attempt.event))) {
        return { kind: 'duplicate-event' };
      }
      const product = await repository.lockProductOfOrder(tx, attempt.orderId);
      const order = await repository.lockOrder(tx, attempt.orderId);
      if (!product || !order) return refuse(orderNotFound());

      const scope = { tx };
      // Read under the locks: what the processor says now, not before another attempt finished.
      const intent = await processor.retrieve(attempt.paymentIntentId, scope);
      // Someone else's intent (or none) is never touched: naming it must not cancel their payment.
      if (!intent || intent.orderId !== order.id) return refuse(conflict(paymentMessages.paymentIntentMismatch));
      if (order.status === 'paid' && order.transactionId === intent.id) return { kind: 'already-paid' };
      if (intent.amountCents !== order.priceCents || intent.currency !== currency) {
        return refuse(conflict(paymentMessages.paymentIntentMismatch), intent);
      }
      if (order.status === 'paid') return refuse(conflict(paymentMessages.orderPaid), intent);
      if (product.status === 'sold') return refuse(conflict(paymentMessages.phoneSold), intent);
      if (order.status !== 'booked' || product.status !== 'available' || !product.isSellerActive) {
        return refuse(conflict(paymentMessages.orderNotPayable), intent);
      }
      if (intent.status === 'canceled') return refuse(conflict(paymentMessages.paymentIntentCanceled));
      if (intent.status === 'succeeded' && intent.isRefunded) return refuse(conflict(paymentMessages.paymentRefunded));
      if (intent.status !== 'requires_capture' && intent.status !== 'succeeded') {
        return refuse(conflict(paymentMessages.paymentNotConfirmed));
      }

      if (intent.status === 'requires_capture') {
        const captured = await processor.capture(intent.id, scope);
        hasCaptured = true;
        if (captured.status !== 'succeeded') throw new IntentStateError(captured.status);
      }
      // Idempotent on the processor's payment id and the order: a second record is a no-op.
      await repository.insertPayment(tx, {
        orderId: order.id,
        provider: processor.name,
        providerPaymentId: intent.id,
        amountCents: order.priceCents,
        currency: intent.currency,
      });
      await repository.markOrderPaid(tx, order.id, intent.id);
      await listings.markSold(tx, product.id);
      const wasAdvertised = await listings.deleteAdvertisement(tx, product.id);
      await insertAuditEntry(tx, {
        actorId: order.buyerId,
        action: 'payment.recorded',
        subjectType: 'order',
        subjectId: order.id,
        detail: {
          via: attempt.via,
          provider: processor.name,
          providerPaymentId: intent.id,
          amountCents: order.priceCents,
          currency: intent.currency,
          productId: product.id,
          wasAdvertised,
          ...(attempt.event ? { eventId: attempt.event.eventId } : {}),
        },
      });
      return { kind: 'recorded' };
    });
  } catch (error) {
    if (hasCaptured && (await refundUncommittedCapture(app, attempt.paymentIntentId))) {
      app.log.error({ err: error, orderId: attempt.orderId }, 'sale not recorded after capture; payment refunded');
      throw conflict(paymentMessages.paymentRefunded);
    }
    throw fromProcessorError(error);
  }

  if (outcome.kind === 'recorded') app.listingsChanged();
  if (outcome.kind === 'refused') {
    if (outcome.release) await release(app, attempt.paymentIntentId, outcome.release);
    throw outcome.error;
  }
  return outcome;
};

/**
 * The money was captured but the sale's transaction did not commit: give it back. (The test-mode
 * processor captured inside the rolled-back transaction, so its intent still only holds the
 * authorisation and there is nothing to refund.)
 */
const refundUncommittedCapture = async (app: FastifyInstance, paymentIntentId: string) => {
  try {
    const intent = await app.cardProcessor.retrieve(paymentIntentId);
    if (intent?.status !== 'succeeded' || intent.isRefunded) return false;
    await app.cardProcessor.refund(paymentIntentId);
    return true;
  } catch (error) {
    app.log.error({ err: error, paymentIntentId }, 'refund after a failed sale failed: refund it by hand');
    return false;
  }
};

/** Releases a refused attempt's money at the processor; a failure is logged (the answer stays the refusal). */
const release = async (app: FastifyInstance, paymentIntentId: string, how: 'cancel' | 'refund') => {
  try {
    if (how === 'cancel') await app.cardProcessor.cancel(paymentIntentId);
    else await app.cardProcessor.refund(paymentIntentId);
  } catch (error) {
    app.log.error({ err: error, paymentIntentId, how }, 'releasing a refused payment failed');
  }
};

/** POST /api/orders/:id/pay: the buyer's confirmed card pays for their order; answers the paid order. */
export const payOrder = async (app: FastifyInstance, buyer: AuthUser, id: string, body: PayOrder): Promise<Order> => {
  const orderId = orderIdOf(id);
  if ((await repository.findOrderBuyer(app.db, orderId)) !== buyer.id) throw orderNotFound();
  await settle(app, { orderId, paymentIntentId: body.paymentIntentId, via: 'pay' });
  return getOrder(app.db, buyer.id, orderId);
};

/**
 * A verified Stripe event, handled once however often it is delivered: an authorised card
 * (amount_capturable_updated) settles the sale as /pay would, so a buyer who closes the page after
 * confirming still gets their phone; a captured one (succeeded) is recorded if it was not yet.
 * Other events are acknowledged.
 */
export const handleStripeEvent = async (app: FastifyInstance, event: Stripe.Event) => {
  const record = { provider: 'stripe', eventId: event.id, type: event.type };
  if (event.type === 'payment_intent.amount_capturable_updated' || event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    const orderId = intent.metadata?.orderId;
    if (orderId && uuidPattern.test(orderId)) {
      try {
        await settle(app, {
          orderId: orderId.toLowerCase(),
          paymentIntentId: intent.id,
          via: 'webhook',
          event: record,
        });
        return;
      } catch (error) {
        // A refusal is an answer too (the phone went to someone else, the card failed at capture):
        // retrying the event would change nothing. Anything else is retried by Stripe.
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        app.log.info({ eventId: event.id, orderId, reason: error.message }, 'webhook sale refused');
      }
    }
  }
  await repository.insertWebhookEvent(app.db, record);
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
