import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, WishlistParamsSchema } from '@recell/contract';
import { endpointRoute, noContent } from '../../lib/routes.ts';
import * as service from './wishlist.service.ts';
import { signedInUser } from '../auth/index.ts';

/** The buyer's wishlist: My Wishlist, and the hearts on cards. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.WishlistDeps = { db: app.db };
  const { buying } = apiEndpoints;

  app.route(
    endpointRoute(buying.myWishlist, {
      tags: ['wishlist'],
      summary: 'My Wishlist: your phones, newest added first (buyer)',
      description:
        'Removed phones are left out; sold ones stay, marked sold. `order` is your latest order on the ' +
        'phone that is not cancelled, if any.',
      errors: [400, 401, 403],
      handler: async (request) => service.listWishlist(deps, signedInUser(request).id, request.query),
    }),
  );

  app.route(
    endpointRoute(buying.wishlistIds, {
      tags: ['wishlist'],
      summary: 'The ids of every phone in your wishlist, for the hearts on cards (buyer)',
      errors: [401, 403],
      handler: async (request) => service.listWishlistIds(deps, signedInUser(request).id),
    }),
  );

  app.route(
    endpointRoute(buying.addToWishlist, {
      tags: ['wishlist'],
      summary: 'Add a phone to your wishlist (idempotent)',
      description: '404 for an unknown or removed phone; 409 when the wishlist is full.',
      params: WishlistParamsSchema,
      errors: [401, 403, 404, 409, 429, 503],
      onRequest: [app.writeLimits.wishlist],
      handler: async (request, reply) => {
        await service.addToWishlist(deps, signedInUser(request).id, request.params.productId);
        return noContent(reply);
      },
    }),
  );

  app.route(
    endpointRoute(buying.removeFromWishlist, {
      tags: ['wishlist'],
      summary: 'Take a phone out of your wishlist (idempotent)',
      params: WishlistParamsSchema,
      errors: [401, 403, 404, 429, 503],
      onRequest: [app.writeLimits.wishlist],
      handler: async (request, reply) => {
        await service.removeFromWishlist(deps, signedInUser(request).id, request.params.productId);
        return noContent(reply);
      },
    }),
  );
};
