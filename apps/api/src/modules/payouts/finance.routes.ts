import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, financeListLimit, PayoutOrderIdParamsSchema } from '@recell/contract';
import { endpointRoute } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import * as service from './finance.service.ts';
import { payoutDepsOf } from './payouts.deps.ts';

/** The admins' Finance screen (docs/decisions/0062): the ledger's totals, payouts and disputes. */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { finance } = apiEndpoints;

  app.route(
    endpointRoute(finance.finance, {
      tags: ['admin'],
      summary: 'Finance: the ledger’s totals, failed payouts, payouts on the way and disputes (admin)',
      description:
        'Every total is summed from the ledger, split by the state of each sale’s payout where needed. ' +
        `Each list holds at most ${financeListLimit} rows: payouts newest sale first, disputes open ones first ` +
        'by their evidence deadline.',
      errors: [401, 403],
      handler: async () => service.finance({ db: app.db }),
    }),
  );

  app.route(
    endpointRoute(finance.retryPayout, {
      tags: ['admin'],
      summary: 'Send a failed payout again (admin)',
      description:
        'Only a failed payout (409 otherwise); it is sent under a new idempotency key, after asking the ' +
        'processor for a transfer an earlier key made. Answers the Finance screen as it then stands. 409 when ' +
        'the processor refuses it again; 503 when it cannot be reached (the release job tries it again).',
      params: PayoutOrderIdParamsSchema,
      errors: [401, 403, 404, 409, 503],
      handler: async (request) =>
        service.retryPayout(payoutDepsOf(app, request.log), signedInUser(request), request.params.orderId),
    }),
  );
};
