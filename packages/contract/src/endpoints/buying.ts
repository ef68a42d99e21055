import {
  BookedProductIdsSchema,
  BookingSchema,
  OrderPageSchema,
  OrderSchema,
  ReportCreatedSchema,
  ReportFormSchema,
  SalePageSchema,
  WishlistIdsSchema,
  WishlistPageSchema,
} from '../orders.ts';
import { PageQuerySchema } from '../pagination.ts';
import { endpoint } from './endpoint.ts';

/** Bookings, My Orders, My Sales, the wishlist and reports. Buyers are role 'user'. */
export const buyingEndpoints = {
  bookProduct: endpoint({
    method: 'POST',
    path: '/orders',
    status: 201,
    body: BookingSchema,
    response: OrderSchema,
    auth: ['user'],
  }),
  myOrders: endpoint({
    method: 'GET',
    path: '/me/orders',
    status: 200,
    query: PageQuerySchema,
    response: OrderPageSchema,
    auth: ['user'],
  }),
  bookedProductIds: endpoint({
    method: 'GET',
    path: '/me/orders/product-ids',
    status: 200,
    response: BookedProductIdsSchema,
    auth: ['user'],
  }),
  order: endpoint({ method: 'GET', path: '/orders/:id', status: 200, response: OrderSchema, auth: ['user'] }),
  deleteOrder: endpoint({ method: 'DELETE', path: '/orders/:id', status: 204, auth: ['user'] }),
  mySales: endpoint({
    method: 'GET',
    path: '/me/sales',
    status: 200,
    query: PageQuerySchema,
    response: SalePageSchema,
    auth: ['seller'],
  }),
  myWishlist: endpoint({
    method: 'GET',
    path: '/me/wishlist',
    status: 200,
    query: PageQuerySchema,
    response: WishlistPageSchema,
    auth: ['user'],
  }),
  wishlistIds: endpoint({
    method: 'GET',
    path: '/me/wishlist/ids',
    status: 200,
    response: WishlistIdsSchema,
    auth: ['user'],
  }),
  addToWishlist: endpoint({ method: 'PUT', path: '/me/wishlist/:productId', status: 204, auth: ['user'] }),
  removeFromWishlist: endpoint({ method: 'DELETE', path: '/me/wishlist/:productId', status: 204, auth: ['user'] }),
  reportProduct: endpoint({
    method: 'POST',
    path: '/products/:id/reports',
    status: 201,
    body: ReportFormSchema,
    response: ReportCreatedSchema,
    auth: ['user'],
  }),
} as const;
