import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, OrderIdParamsSchema, RatingIdParamsSchema, SellerIdParamsSchema } from '@recell/contract';
import { endpointRoute } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import * as service from './ratings.service.ts';

/** Ratings of sellers (docs/decisions/0044). Buyers are role 'user'. */
export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.RatingDeps = { db: app.db, listingsChanged: app.listingsChanged };

  const { ratings } = apiEndpoints;

  app.route(
    endpointRoute(ratings.rateSeller, {
      tags: ['ratings'],
      summary: 'Rate the seller of a completed order, once (buyer)',
      description:
        'Only the order’s buyer, only once the order is completed (paid and the phone changed hands), and ' +
        'once per order: 409 when not completed or already rated (also when two ratings arrive at once). ' +
        'Another buyer’s order is a 404. An empty comment is none.',
      params: OrderIdParamsSchema,
      errors: [400, 401, 403, 404, 409],
      config: { emailConfirmed: true },
      handler: async (request, reply) =>
        reply.code(201).send(await service.rateSeller(deps, signedInUser(request), request.params.id, request.body)),
    }),
  );

  app.route(
    endpointRoute(ratings.replyToRating, {
      tags: ['ratings'],
      summary: 'Reply to the rating of one of your sales, once (seller)',
      description:
        'Only the seller of the order, once its buyer has rated it (409 before), and once (409 after). ' +
        'Another seller’s order is a 404.',
      params: OrderIdParamsSchema,
      errors: [400, 401, 403, 404, 409],
      config: { emailConfirmed: true },
      handler: async (request) => service.replyToRating(deps, signedInUser(request), request.params.id, request.body),
    }),
  );

  app.route(
    endpointRoute(ratings.sellerRatings, {
      tags: ['ratings'],
      summary: 'A seller’s ratings, newest first',
      description:
        'Public, like the seller page. A comment an admin hid is `null` with `isCommentHidden`; its stars ' +
        'still count in the seller’s summary. Unknown, non-seller or removed seller: 404.',
      params: SellerIdParamsSchema,
      errors: [400, 404],
      handler: async (request) => service.listSellerRatings(app.db, request.params.id, request.query),
    }),
  );

  for (const [endpoint, hidden] of [
    [ratings.hideRatingComment, true],
    [ratings.showRatingComment, false],
  ] as const) {
    app.route(
      endpointRoute(endpoint, {
        tags: ['admin'],
        summary: hidden ? 'Hide a rating’s comment (admin)' : 'Show a hidden rating comment again (admin)',
        description:
          'The stars still count. Audited when it changes something; asking for what is already so changes ' +
          'nothing. A rating without a comment: 409; unknown: 404.',
        params: RatingIdParamsSchema,
        errors: [401, 403, 404, 409],
        handler: async (request) => service.setCommentHidden(deps, signedInUser(request), request.params.id, hidden),
      }),
    );
  }
};
