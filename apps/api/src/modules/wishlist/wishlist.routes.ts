import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PageQuerySchema, WishlistIdsSchema, WishlistPageSchema, WishlistParamsSchema } from '@recell/contract';
import { errorResponses, noContent } from '../../lib/routes.ts';
import * as service from './wishlist.service.ts';
import { signedInUser } from '../auth/index.ts';

/** The buyer's wishlist: My Wishlist, and the hearts on cards. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.WishlistDeps = { db: app.db };

  app.get(
    '/me/wishlist',
    {
      config: { auth: ['user'] },
      schema: {
        tags: ['wishlist'],
        summary: 'My Wishlist: your phones, newest added first (buyer)',
        description:
          'Removed phones are left out; sold ones stay, marked sold. `order` is your latest order on the ' +
          'phone that is not cancelled, if any.',
        querystring: PageQuerySchema,
        response: { 200: WishlistPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listWishlist(deps, signedInUser(request).id, request.query),
  );

  app.get(
    '/me/wishlist/ids',
    {
      config: { auth: ['user'] },
      schema: {
        tags: ['wishlist'],
        summary: 'The ids of every phone in your wishlist, for the hearts on cards (buyer)',
        response: { 200: WishlistIdsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.listWishlistIds(deps, signedInUser(request).id),
  );

  app.put(
    '/me/wishlist/:productId',
    {
      config: { auth: ['user'] },
      onRequest: [app.writeLimits.wishlist],
      schema: {
        tags: ['wishlist'],
        summary: 'Add a phone to your wishlist (idempotent)',
        description: '404 for an unknown or removed phone; 409 when the wishlist is full.',
        params: WishlistParamsSchema,
        response: errorResponses(401, 403, 404, 409, 429, 503),
      },
    },
    async (request, reply) => {
      await service.addToWishlist(deps, signedInUser(request).id, request.params.productId);
      return noContent(reply);
    },
  );

  app.delete(
    '/me/wishlist/:productId',
    {
      config: { auth: ['user'] },
      onRequest: [app.writeLimits.wishlist],
      schema: {
        tags: ['wishlist'],
        summary: 'Take a phone out of your wishlist (idempotent)',
        params: WishlistParamsSchema,
        response: errorResponses(401, 403, 404, 429, 503),
      },
    },
    async (request, reply) => {
      await service.removeFromWishlist(deps, signedInUser(request).id, request.params.productId);
      return noContent(reply);
    },
  );
};
