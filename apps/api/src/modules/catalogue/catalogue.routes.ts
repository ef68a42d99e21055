import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryListSchema, ErrorBodySchema, PageQuerySchema, ProductPageSchema } from '@recell/contract';
import * as service from './catalogue.service.ts';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/categories',
    { schema: { tags: ['catalogue'], summary: 'The brand categories', response: { 200: CategoryListSchema } } },
    async () => ({ items: await service.listCategories(app.db) }),
  );

  app.get(
    '/api/advertised',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Advertised phones still for sale, newest first',
        querystring: PageQuerySchema,
        response: { 200: ProductPageSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => service.listAdvertised(app.db, request.query),
  );
};
