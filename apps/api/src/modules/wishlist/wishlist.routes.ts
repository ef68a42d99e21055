import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The buyer's wishlist (issue 5). */
export const wishlistRoutes: FastifyPluginAsyncZod = async () => {};
