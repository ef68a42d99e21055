/**
 * The dashboard's pages, typed like `paths` (config/paths.ts). Their own module on purpose: a
 * module is bundled whole into the first chunk that needs it, and paths.ts is in every page's first
 * load; only the lazily loaded dashboard uses these. The dashboard's routes strip '/dashboard/'.
 */
import { orderMessagesPagePath, orderPagePath } from '@recell/contract';

export const dashboardPaths = {
  myProducts: { pattern: '/dashboard/my-products', to: () => '/dashboard/my-products' },
  addProduct: { pattern: '/dashboard/addProduct', to: () => '/dashboard/addProduct' },
  editProduct: {
    pattern: '/dashboard/my-products/:id/edit',
    to: (productId: string) => `/dashboard/my-products/${encodeURIComponent(productId)}/edit`,
  },
  mySales: { pattern: '/dashboard/my-sales', to: () => '/dashboard/my-sales' },
  payouts: { pattern: '/dashboard/payouts', to: () => '/dashboard/payouts' },
  /** The test-mode processor's onboarding: where the API's onboarding link points in test mode. */
  payoutTestOnboarding: {
    pattern: '/dashboard/payouts/test-onboarding',
    to: () => '/dashboard/payouts/test-onboarding',
  },
  myWishlist: { pattern: '/dashboard/my-wishlist', to: () => '/dashboard/my-wishlist' },
  myOrders: { pattern: '/dashboard/my-orders', to: () => '/dashboard/my-orders' },
  /** A buyer's or a seller's delivery addresses (and a seller's ship-from one). */
  addresses: { pattern: '/dashboard/addresses', to: () => '/dashboard/addresses' },
  payment: {
    pattern: '/dashboard/orders/payment/:id',
    to: (orderId: string) => `/dashboard/orders/payment/${encodeURIComponent(orderId)}`,
  },
  /** The buyer's receipt of a paid order. */
  receipt: {
    pattern: '/dashboard/orders/:id/receipt',
    to: (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}/receipt`,
  },
  /** An order's own page, for its buyer and its phone's seller (notifications and emails link here). */
  order: { pattern: '/dashboard/orders/:id', to: orderPagePath },
  /** An order's messages, for its buyer and its phone's seller (the emails link here too). */
  orderMessages: { pattern: '/dashboard/orders/:id/messages', to: orderMessagesPagePath },
  allUsers: { pattern: '/dashboard/all-users', to: () => '/dashboard/all-users' },
  allSellers: { pattern: '/dashboard/all-sellers', to: () => '/dashboard/all-sellers' },
  reportedItems: { pattern: '/dashboard/reported-items', to: () => '/dashboard/reported-items' },
  listingReview: { pattern: '/dashboard/listing-review', to: () => '/dashboard/listing-review' },
  auditLog: { pattern: '/dashboard/audit-log', to: () => '/dashboard/audit-log' },
  emailOutbox: { pattern: '/dashboard/email-outbox', to: () => '/dashboard/email-outbox' },
  orderProblems: { pattern: '/dashboard/order-problems', to: () => '/dashboard/order-problems' },
  returns: { pattern: '/dashboard/returns', to: () => '/dashboard/returns' },
  missedDropOffs: { pattern: '/dashboard/missed-drop-offs', to: () => '/dashboard/missed-drop-offs' },
  finance: { pattern: '/dashboard/finance', to: () => '/dashboard/finance' },
  contactMessages: {
    pattern: '/dashboard/messages',
    to: (view: 'inbox' | 'archived' = 'inbox') =>
      view === 'archived' ? '/dashboard/messages?view=archived' : '/dashboard/messages',
  },
} as const;
