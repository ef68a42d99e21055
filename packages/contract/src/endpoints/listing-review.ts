import type { PageQuerySchema } from '../pagination.ts';
import type {
  ListingCodeSchema,
  PendingListingPageSchema,
  RejectListingSchema,
  VerificationPhotoSchema,
} from '../listing-review.ts';
import { endpoint } from './endpoint.ts';

/**
 * Listing review (docs/decisions/0068): a seller's verification code and photo, the admin's queue,
 * approve and reject, and the photo itself (its seller and admins only).
 */
export const listingReviewEndpoints = {
  /** Add Product asks whether the listing will wait for review, and gets its code when it will. */
  issueCode: endpoint<{ response: typeof ListingCodeSchema }>()({
    method: 'POST',
    path: '/listing-codes',
    status: 201,
    auth: ['seller'],
  }),
  /** The verification photo for a code, as multipart form data with one file `photo`. */
  uploadPhoto: endpoint()({
    method: 'PUT',
    path: '/listing-codes/:code/photo',
    status: 204,
    multipart: true,
    auth: ['seller'],
  }),
  /** A listing's verification photo: its seller or an admin; anyone else is told there is none. */
  photo: endpoint<{ response: typeof VerificationPhotoSchema }>()({
    method: 'GET',
    path: '/products/:id/verification-photo',
    status: 200,
    auth: ['seller', 'admin'],
  }),
  queue: endpoint<{ query: typeof PageQuerySchema; response: typeof PendingListingPageSchema }>()({
    method: 'GET',
    path: '/admin/listing-reviews',
    status: 200,
    auth: ['admin'],
  }),
  approve: endpoint()({
    method: 'POST',
    path: '/admin/listing-reviews/:id/approve',
    status: 204,
    auth: ['admin'],
  }),
  reject: endpoint<{ body: typeof RejectListingSchema }>()({
    method: 'POST',
    path: '/admin/listing-reviews/:id/reject',
    status: 204,
    auth: ['admin'],
  }),
} as const;
