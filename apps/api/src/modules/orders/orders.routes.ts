import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BookedProductIdsSchema,
  BookingSchema,
  buyingLimits,
  OrderDetailsSchema,
  OrderIdParamsSchema,
  OrderPageSchema,
  OrderSchema,
  PageQuerySchema,
  SalePageSchema,
} from '@recell/contract';
import { errorResponses, noContent } from '../../lib/routes.ts';
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
  });

  app.post(
    '/orders',
    {
      config: { auth: ['user'], emailConfirmed: true, idempotent: true },
      onRequest: [app.writeLimits.bookings],
      schema: {
        tags: ['orders'],
        summary: 'Book a phone (buyer)',
        description:
          'The order keeps the phone’s price at this moment: what a payment charges. Any price in the body ' +
          'is ignored. Refused with 409 when the phone is sold or removed, is the buyer’s own listing, or ' +
          'the buyer already has an open order on it; 404 for an unknown phone.',
        body: BookingSchema,
        response: { 201: OrderSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const order = await service.bookProduct(
        depsOf(request),
        signedInUser(request),
        request.body,
        request.idempotency?.repeatSince,
      );
      return reply.code(201).send(order);
    },
  );

  app.get(
    '/me/orders',
    {
      config: { auth: ['user'] },
      schema: {
        tags: ['orders'],
        summary: 'My Orders: your booked and paid orders, newest first (buyer)',
        description:
          'Each order shows its phone as it is now (a phone sold to someone else shows sold and cannot be ' +
          'paid: `canPay` is false) and the seller’s phone number.',
        querystring: PageQuerySchema,
        response: { 200: OrderPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listMyOrders(depsOf(request), signedInUser(request).id, request.query),
  );

  app.get(
    '/me/orders/product-ids',
    {
      config: { auth: ['user'] },
      schema: {
        tags: ['orders'],
        summary: 'The ids of the phones you have booked or paid for, for the Booked mark on cards (buyer)',
        description: `Newest order first, at most ${buyingLimits.bookedIdsMax}.`,
        response: { 200: BookedProductIdsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.listBookedProductIds(depsOf(request), signedInUser(request).id),
  );

  app.get(
    '/orders/:id',
    {
      config: { auth: ['user'] },
      schema: {
        tags: ['orders'],
        summary: 'One of your orders (its buyer only)',
        params: OrderIdParamsSchema,
        response: { 200: OrderSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.getOrder(depsOf(request), signedInUser(request).id, request.params.id),
  );

  app.get(
    '/orders/:id/details',
    {
      config: { auth: ['user', 'seller', 'admin'] },
      schema: {
        tags: ['orders'],
        summary:
          'An order’s page: the phone, the price, every step with its date and the next one (its buyer and its phone’s seller)',
        description:
          'For the order’s buyer and its phone’s seller, with what the caller may do now (`can`) and until when a ' +
          'problem can be reported. An admin reads it while the order has an undecided problem report, without ' +
          'the parties’ phone numbers and emails. Anyone else gets the 404 an unknown order gets.',
        params: OrderIdParamsSchema,
        response: { 200: OrderDetailsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getOrderDetails(depsOf(request), signedInUser(request), request.params.id),
  );

  app.delete(
    '/orders/:id',
    {
      config: { auth: ['user'] },
      schema: {
        tags: ['orders'],
        summary: 'Remove an unpaid order (its buyer only): the order is cancelled',
        description:
          'A card authorised for it is released at once. Refused (409) for a paid order and while its ' +
          'payment is being completed.',
        params: OrderIdParamsSchema,
        response: errorResponses(401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await service.cancelOrder(depsOf(request), signedInUser(request), request.params.id);
      return noContent(reply);
    },
  );

  app.get(
    '/me/sales',
    {
      config: { auth: ['seller'] },
      schema: {
        tags: ['orders'],
        summary: 'My Sales: booked and paid orders on your phones, newest first (seller)',
        description: 'With the buyer’s name and email and the phone number and place they gave when booking.',
        querystring: PageQuerySchema,
        response: { 200: SalePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listMySales(depsOf(request), signedInUser(request).id, request.query),
  );
};
