import type { ProductPageSchema } from '../catalogue.ts';
import type { FairPriceQuerySchema, FairPriceSchema } from '../fair-price.ts';
import type { PageQuerySchema } from '../pagination.ts';
import type { RateSellerSchema, RatingPageSchema, RatingReplySchema, RatingSchema } from '../ratings.ts';
import type { SellerProfileSchema } from '../sellers.ts';
import { endpoint } from './endpoint.ts';

/**
 * The seller page and the fair-price guide: public like a phone's details, so the calls go out
 * without waiting for the session (the seller's phones with it, `optionalSession`).
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
    optionalSession: true,
  }),
  fairPrice: endpoint<{ query: typeof FairPriceQuerySchema; response: typeof FairPriceSchema }>()({
    method: 'GET',
    path: '/fair-price',
    status: 200,
    withoutSession: true,
  }),
} as const;

/**
 * Ratings (docs/decisions/0044): the buyer of a completed order rates its seller once, the seller
 * replies once, anyone reads a seller's ratings, an admin hides or shows a comment again.
 */
export const ratingEndpoints = {
  rateSeller: endpoint<{ body: typeof RateSellerSchema; response: typeof RatingSchema }>()({
    method: 'POST',
    path: '/orders/:id/rating',
    status: 201,
    auth: ['user'],
    idempotent: true,
  }),
  replyToRating: endpoint<{ body: typeof RatingReplySchema; response: typeof RatingSchema }>()({
    method: 'POST',
    path: '/orders/:id/rating/reply',
    status: 200,
    auth: ['seller'],
    idempotent: true,
  }),
  sellerRatings: endpoint<{ query: typeof PageQuerySchema; response: typeof RatingPageSchema }>()({
    method: 'GET',
    path: '/sellers/:id/ratings',
    status: 200,
    withoutSession: true,
  }),
  hideRatingComment: endpoint<{ response: typeof RatingSchema }>()({
    method: 'POST',
    path: '/admin/ratings/:id/hide-comment',
    status: 200,
    auth: ['admin'],
  }),
  showRatingComment: endpoint<{ response: typeof RatingSchema }>()({
    method: 'POST',
    path: '/admin/ratings/:id/show-comment',
    status: 200,
    auth: ['admin'],
  }),
} as const;
