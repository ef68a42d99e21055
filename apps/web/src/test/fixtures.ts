import type {
  AuthSession,
  Me,
  MyProduct,
  Order,
  Product,
  ProductWithPhotos,
  Sale,
  WishlistItem,
} from '@recell/contract';

/** A listing as GET /api/advertised returns it, and as the details page gets it: with its photos (the cover alone unless `photos` says otherwise). */
export const makeProduct = (overrides: Partial<ProductWithPhotos> = {}): ProductWithPhotos => ({
  id: '6f1c2b7e-3a5d-4c8e-9b1a-2d3e4f5a6b7c',
  categoryId: '1',
  name: 'iPhone 13 Pro',
  brand: 'Apple',
  model: '13 Pro',
  priceCents: 45_000,
  previousPriceCents: null,
  originalPriceCents: 99_950,
  condition: 'Excellent',
  used: '1 year',
  location: 'Dhaka',
  storageGb: 128,
  colour: 'Sierra Blue',
  networkLock: 'unlocked',
  batteryHealth: 89,
  imeiMasked: '•••••••••••1481',
  imeiChecked: true,
  authenticity: 'Original',
  features: '128 GB, Face ID',
  description: 'Barely used, always in a case.',
  imageUrl: '/uploads/iphone-13-pro.webp',
  status: 'available',
  isAdvertised: true,
  // 5 Jan 2025, 15:05 in the test machine's own time zone
  createdAt: new Date(2025, 0, 5, 15, 5).toISOString(),
  seller: {
    id: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
    name: 'Rahim Uddin',
    email: 'rahim@example.com',
    isVerified: true,
    ratingAverage: null,
    ratingCount: 0,
  },
  photos: [{ id: null, url: overrides.imageUrl ?? '/uploads/iphone-13-pro.webp' }],
  imeiCleanCheckedAt: null,
  ...overrides,
});

/** A seller's own listing (My Products): the listing with its rejection reason. */
export const makeMyProduct = (overrides: Partial<MyProduct> = {}): MyProduct => ({
  ...makeProduct(overrides),
  rejectionReason: null,
  ...overrides,
});

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A signed-in user as GET /api/me returns them. */
export const makeMe = (overrides: Partial<Me> = {}): Me => ({
  id: '3b0f6a52-8d1e-4c7b-9a2f-5e6d7c8b9a01',
  name: 'Ada Buyer',
  email: 'ada@example.com',
  role: 'user',
  isVerified: false,
  isEmailConfirmed: true,
  imageUrl: '/uploads/ada.webp',
  createdAt: '2025-01-05T10:00:00.000Z',
  ...overrides,
});

/** What login, sign-up and refresh answer: a 15-minute access token and the user. */
export const makeSession = (
  overrides: Partial<Me> = {},
  { isNewUser = false, ttlMs = 15 * 60_000 } = {},
): AuthSession => ({
  accessToken: `token-${Math.random().toString(36).slice(2)}`,
  expiresAt: new Date(Date.now() + ttlMs).toISOString(),
  user: makeMe(overrides),
  isNewUser,
});

/** GET /api/categories as the seed answers it. */
export const categoryList = {
  items: [
    { id: '1', brand: 'Apple', imageUrl: '/uploads/apple.webp' },
    { id: '2', brand: 'Xiaomi', imageUrl: '/uploads/xiaomi.webp' },
    { id: '3', brand: 'Samsung', imageUrl: '/uploads/samsung.webp' },
  ],
};

/** A page of a list as the API answers it: `{ items, nextCursor }`. */
export const pageOf = <T>(items: T[], nextCursor: string | null = null) => ({ items, nextCursor });

/** The phone as an order or a sale carries it. */
const orderProductOf = (product: Product) => ({
  id: product.id,
  categoryId: product.categoryId,
  name: product.name,
  brand: product.brand,
  model: product.model,
  imageUrl: product.imageUrl,
  priceCents: product.priceCents,
  originalPriceCents: product.originalPriceCents,
  location: product.location,
  status: product.status,
});

/** An order's progress fields before it is paid. */
const noProgress = {
  progress: null,
  handover: null,
  handedOverAt: null,
  trackingNote: null,
  completedAt: null,
  refundedAt: null,
  problem: null,
} as const;

/** A buyer's order as GET /api/me/orders returns it (booked and payable unless overridden). */
export const makeOrder = (overrides: Partial<Omit<Order, 'product'>> = {}, product: Partial<Product> = {}): Order => {
  const phone = makeProduct(product);
  return {
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    status: 'booked',
    priceCents: phone.priceCents,
    phone: '01712345678',
    location: 'Dhanmondi 27',
    delivery: 'meeting',
    shipTo: null,
    transactionId: null,
    createdAt: new Date(2025, 1, 3, 9, 30).toISOString(),
    paidAt: null,
    canPay: true,
    ...noProgress,
    canReportProblem: false,
    product: orderProductOf(phone),
    seller: {
      id: phone.seller.id,
      name: phone.seller.name,
      email: phone.seller.email ?? 'rahim@example.com',
      isVerified: phone.seller.isVerified,
    },
    canRate: false,
    rating: null,
    ...overrides,
  };
};

/** A sale as GET /api/me/sales returns it. */
export const makeSale = (overrides: Partial<Omit<Sale, 'product'>> = {}, product: Partial<Product> = {}): Sale => {
  const phone = makeProduct(product);
  return {
    id: '9b2f5a1e-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
    status: 'booked',
    priceCents: phone.priceCents,
    createdAt: new Date(2025, 1, 3, 21, 7).toISOString(),
    paidAt: null,
    rating: null,
    ...noProgress,
    product: orderProductOf(phone),
    buyer: {
      id: '3b0f6a52-8d1e-4c7b-9a2f-5e6d7c8b9a01',
      name: 'Ada Buyer',
      email: 'ada@example.com',
      phone: '01712345678',
      location: 'Dhanmondi 27',
    },
    delivery: 'meeting',
    shipTo: null,
    ...overrides,
  };
};

/** A wishlisted phone as GET /api/me/wishlist returns it (no order unless given). */
export const makeWishlistItem = (
  product: Partial<Product> = {},
  order: WishlistItem['order'] = null,
): WishlistItem => ({
  product: makeProduct(product),
  addedAt: new Date(2025, 1, 1, 12, 0).toISOString(),
  order,
});

/** A promise and the functions that settle it (an answer the test releases when it wants). */
export const deferred = <T>() => {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
};
