import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OrderIdParamsSchema,
  PageQuerySchema,
  RateSellerSchema,
  RatingIdParamsSchema,
  RatingPageSchema,
  RatingReplySchema,
  RatingSchema,
  SellerIdParamsSchema,
} from '@recell/contract';
import { errorResponses } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import * as service from './ratings.service.ts';

/** Ratings of sellers (docs/decisions/0044). Buyers are role 'user'. */
export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.RatingDeps = { db: app.db, listingsChanged: app.listingsChanged };

  app.post(
    '/orders/:id/rating',
    {
      config: { auth: ['user'], emailConfirmed: true, idempotent: true },
      schema: {
        tags: ['ratings'],
        summary: 'Rate the seller of a completed order, once (buyer)',
        description:
          'Only the order’s buyer, only once the order is completed (paid and the phone changed hands), and ' +
          'once per order: 409 when not completed or already rated (also when two ratings arrive at once). ' +
          'Another buyer’s order is a 404. An empty comment is none.',
        params: OrderIdParamsSchema,
        body: RateSellerSchema,
        response: { 201: RatingSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.rateSeller(deps, signedInUser(request), request.params.id, request.body)),
  );

  app.post(
    '/orders/:id/rating/reply',
    {
      config: { auth: ['seller'], emailConfirmed: true, idempotent: true },
      schema: {
        tags: ['ratings'],
        summary: 'Reply to the rating of one of your sales, once (seller)',
        description:
          'Only the seller of the order, once its buyer has rated it (409 before), and once (409 after). ' +
          'Another seller’s order is a 404.',
        params: OrderIdParamsSchema,
        body: RatingReplySchema,
        response: { 200: RatingSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.replyToRating(deps, signedInUser(request), request.params.id, request.body),
  );

  app.get(
    '/sellers/:id/ratings',
    {
      schema: {
        tags: ['ratings'],
        summary: 'A seller’s ratings, newest first',
        description:
          'Public, like the seller page. A comment an admin hid is `null` with `isCommentHidden`; its stars ' +
          'still count in the seller’s summary. Unknown, non-seller or removed seller: 404.',
        params: SellerIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: RatingPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.listSellerRatings(app.db, request.params.id, request.query),
  );

  for (const [action, hidden] of [
    ['hide-comment', true],
    ['show-comment', false],
  ] as const) {
    app.post(
      `/admin/ratings/:id/${action}`,
      {
        config: { auth: ['admin'] },
        schema: {
          tags: ['admin'],
          summary: hidden ? 'Hide a rating’s comment (admin)' : 'Show a hidden rating comment again (admin)',
          description:
            'The stars still count. Audited when it changes something; asking for what is already so changes ' +
            'nothing. A rating without a comment: 409; unknown: 404.',
          params: RatingIdParamsSchema,
          response: { 200: RatingSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => service.setCommentHidden(deps, signedInUser(request), request.params.id, hidden),
    );
  }
};
