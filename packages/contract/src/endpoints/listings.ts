import { ProductSchema } from '../catalogue.ts';
import { CreateProductSchema, MyProductDetailsSchema, MyProductPageSchema, UpdateProductSchema } from '../listings.ts';
import { PageQuerySchema } from '../pagination.ts';
import { endpoint } from './endpoint.ts';

/** A seller's listings: add, list, edit, advertise, remove (an admin removes any). */
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
  myProduct: endpoint({
    method: 'GET',
    path: '/me/products/:id',
    status: 200,
    response: MyProductDetailsSchema,
    auth: ['seller'],
  }),
  updateProduct: endpoint({
    method: 'PATCH',
    path: '/products/:id',
    status: 200,
    body: UpdateProductSchema,
    response: ProductSchema,
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
