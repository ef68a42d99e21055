import { CategoryListSchema, ProductPageSchema, ProductSchema } from '../catalogue.ts';
import { ProductQuerySchema } from '../listings.ts';
import { PageQuerySchema } from '../pagination.ts';
import { endpoint } from './endpoint.ts';

/**
 * What anyone may browse: brands, advertised phones, a brand's phones, one phone. The answers are
 * the same for everyone, so the calls go out at once, without waiting for the session to be restored.
 */
export const catalogueEndpoints = {
  categories: endpoint({
    method: 'GET',
    path: '/categories',
    status: 200,
    response: CategoryListSchema,
    withoutSession: true,
  }),
  advertised: endpoint({
    method: 'GET',
    path: '/advertised',
    status: 200,
    query: PageQuerySchema,
    response: ProductPageSchema,
    withoutSession: true,
  }),
  categoryProducts: endpoint({
    method: 'GET',
    path: '/categories/:id/products',
    status: 200,
    query: ProductQuerySchema,
    response: ProductPageSchema,
    withoutSession: true,
  }),
  /** Every brand's phones for sale: the category page's search, filters, sorts and paging. */
  searchProducts: endpoint({
    method: 'GET',
    path: '/search',
    status: 200,
    query: ProductQuerySchema,
    response: ProductPageSchema,
    withoutSession: true,
  }),
  product: endpoint({
    method: 'GET',
    path: '/products/:id',
    status: 200,
    response: ProductSchema,
    withoutSession: true,
  }),
} as const;
