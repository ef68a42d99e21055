import type {
  CreateProductSchema,
  MyProductDetailsSchema,
  MyProductPageSchema,
  UpdateProductSchema,
} from '../listings.ts';
import type { SellingTermsSchema } from '../fees.ts';
import type { PageQuerySchema } from '../pagination.ts';
import type { ProductPhotosSchema, ProductWithPhotosSchema } from '../photos.ts';
import { endpoint } from './endpoint.ts';

/** A seller's listings: add, list, edit, change the photos, advertise, remove (an admin removes any). */
export const listingEndpoints = {
  /**
   * The route also takes the older multipart form (one file `image`); the web sends JSON with the
   * ids of the photos it uploaded one by one.
   */
  createProduct: endpoint<{ body: typeof CreateProductSchema; response: typeof ProductWithPhotosSchema }>()({
    method: 'POST',
    path: '/products',
    status: 201,
    auth: ['seller'],
  }),
  myProducts: endpoint<{ query: typeof PageQuerySchema; response: typeof MyProductPageSchema }>()({
    method: 'GET',
    path: '/me/products',
    status: 200,
    auth: ['seller'],
  }),
  myProduct: endpoint<{ response: typeof MyProductDetailsSchema }>()({
    method: 'GET',
    path: '/me/products/:id',
    status: 200,
    auth: ['seller'],
  }),
  /**
   * The marketplace's fee on a sale, for the forms that show what the seller will receive, and who
   * pays for shipping (the booking dialog and the label dialog say so).
   */
  sellerFee: endpoint<{ response: typeof SellingTermsSchema }>()({
    method: 'GET',
    path: '/seller-fee',
    status: 200,
  }),
  updateProduct: endpoint<{ body: typeof UpdateProductSchema; response: typeof ProductWithPhotosSchema }>()({
    method: 'PATCH',
    path: '/products/:id',
    status: 200,
    auth: ['seller'],
  }),
  replacePhotos: endpoint<{ body: typeof ProductPhotosSchema; response: typeof ProductWithPhotosSchema }>()({
    method: 'PUT',
    path: '/products/:id/photos',
    status: 200,
    auth: ['seller'],
  }),
  advertiseProduct: endpoint<{ response: typeof ProductWithPhotosSchema }>()({
    method: 'POST',
    path: '/products/:id/advertise',
    status: 201,
    auth: ['seller'],
  }),
  deleteProduct: endpoint()({ method: 'DELETE', path: '/products/:id', status: 204, auth: ['seller', 'admin'] }),
} as const;
