import type { CategoryListSchema, ProductPageSchema, ProductSearchPageSchema } from '../catalogue.ts';
import type { ProductQuerySchema } from '../listings.ts';
import type { PageQuerySchema } from '../pagination.ts';
import type { ProductWithPhotosSchema } from '../photos.ts';
import { endpoint } from './endpoint.ts';

/**
 * What anyone may browse: brands, advertised phones, a brand's phones, one phone. The calls go out
 * without the session, but for the home grid and a phone's page, which visitors open and which say
 * more to someone signed in (`optionalSession`).
 */
export const catalogueEndpoints = {
  categories: endpoint<{ response: typeof CategoryListSchema }>()({
    method: 'GET',
    path: '/categories',
    status: 200,
    withoutSession: true,
  }),
  advertised: endpoint<{ query: typeof PageQuerySchema; response: typeof ProductPageSchema }>()({
    method: 'GET',
    path: '/advertised',
    status: 200,
    optionalSession: true,
  }),
  categoryProducts: endpoint<{ query: typeof ProductQuerySchema; response: typeof ProductSearchPageSchema }>()({
    method: 'GET',
    path: '/categories/:id/products',
    status: 200,
    withoutSession: true,
  }),
  searchProducts: endpoint<{ query: typeof ProductQuerySchema; response: typeof ProductSearchPageSchema }>()({
    method: 'GET',
    path: '/search',
    status: 200,
    withoutSession: true,
  }),
  product: endpoint<{ response: typeof ProductWithPhotosSchema }>()({
    method: 'GET',
    path: '/products/:id',
    status: 200,
    optionalSession: true,
  }),
} as const;
