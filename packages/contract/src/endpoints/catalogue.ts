import { CategoryListSchema, ProductPageSchema, ProductSchema } from '../catalogue.ts';
import { ProductQuerySchema } from '../listings.ts';
import { PageQuerySchema } from '../pagination.ts';
import { endpoint } from './endpoint.ts';

/** What anyone may browse: brands, advertised phones, a brand's phones, one phone. */
export const catalogueEndpoints = {
  categories: endpoint({ method: 'GET', path: '/categories', status: 200, response: CategoryListSchema }),
  advertised: endpoint({
    method: 'GET',
    path: '/advertised',
    status: 200,
    query: PageQuerySchema,
    response: ProductPageSchema,
  }),
  categoryProducts: endpoint({
    method: 'GET',
    path: '/categories/:id/products',
    status: 200,
    query: ProductQuerySchema,
    response: ProductPageSchema,
  }),
  product: endpoint({ method: 'GET', path: '/products/:id', status: 200, response: ProductSchema }),
} as const;
