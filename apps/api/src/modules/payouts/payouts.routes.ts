import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints } from '@recell/contract';
import { endpointRoute } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import { payoutDepsOf } from './payouts.deps.ts';
import * as service from './payouts.service.ts';

/** A seller's payouts (docs/decisions/0062): their Payouts page and their payout account's setup. */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payouts } = apiEndpoints;

  app.route(
    endpointRoute(payouts.myPayouts, {
      tags: ['payouts'],
      summary: 'Your payout account, balances and each sale’s payout (sellers)',
      description:
        'Balances and each sale’s share are the ledger’s. A sale is held until its order completes, then sent ' +
        'to the payout account once it is ready.',
      errors: [401, 403],
      handler: async (request) => service.myPayouts(payoutDepsOf(app, request.log), signedInUser(request)),
    }),
  );

  app.route(
    endpointRoute(payouts.startOnboarding, {
      tags: ['payouts'],
      summary: 'Connect or finish your payout account (sellers)',
      description:
        'Makes your payout account if you have none, and answers where its setup is finished or fixed: Stripe’s ' +
        'hosted onboarding, or the local test-mode page. A rejected account is a 409.',
      errors: [401, 403, 409, 429, 503],
      onRequest: [app.writeLimits.payments],
      handler: async (request) => service.startOnboarding(payoutDepsOf(app, request.log), signedInUser(request)),
    }),
  );

  // The test-mode processor's stand-in for Stripe's hosted onboarding; absent with Stripe.
  if (app.payoutProcessor.name !== 'test') return;
  app.route(
    endpointRoute(payouts.finishTestOnboarding, {
      tags: ['payouts'],
      summary: 'Finish your payout account’s setup with a test outcome (built-in test-mode processor)',
      description:
        'What Stripe’s hosted onboarding does in test mode: the account completes, needs more information, or is ' +
        'rejected. Only with the test-mode processor.',
      errors: [400, 401, 403, 429],
      onRequest: [app.writeLimits.payments],
      handler: async (request) =>
        service.finishTestOnboarding(payoutDepsOf(app, request.log), signedInUser(request), request.body),
    }),
  );
};
