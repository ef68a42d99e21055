import type { ProductSchema } from '../catalogue.ts';
import type {
  CreateProductSchema,
  MyProductDetailsSchema,
  MyProductPageSchema,
  UpdateProductSchema,
} from '../listings.ts';
import type { PageQuerySchema } from '../pagination.ts';
import { endpoint } from './endpoint.ts';

/** A seller's listings: add, list, edit, advertise, remove (an admin removes any). */
export const listingEndpoints = {
  createProduct: endpoint<{ body: typeof CreateProductSchema; response: typeof ProductSchema }>()({
    method: 'POST',
    path: '/products',
    status: 201,
    multipart: true,
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
  updateProduct: endpoint<{ body: typeof UpdateProductSchema; response: typeof ProductSchema }>()({
    method: 'PATCH',
    path: '/products/:id',
    status: 200,
    auth: ['seller'],
  }),
  advertiseProduct: endpoint<{ response: typeof ProductSchema }>()({
    method: 'POST',
    path: '/products/:id/advertise',
    status: 201,
    auth: ['seller'],
  }),
  deleteProduct: endpoint()({ method: 'DELETE', path: '/products/:id', status: 204, auth: ['seller', 'admin'] }),
} as const;
