/** Helpers for the listing tests: the Add Product form, where a phone shows, and many listings at once. */
import { randomInt } from 'node:crypto';
import { imeiWithCheckDigit, ProductPageSchema, UploadedImageSchema } from '@recell/contract';
import type { Database } from '../../src/db/client.ts';
import { products } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers.ts';
import { multipartBody } from './images.ts';

// Signed-in callers live with the other accounts; the listing tests have always found them here.
export { callerWithRole, type Caller } from './accounts.ts';

/** A valid IMEI (Luhn check digit) no other test uses. */
export const freshImei = () =>
  imeiWithCheckDigit(`35${String(randomInt(1e6)).padStart(6, '0')}${String(randomInt(1e6)).padStart(6, '0')}`);

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
  storageGb: '128',
  colour: 'Sierra Blue',
  networkLock: 'Unlocked',
  batteryHealth: '89',
  imei: freshImei(),
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

/** POST /api/uploads of a JPEG as `headers`' caller: the stored picture's id, for `imageId`. */
export const uploadPicture = async (t: TestApp, headers: Record<string, string>, bytes: Buffer) => {
  const form = multipartBody([{ name: 'image', filename: 'p.jpg', contentType: 'image/jpeg', bytes }]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  return UploadedImageSchema.parse(uploaded.json()).id;
};

/** POST /api/products as JSON (an `imageId` from POST /api/uploads stands for the picture). */
export const postListingJson = (t: TestApp, headers: Record<string, string>, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers, payload: body as object });

/**
 * Where the phone shows to anyone: on the home grid (its advertisement), on its category's page,
 * and its details page (the status it answers).
 */
export const publicViewsOf = async (t: TestApp, productId: string, categoryId: string) => ({
  home: ProductPageSchema.parse((await t.app.inject('/api/advertised?limit=100')).json()).items.some(
    (p) => p.id === productId,
  ),
  category: ProductPageSchema.parse(
    (await t.app.inject(`/api/categories/${categoryId}/products?limit=100`)).json(),
  ).items.some((p) => p.id === productId),
  details: (await t.app.inject(`/api/products/${productId}`)).statusCode,
});

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
