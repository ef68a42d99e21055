import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PageQuerySchema, ProductPageSchema, SellerIdParamsSchema, SellerProfileSchema } from '@recell/contract';
import { errorResponses } from '../../lib/routes.ts';
import { isSignedInCaller } from '../auth/index.ts';
import { listingPageFor } from '../catalogue/index.ts';
import * as service from './sellers.service.ts';

/**
 * The seller page: public, like a phone's details, whose seller it names (name, picture, verified
 * mark, member since, phones for sale); nothing private (the phones carry the seller's email only
 * for a signed-in caller). Unknown, non-seller or disabled: 404.
 */
export const sellersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sellers/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A seller’s public profile',
        params: SellerIdParamsSchema,
        response: { 200: SellerProfileSchema, ...errorResponses(404) },
      },
    },
    async (request) => service.getSeller(app.db, request.params.id),
  );

  app.get(
    '/sellers/:id/products',
    {
      config: { identifiesCaller: true },
      schema: {
        tags: ['catalogue'],
        summary: 'A seller’s phones for sale, newest first',
        description: 'Anyone may ask; the seller’s email is in the answer only for a signed-in caller.',
        params: SellerIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: ProductPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      listingPageFor(
        await service.listSellerProducts(app.db, request.params.id, request.query),
        isSignedInCaller(request),
      ),
  );
};
