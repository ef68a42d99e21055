import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CategoryIdParamsSchema,
  CategoryListSchema,
  ErrorBodySchema,
  PageQuerySchema,
  ProductPageSchema,
  ProductQuerySchema,
} from '@recell/contract';
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

  // Public like the home grid and the details page: the web asks visitors to log in before it
  // shows a category page (spec §2), but nothing here is private.
  app.get(
    '/api/categories/:id/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Phones for sale in a category: search, filter, sort, page',
        description:
          '`q` searches name, brand, model, features, description and location: every word must match, ' +
          'each also as the start of a longer word ("gal" finds "Galaxy"). `minPrice`/`maxPrice` are dollars ' +
          '(inclusive), `condition` one of the listing conditions, `sort` newest (default), price_asc or ' +
          'price_desc. Pass `nextCursor` as `cursor` for the next page, with the same sort; listings added ' +
          'meanwhile never make a page repeat or skip one. Sold and removed phones are not listed.',
        params: CategoryIdParamsSchema,
        querystring: ProductQuerySchema,
        response: { 200: ProductPageSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => service.listCategoryProducts(app.db, request.params.id, request.query),
  );
};
