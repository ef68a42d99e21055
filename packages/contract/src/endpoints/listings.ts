import { ProductSchema } from '../catalogue.ts';
import { CreateProductSchema, MyProductPageSchema } from '../listings.ts';
import { PageQuerySchema } from '../pagination.ts';
import { endpoint } from './endpoint.ts';

/** A seller's listings: add, list, advertise, remove (an admin removes any). */
export const listingEndpoints = {
  createProduct: endpoint({
    method: 'POST',
    path: '/products',
    status: 201,
    body: CreateProductSchema,
    multipart: true,
    response: ProductSchema,
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
    response: ProductSchema,
    auth: ['seller'],
  }),
  deleteProduct: endpoint({ method: 'DELETE', path: '/products/:id', status: 204, auth: ['seller', 'admin'] }),
} as const;
