/** Helpers for the listing tests: signed-in callers, the Add Product form, and many listings at once. */
import type { Role } from '@recell/contract';
import type { Database } from '../../src/db/client.ts';
import { products } from '../../src/db/schema.ts';
import { insertUser } from '../fixtures.ts';
import type { TestApp } from '../helpers.ts';
import { multipartBody } from './images.ts';

export interface Caller {
  id: string;
  role: Role;
  headers: Record<string, string>;
}

/** A user of the role with a valid access token (the real token service, as login issues). */
export const callerWithRole = async (t: TestApp, role: Role, overrides: Parameters<typeof insertUser>[1] = {}) => {
  const user = await insertUser(t.app.db, {
    role,
    name: `${role} ${Math.random().toString(36).slice(2, 7)}`,
    ...overrides,
  });
  const { token } = await t.app.accessTokens.sign({ userId: user.id, role: user.role });
  return { id: user.id, role: user.role, headers: { authorization: `Bearer ${token}` } } satisfies Caller;
};

/** The Add Product form filled in as a seller would, as strings (what a browser form sends). */
export const filledListing = (overrides: Record<string, string> = {}): Record<string, string> => ({
  name: 'iPhone 13 Pro 128GB Sierra Blue',
  categoryId: '1',
  price: '589.99',
  originalPrice: '999',
  brand: 'Apple',
  model: 'iPhone 13 Pro',
  used: '1 year',
  location: 'Austin, TX',
  phone: '512-555-0147',
  condition: 'Excellent',
  authenticity: 'Original',
  features: '128 GB, ProMotion 120 Hz, Face ID',
  description: 'Always kept in a case with a screen protector.',
  ...overrides,
});

/** POST /api/products as multipart form data: text fields, and the picture unless `image` is null. */
export const postListingForm = (
  t: TestApp,
  headers: Record<string, string>,
  fields: Record<string, string>,
  image: { bytes: Buffer; filename?: string; contentType?: string } | null,
) => {
  const form = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(image
      ? [
          {
            name: 'image',
            filename: image.filename ?? 'phone.jpg',
            contentType: image.contentType ?? 'image/jpeg',
            bytes: image.bytes,
          },
        ]
      : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
};

/** POST /api/products as JSON (an `imageId` from POST /api/uploads stands for the picture). */
export const postListingJson = (t: TestApp, headers: Record<string, string>, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers, payload: body as object });

type NewListing = Partial<typeof products.$inferInsert> & { sellerId: string };

/** Inserts many listings in one statement (chunked); returns them in the order given. */
export const insertListings = async (db: Database, listings: NewListing[]) => {
  const rows: Array<typeof products.$inferSelect> = [];
  for (let start = 0; start < listings.length; start += 1000) {
    const chunk = listings.slice(start, start + 1000).map((listing) => ({
      categoryId: '1',
      name: 'Phone',
      brand: 'Apple',
      model: 'Model',
      priceCents: 10_000,
      originalPriceCents: 20_000,
      condition: 'Good',
      used: '1 year',
      location: 'Austin, TX',
      authenticity: 'Original',
      features: 'Plain',
      description: 'Works.',
      imageUrl: '/uploads/test/phone.webp',
      sellerPhone: '5125550100',
      ...listing,
    }));
    rows.push(...(await db.insert(products).values(chunk).returning()));
  }
  return rows;
};
