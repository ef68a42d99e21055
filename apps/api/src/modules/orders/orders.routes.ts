import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Bookings, My Orders and My Sales (issue 5). */
export const ordersRoutes: FastifyPluginAsyncZod = async () => {};
