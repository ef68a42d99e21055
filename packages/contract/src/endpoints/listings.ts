import { CreateProductSchema, MyProductPageSchema } from '../listings.ts';
import { PageQuerySchema } from '../pagination.ts';
import { ProductPhotosSchema, ProductWithPhotosSchema } from '../photos.ts';
import { endpoint } from './endpoint.ts';

/** A seller's listings: add, list, advertise, change the photos, remove (an admin removes any). */
export const listingEndpoints = {
  createProduct: endpoint({
    method: 'POST',
    path: '/products',
    status: 201,
    // The route also takes the older multipart form (one file `image`); the web sends JSON with
    // the ids of the photos it uploaded one by one.
    body: CreateProductSchema,
    response: ProductWithPhotosSchema,
    auth: ['seller'],
  }),
  myProducts: endpoint({
    method: 'GET',
    path: '/me/products',
    status: 200,
    query: PageQuerySchema,
    response: MyProductPageSchema,
    auth: ['seller'],
  }),
  advertiseProduct: endpoint({
    method: 'POST',
    path: '/products/:id/advertise',
    status: 201,
    response: ProductWithPhotosSchema,
    auth: ['seller'],
  }),
  /** The listing's photos replaced by this ordered list (adds, removes, reorders); its seller, while for sale. */
  replacePhotos: endpoint({
    method: 'PUT',
    path: '/products/:id/photos',
    status: 200,
    body: ProductPhotosSchema,
    response: ProductWithPhotosSchema,
    auth: ['seller'],
  }),
  deleteProduct: endpoint({ method: 'DELETE', path: '/products/:id', status: 204, auth: ['seller', 'admin'] }),
} as const;
