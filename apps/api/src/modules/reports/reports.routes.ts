import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductIdParamsSchema, ReportCreatedSchema, ReportFormSchema } from '@recell/contract';
import { errorResponses } from '../../lib/routes.ts';
import * as service from './reports.service.ts';
import { signedInUser } from '../auth/index.ts';

/** Buyers report listings; admins read and close them under /api/admin/reports (admin.routes.ts). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ReportDeps = { db: app.db };

  app.post(
    '/products/:id/reports',
    {
      config: { auth: ['user'] },
      onRequest: [app.writeLimits.reports],
      schema: {
        tags: ['reports'],
        summary: 'Report a phone to the admins (buyer)',
        description:
          'A reason and what is wrong. One open report per buyer per phone (409 while it is open); 404 for ' +
          'an unknown or removed phone.',
        params: ProductIdParamsSchema,
        body: ReportFormSchema,
        response: { 201: ReportCreatedSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const created = await service.reportProduct(deps, signedInUser(request), request.params.id, request.body);
      return reply.code(201).send(created);
    },
  );
};
