import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiEndpoints, OrderIdParamsSchema, WebhookReceiptSchema, text } from '@recell/contract';
import { z } from 'zod';
import type { AnyCardProcessor } from '../../adapters/payments/index.ts';
import type { StripeCardProcessor } from '../../adapters/payments/stripe-processor.ts';
import type { TestCardProcessor } from '../../adapters/payments/test-processor.ts';
import { endpointRoute, errorResponses } from '../../lib/routes.ts';
import { paymentDepsOf } from './payments.deps.ts';
import * as service from './payments.service.ts';
import { signedInUser } from '../auth/index.ts';

const TestIntentParamsSchema = z.object({ id: text().min(1).max(200) });

/**
 * Card payments and the sale: the processor's config for the page, the order's payment intent,
 * the sale itself, and the routes of the processor the app was built with (the test-mode
 * processor's card confirmation, or Stripe's webhook).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ processor: AnyCardProcessor }> = async (app, opts) => {
  const { processor } = opts;
  const depsOf = (request: FastifyRequest) => paymentDepsOf(app, request.log);
  if (processor.name === 'test' && app.config.isProduction) {
    app.log.warn('card payments use the built-in test-mode processor: set STRIPE_* to take real payments');
  }

  const { payments } = apiEndpoints;

  app.route(
    endpointRoute(payments.config, {
      tags: ['payments'],
      summary: 'Which card processor the payment page talks to',
      handler: async () => service.paymentConfig(app.cardProcessor),
    }),
  );

  app.route(
    endpointRoute(payments.createPaymentIntent, {
      tags: ['payments'],
      summary: 'The payment intent of your order (its buyer)',
      description:
        'The amount is the order’s price. The same intent is returned while it waits for a card; an ' +
        'authorisation left from an abandoned attempt is released and a new intent made. A payment of the ' +
        'order that was interrupted is finished instead (409, the order is paid).',
      params: OrderIdParamsSchema,
      errors: [401, 403, 404, 409, 429, 503],
      config: { emailConfirmed: true },
      onRequest: [app.writeLimits.payments],
      handler: async (request) =>
        service.preparePaymentIntent(depsOf(request), signedInUser(request), request.params.id),
    }),
  );

  app.route(
    endpointRoute(payments.payOrder, {
      tags: ['payments'],
      summary: 'Pay for your order with its confirmed card payment (its buyer)',
      description:
        'Reserves the phone for this order, captures the authorised card, then in one transaction records ' +
        'the payment, marks the order paid and the phone sold, and removes its advertisement. Repeating it ' +
        'after success returns the paid order; repeating it after a failure (503) finishes the same sale. ' +
        'If the phone was sold to (or is being paid by) someone else first, the authorisation is released ' +
        '(409) and nothing is charged.',
      params: OrderIdParamsSchema,
      errors: [400, 401, 402, 403, 404, 409, 429, 503],
      config: { emailConfirmed: true },
      onRequest: [app.writeLimits.payments],
      handler: async (request) =>
        service.payOrder(depsOf(request), signedInUser(request), request.params.id, request.body),
    }),
  );

  app.route(
    endpointRoute(payments.receipt, {
      tags: ['payments'],
      summary: 'The receipt of your paid order (its buyer)',
      description: 'The phone, its price, the service fee, what the card was charged and its last four digits.',
      params: OrderIdParamsSchema,
      errors: [401, 403, 404],
      handler: async (request) => service.paymentReceipt(app.db, signedInUser(request), request.params.id),
    }),
  );

  if (processor.name === 'test') registerTestProcessorRoutes(app, processor);
  else await app.register(stripeWebhookRoutes, { processor });
};

/** The test-mode processor's confirmation, authorised by the intent's client secret as at Stripe. */
const registerTestProcessorRoutes = (app: FastifyInstance, processor: TestCardProcessor) => {
  app.withTypeProvider<ZodTypeProvider>().route(
    endpointRoute(apiEndpoints.payments.confirmTestPayment, {
      tags: ['payments'],
      summary: 'Confirm a payment intent with a card (built-in test-mode processor)',
      description:
        'What Stripe.js does against Stripe, authorised by the intent’s client secret. Stripe’s test cards ' +
        'behave as in Stripe’s test mode (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, …). ' +
        'A refused card is a 402 with Stripe’s message, and `fields` names the card field it is about.',
      params: TestIntentParamsSchema,
      errors: [400, 402, 404, 409, 429, 503],
      // Anonymous (the client secret authorises it): counted per IP.
      onRequest: [app.writeLimits.payments],
      handler: async (request) => service.confirmTestPayment(processor, request.params.id, request.body),
    }),
  );
};

/**
 * Stripe's webhook, in a context of its own: its body is kept raw (the signature covers the exact
 * bytes), without changing how any other route reads JSON.
 */
const stripeWebhookRoutes = async (fastify: FastifyInstance, opts: { processor: StripeCardProcessor }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/webhooks/stripe',
    {
      // Stripe's servers call it, proving themselves by the signature (no browser, no cookie).
      config: { allowCrossSite: true },
      schema: {
        tags: ['payments'],
        summary: 'Stripe’s events (signature-verified)',
        description:
          'Each event is handled once however often it is delivered. An authorised card ' +
          '(payment_intent.amount_capturable_updated) settles the sale as /pay would; ' +
          'payment_intent.succeeded is recorded if it was not yet; other events are acknowledged.',
        response: { 200: WebhookReceiptSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await service.receiveStripeEvent(
        paymentDepsOf(app, request.log),
        opts.processor,
        request.body,
        request.headers['stripe-signature'],
      );
      return { received: true as const };
    },
  );
};
