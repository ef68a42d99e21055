import type { Product } from '@recell/contract';

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
