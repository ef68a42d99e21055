/**
 * Stripe PaymentIntents (when STRIPE_* are set). Intents authorise only (capture_method 'manual'),
 * card payments only, with the order's id in their metadata; every call that changes money carries
 * an idempotency key, so the SDK's retries and our own repeats act once. STRIPE_API_URL points the
 * SDK at another server (a local one in tests).
 */
import Stripe from 'stripe';
import {
  CardError,
  IntentStateError,
  PaymentRefusedError,
  ProcessorUnavailableError,
  type CardProcessor,
  type IntentStatus,
  type ProcessorIntent,
} from './card-processor.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiUrl: string | undefined;
}

export interface StripeCardProcessor extends CardProcessor {
  readonly name: 'stripe';
  /** Checks a webhook's signature and parses it; throws Stripe's SignatureVerificationError otherwise. */
  constructEvent(rawBody: Buffer, signature: string): Stripe.Event;
}

/** The SDK pointed at Stripe, or at STRIPE_API_URL. */
export const createStripeClient = (settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>) => {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          protocol: url.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
};

const toIntent = (intent: Stripe.PaymentIntent): ProcessorIntent => {
  const method = intent.payment_method;
  const charge = intent.latest_charge;
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    status: intent.status as IntentStatus,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.orderId ?? null,
    last4: method && typeof method === 'object' ? (method.card?.last4 ?? null) : null,
    isRefunded: Boolean(charge && typeof charge === 'object' && charge.amount_refunded > 0),
  };
};

/** Stripe's errors in the port's words: a refused card, a call the intent's state does not allow, an outage. */
const translate = (error: unknown): never => {
  if (error instanceof Stripe.errors.StripeCardError) {
    throw new CardError(error.decline_code ?? error.code ?? 'card_declined', error.message);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') {
    throw new IntentStateError(error.payment_intent?.status ?? 'unexpected');
  }
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    throw new ProcessorUnavailableError(error.message, { cause: error });
  }
  throw error;
};

export const createStripeCardProcessor = (settings: StripeSettings): StripeCardProcessor => {
  const stripe = createStripeClient(settings);
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,

    async createIntent({ orderId, amountCents, currency, idempotencyKey }) {
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: amountCents,
            currency,
            capture_method: 'manual',
            allowed_payment_method_types: ['card'],
            metadata: { orderId },
          },
          { idempotencyKey },
        )
        .catch(translate);
      return toIntent(intent);
    },

    async retrieve(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id, { expand: ['payment_method', 'latest_charge'] }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
        return translate(error);
      }
    },

    async capture(id) {
      // With its card, so the buyer's receipt can name its last four digits.
      const intent = await stripe.paymentIntents
        .capture(id, { expand: ['payment_method'] }, { idempotencyKey: `capture-${id}` })
        .catch(translate);
      return toIntent(intent);
    },

    async cancel(id) {
      await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `cancel-${id}` }).catch(translate);
    },

    async refund(id, part) {
      try {
        await stripe.refunds.create(part ? { payment_intent: id, amount: part.amountCents } : { payment_intent: id }, {
          idempotencyKey: part?.idempotencyKey ?? `refund-${id}`,
        });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          // Given back already (by another try, or in Stripe's dashboard): what was asked is done.
          if (error.code === 'charge_already_refunded') return;
          // Anything else Stripe refuses (an unknown payment, a disputed charge) it will always refuse.
          if (error.code !== 'payment_intent_unexpected_state') {
            throw new PaymentRefusedError(error.code ?? 'invalid_request', error.message);
          }
        }
        translate(error);
      }
    },

    constructEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },
  };
};
