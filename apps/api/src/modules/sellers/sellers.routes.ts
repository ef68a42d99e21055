import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, SellerIdParamsSchema } from '@recell/contract';
import { endpointRoute } from '../../lib/routes.ts';
import { isSignedInCaller } from '../auth/index.ts';
import { listingPageFor } from '../catalogue/index.ts';
import * as service from './sellers.service.ts';

/**
 * The seller page: public, like a phone's details, whose seller it names (name, picture, verified
 * mark, member since, phones for sale). Unknown, non-seller or disabled: 404.
 */
export const sellersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sellers } = apiEndpoints;

  app.route(
    endpointRoute(sellers.seller, {
      tags: ['catalogue'],
      summary: 'A seller’s public profile',
      params: SellerIdParamsSchema,
      errors: [404],
      handler: async (request) => service.getSeller(app.db, request.params.id),
    }),
  );

  app.route(
    endpointRoute(sellers.sellerProducts, {
      tags: ['catalogue'],
      summary: 'A seller’s phones for sale, newest first',
      description: 'Anyone may ask; the seller’s email is in the answer only for a signed-in caller.',
      params: SellerIdParamsSchema,
      errors: [400, 404],
      handler: async (request) =>
        listingPageFor(
          await service.listSellerProducts(app.db, request.params.id, request.query),
          isSignedInCaller(request),
        ),
    }),
  );
};
