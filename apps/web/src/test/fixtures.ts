import type { AuthSession, Me, Product } from '@recell/contract';

/** A listing as GET /api/advertised returns it. */
export const makeProduct = (overrides: Partial<Product> = {}): Product => ({
  id: '6f1c2b7e-3a5d-4c8e-9b1a-2d3e4f5a6b7c',
  categoryId: '1',
  name: 'iPhone 13 Pro',
  brand: 'Apple',
  model: '13 Pro',
  priceCents: 45_000,
  originalPriceCents: 99_950,
  condition: 'Excellent',
  used: '1 year',
  location: 'Dhaka',
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
  },
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
