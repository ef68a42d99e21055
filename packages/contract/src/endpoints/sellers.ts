import type { ProductPageSchema } from '../catalogue.ts';
import type { FairPriceQuerySchema, FairPriceSchema } from '../fair-price.ts';
import type { PageQuerySchema } from '../pagination.ts';
import type { SellerProfileSchema } from '../sellers.ts';
import { endpoint } from './endpoint.ts';

/**
 * The seller page and the fair-price guide: public like a phone's details (the same for everyone,
 * nothing private), so the calls go out without waiting for the session.
 */
export const sellerEndpoints = {
  seller: endpoint<{ response: typeof SellerProfileSchema }>()({
    method: 'GET',
    path: '/sellers/:id',
    status: 200,
    withoutSession: true,
  }),
  sellerProducts: endpoint<{ query: typeof PageQuerySchema; response: typeof ProductPageSchema }>()({
    method: 'GET',
    path: '/sellers/:id/products',
    status: 200,
    withoutSession: true,
  }),
  fairPrice: endpoint<{ query: typeof FairPriceQuerySchema; response: typeof FairPriceSchema }>()({
    method: 'GET',
    path: '/fair-price',
    status: 200,
    withoutSession: true,
  }),
} as const;
