import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiEndpoints, OrderIdParamsSchema, shippingTexts } from '@recell/contract';
import { endpointRoute } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import * as shipping from './order-shipping.service.ts';

/**
 * A shipped order's label (docs/decisions/0073), for the order's seller: the carrier's rates, buying
 * one (the order is then shipped), and the label's PDF. Another seller's order is a 404; a wrong
 * state a 409; the carrier out of reach a 503.
 */
export interface OrderShippingRoutesOptions {
  /** The payments module's record of a label's money (the ledger and the seller's share). */
  chargeLabel: shipping.ShippingDeps['chargeLabel'];
}

export const orderShippingRoutes: FastifyPluginAsyncZod<OrderShippingRoutesOptions> = async (app, { chargeLabel }) => {
  const deps: shipping.ShippingDeps = {
    db: app.db,
    shipping: app.shipping,
    publicUrl: app.config.publicUrl,
    emailsQueued: () => app.emailsQueued(),
    chargeLabel,
  };

  const { orderShipping } = apiEndpoints;

  app.route(
    endpointRoute(orderShipping.rates, {
      tags: ['orders'],
      summary: 'The carrier’s rates for a paid order’s parcel (the order’s seller)',
      description:
        'From the seller’s ship-from address (409 without one) to the address the buyer booked with. Only for ' +
        'an order booked with shipping, paid, not refunded and awaiting hand-over (409 otherwise). A new call ' +
        'replaces the rates of the last one while no label was bought.',
      params: OrderIdParamsSchema,
      errors: [401, 403, 404, 409, 503],
      config: { emailConfirmed: true },
      handler: async (request) => shipping.shippingRates(deps, signedInUser(request), request.params.id),
    }),
  );

  app.route(
    endpointRoute(orderShipping.buyLabel, {
      tags: ['orders'],
      summary: 'Buy the label of one of the rates: the order is shipped (the order’s seller)',
      description:
        'One label per order (409 once bought; a retry buys nothing twice). The buyer is notified and the ' +
        'order follows its parcel: its problem window starts at the delivery. The carrier’s refusal (a rate ' +
        'gone) is a 409 in its words; the carrier out of reach a 503.',
      params: OrderIdParamsSchema,
      errors: [400, 401, 403, 404, 409, 503],
      config: { emailConfirmed: true },
      handler: async (request) =>
        shipping.buyLabel(deps, signedInUser(request), request.params.id, { rateId: request.body.rateId }),
    }),
  );

  app.route(
    endpointRoute(orderShipping.labelPdf, {
      tags: ['orders'],
      summary: 'The bought label as a PDF, to print (the order’s seller)',
      description: '404 for anyone else, and before a label was bought.',
      params: OrderIdParamsSchema,
      errors: [401, 403, 404, 409, 503],
      responses: { 200: z.string().meta({ format: 'binary' }).describe('The label, application/pdf') },
      // Like every answer of a route that needs sign-in, `Cache-Control: no-store` (the app's hook):
      // a label is the seller's alone.
      handler: async (request, reply) => {
        const { orderId, pdf } = await shipping.labelPdf(deps, signedInUser(request), request.params.id);
        return (
          reply
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="${shippingTexts.labelFileName(orderId)}"`)
            // The PDF's bytes, not JSON: Fastify sends a Buffer as is (the types know only the JSON answers).
            .send(Buffer.from(pdf) as never)
        );
      },
    }),
  );
};
