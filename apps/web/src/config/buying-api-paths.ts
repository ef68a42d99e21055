/**
 * The buying endpoints (paths under /api): bookings, the buyer's wishlist, reports and the
 * seller's sales. Their own module, like listing-api-paths.ts: only lazily loaded pages and
 * sections call these (a module is bundled whole into the first chunk that needs it).
 */
export const buyingApiPaths = {
  orders: '/orders',
  order: (id: string) => `/orders/${encodeURIComponent(id)}` as const,
  myOrders: '/me/orders',
  mySales: '/me/sales',
  myWishlist: '/me/wishlist',
  wishlistIds: '/me/wishlist/ids',
  wishlistItem: (productId: string) => `/me/wishlist/${encodeURIComponent(productId)}` as const,
  reports: (productId: string) => `/products/${encodeURIComponent(productId)}/reports` as const,
} as const;
