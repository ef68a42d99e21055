import type { CategoryListSchema, ProductPageSchema, ProductSearchPageSchema } from '../catalogue.ts';
import type { ProductQuerySchema } from '../listings.ts';
import type { PageQuerySchema } from '../pagination.ts';
import type { ProductWithPhotosSchema } from '../photos.ts';
import { endpoint } from './endpoint.ts';

/**
 * What anyone may browse: brands, advertised phones, a brand's phones, the search, one phone. The
 * brands go out without the session; the others say more to someone signed in (the sellers'
 * emails, `optionalSession`), and a visitor's answer, which anyone may fetch and keep, names no
 * seller's email.
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
    optionalSession: true,
  }),
  searchProducts: endpoint<{ query: typeof ProductQuerySchema; response: typeof ProductSearchPageSchema }>()({
    method: 'GET',
    path: '/search',
    status: 200,
    optionalSession: true,
  }),
  product: endpoint<{ response: typeof ProductWithPhotosSchema }>()({
    method: 'GET',
    path: '/products/:id',
    status: 200,
    optionalSession: true,
  }),
} as const;
