import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, ProductIdParamsSchema } from '@recell/contract';
import { endpointRoute } from '../../lib/routes.ts';
import * as service from './reports.service.ts';
import { signedInUser } from '../auth/index.ts';

/** Buyers report listings; admins read and close them under /api/admin/reports (admin.routes.ts). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ReportDeps = { db: app.db };

  app.route(
    endpointRoute(apiEndpoints.buying.reportProduct, {
      tags: ['reports'],
      summary: 'Report a phone to the admins (buyer)',
      description:
        'A reason and what is wrong. One open report per buyer per phone (409 while it is open); 404 for ' +
        'an unknown or removed phone.',
      params: ProductIdParamsSchema,
      errors: [400, 401, 403, 404, 409, 429, 503],
      onRequest: [app.writeLimits.reports],
      handler: async (request, reply) => {
        const created = await service.reportProduct(deps, signedInUser(request), request.params.id, request.body);
        return reply.code(201).send(created);
      },
    }),
  );
};
