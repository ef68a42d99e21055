import type {
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
import type { OrderDetailsSchema } from '../order-details.ts';
import type { PageQuerySchema } from '../pagination.ts';
import { endpoint } from './endpoint.ts';

/** Bookings, My Orders, My Sales, the wishlist and reports. Buyers are role 'user'. */
export const buyingEndpoints = {
  bookProduct: endpoint<{ body: typeof BookingSchema; response: typeof OrderSchema }>()({
    method: 'POST',
    path: '/orders',
    status: 201,
    auth: ['user'],
    idempotent: true,
  }),
  myOrders: endpoint<{ query: typeof PageQuerySchema; response: typeof OrderPageSchema }>()({
    method: 'GET',
    path: '/me/orders',
    status: 200,
    auth: ['user'],
  }),
  bookedProductIds: endpoint<{ response: typeof BookedProductIdsSchema }>()({
    method: 'GET',
    path: '/me/orders/product-ids',
    status: 200,
    auth: ['user'],
  }),
  order: endpoint<{ response: typeof OrderSchema }>()({
    method: 'GET',
    path: '/orders/:id',
    status: 200,
    auth: ['user'],
  }),
  /** An order's page: its buyer and its phone's seller (an admin while a problem report is open). */
  orderDetails: endpoint<{ response: typeof OrderDetailsSchema }>()({
    method: 'GET',
    path: '/orders/:id/details',
    status: 200,
    auth: ['user', 'seller', 'admin'],
  }),
  deleteOrder: endpoint()({ method: 'DELETE', path: '/orders/:id', status: 204, auth: ['user'] }),
  mySales: endpoint<{ query: typeof PageQuerySchema; response: typeof SalePageSchema }>()({
    method: 'GET',
    path: '/me/sales',
    status: 200,
    auth: ['seller'],
  }),
  myWishlist: endpoint<{ query: typeof PageQuerySchema; response: typeof WishlistPageSchema }>()({
    method: 'GET',
    path: '/me/wishlist',
    status: 200,
    auth: ['user'],
  }),
  wishlistIds: endpoint<{ response: typeof WishlistIdsSchema }>()({
    method: 'GET',
    path: '/me/wishlist/ids',
    status: 200,
    auth: ['user'],
  }),
  addToWishlist: endpoint()({ method: 'PUT', path: '/me/wishlist/:productId', status: 204, auth: ['user'] }),
  removeFromWishlist: endpoint()({ method: 'DELETE', path: '/me/wishlist/:productId', status: 204, auth: ['user'] }),
  reportProduct: endpoint<{ body: typeof ReportFormSchema; response: typeof ReportCreatedSchema }>()({
    method: 'POST',
    path: '/products/:id/reports',
    status: 201,
    auth: ['user'],
  }),
} as const;
