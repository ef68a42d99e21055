import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, buyingLimits, OrderIdParamsSchema } from '@recell/contract';
import { endpointRoute, noContent } from '../../lib/routes.ts';
import * as service from './orders.service.ts';
import { getOrderDetails } from './order-details.service.ts';
import { signedInUser } from '../auth/index.ts';

export interface OrdersRoutesOptions {
  /** The payments module's side of cancelling an order, for a request (its log names the request). */
  cardReleaseOf: (log: FastifyBaseLogger) => service.OrderCardRelease;
}

/** Bookings, My Orders and My Sales. Buyers are role 'user'. */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { cardReleaseOf }) => {
  const depsOf = (request: FastifyRequest): service.OrderDeps => ({
    db: app.db,
    publicUrl: app.config.publicUrl,
    emailsQueued: () => app.emailsQueued(),
    cardRelease: cardReleaseOf(request.log),
    shipping: { port: app.shipping, paidBy: app.config.shippingPaidBy },
  });

  const { buying } = apiEndpoints;

  app.route(
    endpointRoute(buying.bookProduct, {
      tags: ['orders'],
      summary: 'Book a phone (buyer)',
      description:
        'The order keeps the phone’s price at this moment: what a payment charges. Any price in the body ' +
        'is ignored. Refused with 409 when the phone is sold or removed, is the buyer’s own listing, or ' +
        'the buyer already has an open order on it; 404 for an unknown phone. Shipping needs the seller’s ' +
        'ship-from address (409 without one); when the buyer pays for shipping, the carrier’s cheapest rate ' +
        'is quoted now and frozen on the order (`shippingCents` of the payment), 503 while the carrier is out of reach.',
      errors: [400, 401, 403, 404, 409, 429, 503],
      config: { emailConfirmed: true },
      onRequest: [app.writeLimits.bookings],
      handler: async (request, reply) => {
        const order = await service.bookProduct(
          depsOf(request),
          signedInUser(request),
          request.body,
          request.idempotency?.repeatSince,
        );
        return reply.code(201).send(order);
      },
    }),
  );

  app.route(
    endpointRoute(buying.myOrders, {
      tags: ['orders'],
      summary: 'My Orders: your booked and paid orders, newest first (buyer)',
      description:
        'Each order shows its phone as it is now (a phone sold to someone else shows sold and cannot be ' +
        'paid: `canPay` is false) and its seller; never the seller’s phone number (the meeting is arranged in the ' +
        'order’s messages).',
      errors: [400, 401, 403],
      handler: async (request) => service.listMyOrders(depsOf(request), signedInUser(request).id, request.query),
    }),
  );

  app.route(
    endpointRoute(buying.bookedProductIds, {
      tags: ['orders'],
      summary: 'The ids of the phones you have booked or paid for, for the Booked mark on cards (buyer)',
      description: `Newest order first, at most ${buyingLimits.bookedIdsMax}.`,
      errors: [401, 403],
      handler: async (request) => service.listBookedProductIds(depsOf(request), signedInUser(request).id),
    }),
  );

  app.route(
    endpointRoute(buying.order, {
      tags: ['orders'],
      summary: 'One of your orders (its buyer only)',
      params: OrderIdParamsSchema,
      errors: [401, 403, 404],
      handler: async (request) => service.getOrder(depsOf(request), signedInUser(request).id, request.params.id),
    }),
  );

  app.route(
    endpointRoute(buying.orderDetails, {
      tags: ['orders'],
      summary:
        'An order’s page: the phone, the price, every step with its date and the next one (its buyer and its phone’s seller)',
      description:
        'For the order’s buyer and its phone’s seller, with what the caller may do now (`can`) and until when a ' +
        'problem can be reported. The seller’s phone number is never in it. An admin reads it while the order has ' +
        'an undecided problem report, without the buyer’s phone number and the parties’ emails. Anyone else gets the 404 an unknown order gets.',
      params: OrderIdParamsSchema,
      errors: [401, 403, 404],
      handler: async (request) => getOrderDetails(depsOf(request), signedInUser(request), request.params.id),
    }),
  );

  app.route(
    endpointRoute(buying.deleteOrder, {
      tags: ['orders'],
      summary: 'Remove an unpaid order (its buyer only): the order is cancelled',
      description:
        'A card authorised for it is released at once. Refused (409) for a paid order and while its ' +
        'payment is being completed.',
      params: OrderIdParamsSchema,
      errors: [401, 403, 404, 409],
      handler: async (request, reply) => {
        await service.cancelOrder(depsOf(request), signedInUser(request), request.params.id);
        return noContent(reply);
      },
    }),
  );

  app.route(
    endpointRoute(buying.mySales, {
      tags: ['orders'],
      summary: 'My Sales: booked and paid orders on your phones, newest first (seller)',
      description: 'With the buyer’s name and email and the phone number and place they gave when booking.',
      errors: [400, 401, 403],
      handler: async (request) => service.listMySales(depsOf(request), signedInUser(request).id, request.query),
    }),
  );
};
