import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Moderation: users, sellers, reported items, audit log (issue 6). */
export const adminRoutes: FastifyPluginAsyncZod = async () => {};
