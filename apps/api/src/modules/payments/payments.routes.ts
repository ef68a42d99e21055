import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Card payments and the sale (issue 5). */
export const paymentsRoutes: FastifyPluginAsyncZod = async () => {};
