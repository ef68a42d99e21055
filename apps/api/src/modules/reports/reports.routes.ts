import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Buyers report listings (issue 5). */
export const reportsRoutes: FastifyPluginAsyncZod = async () => {};
