import { ProductPageSchema } from '../catalogue.ts';
import { FairPriceQuerySchema, FairPriceSchema } from '../fair-price.ts';
import { PageQuerySchema } from '../pagination.ts';
import { SellerProfileSchema } from '../sellers.ts';
import { endpoint } from './endpoint.ts';

/**
 * The seller page and the fair-price guide: public like a phone's details (the same for everyone,
 * nothing private), so the calls go out without waiting for the session.
 */
export const sellerEndpoints = {
  seller: endpoint({
    method: 'GET',
    path: '/sellers/:id',
    status: 200,
    response: SellerProfileSchema,
    withoutSession: true,
  }),
  sellerProducts: endpoint({
    method: 'GET',
    path: '/sellers/:id/products',
    status: 200,
    query: PageQuerySchema,
    response: ProductPageSchema,
    withoutSession: true,
  }),
  fairPrice: endpoint({
    method: 'GET',
    path: '/fair-price',
    status: 200,
    query: FairPriceQuerySchema,
    response: FairPriceSchema,
    withoutSession: true,
  }),
} as const;
