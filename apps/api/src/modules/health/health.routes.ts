import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '@recell/contract';

/**
 * Liveness (the process answers) and readiness (it can reach its database, is not shutting down,
 * and has settled after starting).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['operations'], summary: 'Liveness', response: { 200: HealthSchema } }, logLevel: 'warn' },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const database = (await app.database.ping()) ? 'ok' : 'failed';
      const ready = database === 'ok' && !app.isShuttingDown && !app.isWarmingUp;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks: { database } });
    },
  );
};
