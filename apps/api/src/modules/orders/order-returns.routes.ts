import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiEndpoints, OrderIdParamsSchema, ReturnIdParamsSchema, returnLimits } from '@recell/contract';
import { emptyBodyUnlessObject, endpointRoute } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import type { OrderProgressRoutesOptions } from './order-progress.routes.ts';
import * as returns from './order-returns.service.ts';

/**
 * Returns of shipped phones (docs/decisions/0074): the buyer asks and prints the return label; the
 * seller answers, checks the returned phone's IMEI and puts it back on sale; an admin decides.
 * Another party's order is a 404; a wrong state a 409; the carrier or card processor out of reach a 503.
 */
export const orderReturnRoutes: FastifyPluginAsyncZod<OrderProgressRoutesOptions> = async (
  app,
  { markPaymentRefunded, markPaymentPartlyRefunded, takeBackSellerPayoutOf, refundLabelCharge, chargeLabel },
) => {
  const depsOf = (log: typeof app.log): returns.ReturnDeps => ({
    db: app.db,
    publicUrl: app.config.publicUrl,
    processor: app.cardProcessor,
    shipping: app.shipping,
    storage: app.storage,
    log,
    emailsQueued: () => app.emailsQueued(),
    markPaymentRefunded,
    markPaymentPartlyRefunded,
    takeBackSellerPayout: takeBackSellerPayoutOf(log),
    labels: { shipping: app.shipping, refundLabelCharge },
    chargeLabel,
  });

  const { orderReturns } = apiEndpoints;

  app.route(
    endpointRoute(orderReturns.requestReturn, {
      tags: ['orders'],
      summary: 'Ask for the return of a delivered phone (the order’s buyer)',
      description:
        `Only for an order shipped with a tracked label, within ${returnLimits.windowHours} hours of the delivery, ` +
        `with nothing undecided on it, once per order (409 otherwise). Up to ${returnLimits.maxPhotos} photos, each ` +
        `uploaded by the buyer (400 otherwise). The seller answers within ${returnLimits.sellerAnswerBusinessDays} ` +
        'business days; the return pauses the order’s completion.',
      params: OrderIdParamsSchema,
      errors: [400, 401, 403, 404, 409, 429],
      config: { emailConfirmed: true },
      onRequest: [app.writeLimits.reports],
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(
            await returns.requestReturn(depsOf(request.log), signedInUser(request), request.params.id, request.body),
          ),
    }),
  );

  app.route(
    endpointRoute(orderReturns.acceptReturn, {
      tags: ['orders'],
      summary: 'Accept a return: a prepaid return label is bought for the buyer (the order’s seller)',
      description:
        'Before the answer’s deadline (409 after it: an admin decides). The label goes from the buyer’s address to ' +
        'the seller’s ship-from address (409 without one), the cheapest rate; a retry buys it once. 503 when the ' +
        'carrier cannot be reached.',
      params: OrderIdParamsSchema,
      errors: [401, 403, 404, 409, 503],
      config: { emailConfirmed: true },
      handler: async (request) => returns.acceptReturn(depsOf(request.log), signedInUser(request), request.params.id),
    }),
  );

  app.route(
    endpointRoute(orderReturns.declineReturn, {
      tags: ['orders'],
      summary: 'Decline a return, with a reason: an admin decides it (the order’s seller)',
      params: OrderIdParamsSchema,
      errors: [400, 401, 403, 404, 409],
      config: { emailConfirmed: true },
      handler: async (request) =>
        returns.declineReturn(depsOf(request.log), signedInUser(request), request.params.id, request.body),
    }),
  );

  app.route(
    endpointRoute(orderReturns.returnLabelPdf, {
      tags: ['orders'],
      summary: 'The prepaid return label as a PDF, to print (the order’s buyer)',
      description: '404 for anyone else, and before a return label was bought.',
      params: OrderIdParamsSchema,
      errors: [401, 403, 404, 409, 503],
      responses: { 200: z.string().meta({ format: 'binary' }).describe('The label, application/pdf') },
      handler: async (request, reply) => {
        const { returnId, pdf } = await returns.returnLabelPdf(
          depsOf(request.log),
          signedInUser(request),
          request.params.id,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="return-label-${returnId}.pdf"`)
          .send(Buffer.from(pdf) as never);
      },
    }),
  );

  app.route(
    endpointRoute(orderReturns.confirmReturnImei, {
      tags: ['orders'],
      summary: 'Check the returned phone’s IMEI (the order’s seller)',
      description:
        'Once the return parcel arrived (409 before, and once checked). The sold phone’s IMEI refunds the buyer ' +
        'in full (503 when the card processor cannot be reached: the refund is finished automatically); any other ' +
        'valid IMEI is recorded as a mismatch for an admin to decide. A malformed IMEI is a 400.',
      params: OrderIdParamsSchema,
      errors: [400, 401, 403, 404, 409, 503],
      config: { emailConfirmed: true },
      handler: async (request) =>
        returns.confirmReturnImei(depsOf(request.log), signedInUser(request), request.params.id, request.body),
    }),
  );

  app.route(
    endpointRoute(orderReturns.relistReturned, {
      tags: ['orders'],
      summary: 'Put a returned and refunded phone back on sale (the order’s seller)',
      description:
        'Only once the phone came back with its IMEI confirmed and the buyer was refunded in full (409 otherwise).',
      params: OrderIdParamsSchema,
      errors: [401, 403, 404, 409],
      config: { emailConfirmed: true },
      handler: async (request) => returns.relistReturned(depsOf(request.log), signedInUser(request), request.params.id),
    }),
  );

  app.route(
    endpointRoute(orderReturns.returnsToDecide, {
      tags: ['admin'],
      summary: 'Returns waiting for an admin: declined, not answered in time, or an IMEI mismatch (admin)',
      errors: [400, 401, 403],
      handler: async (request) => returns.listReturnsToDecide(app.db, request.query),
    }),
  );

  app.route(
    endpointRoute(orderReturns.decideReturn, {
      tags: ['admin'],
      summary: 'Decide a return: accept it (label bought), refund all or part, or reject it (admin)',
      description:
        'With a reason both parties read. A refund is never more than what was paid and not refunded yet (400). ' +
        '409 for a return that does not wait for an admin; 503 when the carrier or processor cannot be reached.',
      params: ReturnIdParamsSchema,
      errors: [400, 401, 403, 404, 409, 503],
      preValidation: emptyBodyUnlessObject,
      handler: async (request) =>
        returns.decideReturn(depsOf(request.log), signedInUser(request), request.params.id, request.body),
    }),
  );
};
