/**
 * Query keys of the listings' caches, in one place: a change in one screen (a phone added,
 * advertised or removed) invalidates what the other screens show.
 */
export const listingKeys = {
  /** Home: advertised phones still for sale. */
  advertised: ['advertised'] as const,
  /** Every category page's results (prefix of each search's own key). */
  categoryProductsAll: ['category-products'] as const,
  categoryProducts: (categoryId: string, filters: object) => ['category-products', categoryId, filters] as const,
  /** A phone's details page. */
  product: (id: string) => ['product', id] as const,
  /** A seller's phones for sale (their page). */
  sellerProducts: (sellerId: string) => ['seller-products', sellerId] as const,
  /** The marketplace's fee on a sale (Add Product and the edit form). */
  sellerFee: ['seller-fee'] as const,
  /** The seller's My Products. */
  myProducts: ['my-products'] as const,
  /** One of the seller's own listings (the edit form); under My Products, so it goes stale with it. */
  myProduct: (id: string) => ['my-products', 'one', id] as const,
};

/**
 * Query keys of the buying screens: a booking, a payment or a wishlist change in one screen
 * invalidates what the others show (the payment page invalidates `myOrders` once paid).
 */
export const buyingKeys = {
  /** The buyer's My Orders (every page). */
  myOrders: ['my-orders'] as const,
  /** One of the buyer's orders (the payment page). */
  order: (id: string) => ['order', id] as const,
  /** Every order's page (a change of any order's progress may show on its page). */
  allOrderDetails: ['order-details'] as const,
  /** One order's page, for its buyer or its phone's seller. */
  orderDetails: (id: string) => ['order-details', id] as const,
  /** The buyer's My Wishlist (every page). */
  myWishlist: ['my-wishlist'] as const,
  /** The ids of the phones in the buyer's wishlist: the hearts on cards. */
  wishlistIds: ['wishlist-ids'] as const,
  /** The ids of the phones the buyer has booked or paid for: the Booked marks on cards. */
  bookedIds: ['booked-ids'] as const,
  /** The seller's My Sales (every page). */
  mySales: ['my-sales'] as const,
};

/** Query keys of the messages between an order's buyer and its phone's seller. */
export const messageKeys = {
  /** The caller's unread counts (the dashboard menu's badge and each order's Messages link). */
  unread: ['unread-messages'] as const,
  /** One order's thread (every page loaded). */
  thread: (orderId: string) => ['order-thread', orderId] as const,
};

/**
 * The answers that say more to someone signed in (a listing's seller email) and are asked for
 * without waiting when nobody is: after a login they are asked for again (auth-context.tsx).
 */
export const answersForSignedIn = [listingKeys.advertised, ['product'], ['seller-products']] as const;
