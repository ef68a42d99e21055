/**
 * A listing's photos: Add Product takes 1 to 8 uploaded pictures in order (the first is the cover,
 * the card's picture), PUT /api/products/:id/photos replaces the list (its seller, while the phone
 * is for sale), and listings made before photos keep their one picture as their first photo.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PGlite } from '@electric-sql/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  listingMessages,
  messages,
  photoLimits,
  photoMessages,
  ProductPageSchema,
  ProductWithPhotosSchema,
  UploadedImageSchema,
  type ProductWithPhotos,
} from '@recell/contract';
import { migrationsFolder, openDatabase } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { productPhotos } from '../src/db/schema.ts';
import { auditOf, insertCategories, insertOrder, insertProduct, productRow } from './fixtures.ts';
import { headersOf, useCast, type Caller } from './support/accounts.ts';
import { expectError, forbidden, unauthorized, unknownId, useTestApp } from './support/api.ts';
import { multipartBody, plainJpeg } from './support/images.ts';
import { filledListing, postListingJson } from './support/listings.ts';

describe('listing photos', () => {
  let listingChanges = 0;
  const t = useTestApp({ onListingsChanged: () => listingChanges++ });
  const cast = useCast(t);
  /** Nine distinct uploaded pictures (one more than a listing may have). */
  const images: Array<{ id: string; url: string }> = [];

  beforeAll(async () => {
    for (let i = 0; i < photoLimits.maxPhotos + 1; i += 1) {
      // A different size each: a different picture, so a different content-hash id.
      const form = multipartBody([
        { name: 'image', filename: `p${i}.jpg`, contentType: 'image/jpeg', bytes: await plainJpeg(120 + i, 90) },
      ]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...cast.seller.headers, ...form.headers },
        payload: form.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      images.push(UploadedImageSchema.parse(uploaded.json()));
    }
    expect(new Set(images.map((image) => image.id)).size).toBe(images.length);
  });

  const ids = (...indexes: number[]) => indexes.map((index) => images[index]!.id);
  const photosOf = (...indexes: number[]) =>
    indexes.map((index) => ({ id: images[index]!.id, url: images[index]!.url }));

  const create = (caller: Caller, imageIds: unknown) =>
    postListingJson(t, caller.headers, { ...filledListing(), imageIds });
  const createWith = async (caller: Caller, imageIds: string[]) => {
    const response = await create(caller, imageIds);
    expect(response.statusCode, response.body).toBe(201);
    return ProductWithPhotosSchema.parse(response.json());
  };
  const putPhotos = (caller: Caller | null, productId: string, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}/photos`,
      headers: headersOf(caller),
      payload: body as object,
    });
  const details = async (id: string) =>
    ProductWithPhotosSchema.parse((await t.app.inject(`/api/products/${id}`)).json());
  const photoRows = (productId: string) =>
    t.app.db.select().from(productPhotos).where(eq(productPhotos.productId, productId)).orderBy(productPhotos.position);
  const listingCount = async () =>
    (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(schema.products))[0]!.n;

  describe('POST /api/products with imageIds', () => {
    it('keeps three photos in the order sent; the first is the cover on the card and the details page', async () => {
      const created = await createWith(cast.seller, ids(2, 0, 1));
      expect(created.photos).toEqual(photosOf(2, 0, 1));
      expect(created.imageUrl).toBe(images[2]!.url);
      expect((await details(created.id)).photos).toEqual(photosOf(2, 0, 1));
      // Cards (a category page) carry the cover alone.
      const page = ProductPageSchema.parse((await t.app.inject('/api/categories/1/products?limit=100')).json());
      const card = page.items.find((item) => item.id === created.id)!;
      expect(card.imageUrl).toBe(images[2]!.url);
      expect(card).not.toHaveProperty('photos');
    });

    it('still takes the older single imageId as a one-photo listing', async () => {
      const response = await postListingJson(t, cast.seller.headers, { ...filledListing(), imageId: images[3]!.id });
      expect(response.statusCode, response.body).toBe(201);
      expect(ProductWithPhotosSchema.parse(response.json()).photos).toEqual(photosOf(3));
    });

    it('takes eight photos and refuses nine, with the limit named', async () => {
      expect((await createWith(cast.seller, ids(0, 1, 2, 3, 4, 5, 6, 7))).photos).toHaveLength(8);
      const before = await listingCount();
      expectError(await create(cast.seller, ids(0, 1, 2, 3, 4, 5, 6, 7, 8)), 400, {
        code: 'validation',
        message: photoMessages.tooMany,
        fields: { imageIds: photoMessages.tooMany },
      });
      expect(await listingCount()).toBe(before);
    });

    it('refuses an empty list, a duplicate and a picture never uploaded, listing nothing', async () => {
      const before = await listingCount();
      expectError(await create(cast.seller, []), 400, {
        code: 'validation',
        message: messages.imageRequired,
        fields: { imageIds: messages.imageRequired },
      });
      expectError(await create(cast.seller, ids(0, 1, 0)), 400, {
        code: 'validation',
        message: photoMessages.duplicate,
        fields: { imageIds: photoMessages.duplicate },
      });
      expectError(await create(cast.seller, [...ids(0), 'f'.repeat(64)]), 400, {
        code: 'validation',
        message: photoMessages.notFound,
        fields: { imageIds: photoMessages.notFound },
      });
      expectError(await create(cast.seller, [...ids(0), '../../etc/passwd']), 400, {
        code: 'validation',
        message: photoMessages.notFound,
        fields: { imageIds: photoMessages.notFound },
      });
      expectError(await create(cast.seller, images[0]!.id), 400, {
        code: 'validation',
        message: photoMessages.notAList,
        fields: { imageIds: photoMessages.notAList },
      });
      expect(await listingCount()).toBe(before);
    });
  });

  describe('PUT /api/products/:id/photos', () => {
    it('reorders, removes and adds in one call; the cover follows the first photo; audited; pages refresh', async () => {
      const product = await createWith(cast.seller, ids(0, 1, 2));
      const changesBefore = listingChanges;

      const reordered = await putPhotos(cast.seller, product.id, { imageIds: ids(2, 0, 1) });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect(ProductWithPhotosSchema.parse(reordered.json()).photos).toEqual(photosOf(2, 0, 1));
      expect((await productRow(t.app.db, product.id)).imageUrl).toBe(images[2]!.url);

      // Photo 0 removed, 4 and 5 added, 1 moved to the front.
      const changed = await putPhotos(cast.seller, product.id, { imageIds: ids(1, 4, 2, 5) });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await details(product.id)).photos).toEqual(photosOf(1, 4, 2, 5));
      expect((await details(product.id)).imageUrl).toBe(images[1]!.url);
      expect((await photoRows(product.id)).map((row) => row.position)).toEqual([0, 1, 2, 3]);

      expect(listingChanges).toBe(changesBefore + 2);
      const audit = (await auditOf(t.app.db, product.id)).filter((entry) => entry.action === 'product.photos_replaced');
      expect(audit).toHaveLength(2);
      expect(audit.every((entry) => entry.actorId === cast.seller.id)).toBe(true);
    });

    it('refuses too many, duplicates, none, unknown pictures, changing nothing', async () => {
      const product = await createWith(cast.seller, ids(0, 1));
      const cases: Array<[unknown, string]> = [
        [{ imageIds: ids(0, 1, 2, 3, 4, 5, 6, 7, 8) }, photoMessages.tooMany],
        [{ imageIds: ids(0, 0) }, photoMessages.duplicate],
        [{ imageIds: [] }, messages.imageRequired],
        [{ imageIds: [...ids(1), 'e'.repeat(64)] }, photoMessages.notFound],
        // Refused by the contract at the second id: still named by the form's field.
        [{ imageIds: [...ids(1), 'not a photo id'] }, photoMessages.notFound],
      ];
      for (const [body, message] of cases) {
        expectError(await putPhotos(cast.seller, product.id, body), 400, {
          code: 'validation',
          message,
          fields: { imageIds: message },
        });
      }
      expect((await details(product.id)).photos).toEqual(photosOf(0, 1));
    });

    it('is for the listing’s seller only: another seller, a buyer, an admin and a visitor are refused', async () => {
      const product = await createWith(cast.seller, ids(0, 1));
      const body = { imageIds: ids(1) };
      expectError(await putPhotos(cast.otherSeller, product.id, body), 403, {
        code: 'forbidden',
        message: listingMessages.notYourProduct,
      });
      expectError(await putPhotos(cast.buyer, product.id, body), 403, forbidden);
      expectError(await putPhotos(cast.admin, product.id, body), 403, forbidden);
      expectError(await putPhotos(null, product.id, body), 401, unauthorized);
      expect((await details(product.id)).photos).toEqual(photosOf(0, 1));
    });

    it('refuses while a buyer has booked the phone: the photos stay what they booked', async () => {
      const booked = await createWith(cast.seller, ids(0));
      await insertOrder(t.app.db, { productId: booked.id, buyerId: cast.buyer.id, priceCents: booked.priceCents });
      expectError(await putPhotos(cast.seller, booked.id, { imageIds: ids(1) }), 409, {
        code: 'conflict',
        message: listingMessages.bookedCannotBeEdited,
      });
      expect((await details(booked.id)).photos).toEqual(photosOf(0));
    });

    it('refuses a sold phone (409) and a removed or unknown one (404)', async () => {
      const sold = await createWith(cast.seller, ids(0));
      await t.app.db.update(schema.products).set({ status: 'sold' }).where(eq(schema.products.id, sold.id));
      expectError(await putPhotos(cast.seller, sold.id, { imageIds: ids(1) }), 409, {
        code: 'conflict',
        message: photoMessages.soldCannotChange,
      });
      expect((await details(sold.id)).photos).toEqual(photosOf(0));

      const removed = await createWith(cast.seller, ids(0));
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/products/${removed.id}`, headers: cast.seller.headers }))
          .statusCode,
      ).toBe(204);
      const notFound = { code: 'not_found', message: listingMessages.productNotFound };
      expectError(await putPhotos(cast.seller, removed.id, { imageIds: ids(1) }), 404, notFound);
      expectError(await putPhotos(cast.seller, unknownId, { imageIds: ids(1) }), 404, notFound);
    });
  });

  it('a listing with no photo rows (inserted by other means) shows its one picture', async () => {
    const row = await insertProduct(t.app.db, cast.seller.id, { imageUrl: images[6]!.url });
    const product: ProductWithPhotos = await details(row.id);
    expect(product.photos).toEqual(photosOf(6));
  });
});

describe('migration 0008: listings made before photos', () => {
  it('turn each listing’s picture into its first and only photo', async () => {
    // The migrations before photos in a folder of their own, a listing, then the rest.
    const folder = await mkdtemp(path.join(os.tmpdir(), 'recell-migrations-'));
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await cp(migrationsFolder, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta/_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
      const photosIndex = journal.entries.findIndex((entry) => entry.tag.endsWith('_product_photos'));
      expect(photosIndex).toBeGreaterThan(0);
      await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, photosIndex) }));
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      await migrate(drizzle(client, { schema }), { migrationsFolder: folder });

      await insertCategories(handle.db);
      // Written by hand: the users table of that time lacks columns added later.
      const {
        rows: [seller],
      } = await client.query<{ id: string }>(
        `insert into users (name, email, role) values ('Old Seller', 'old-seller@recell.test', 'seller') returning id`,
      );
      if (!seller) throw new Error('no seller inserted');
      // By hand too: the products table of that time lacks columns added later.
      const listOld = async (imageUrl: string) => {
        const {
          rows: [row],
        } = await client.query<{ id: string }>(
          `insert into products (seller_id, category_id, name, brand, model, price_cents, original_price_cents,
             condition, used, location, authenticity, features, description, image_url, seller_phone)
           values ($1, '1', 'iPhone 13', 'Apple', '13', 45000, 79900, 'Good', '1 year', 'Dhaka', 'Original',
             '128 GB, Face ID', 'Works perfectly.', $2, '01700000000')
           returning id`,
          [seller.id, imageUrl],
        );
        if (!row) throw new Error('no listing inserted');
        return row;
      };
      const older = await listOld(`/uploads/ab/${'ab'.repeat(32)}.webp`);
      const old = await listOld('/uploads/test/phone.webp');

      await handle.migrate();
      const rows = await handle.db.select().from(productPhotos).orderBy(productPhotos.imageUrl);
      expect(rows).toEqual([
        { productId: older.id, position: 0, imageUrl: `/uploads/ab/${'ab'.repeat(32)}.webp` },
        { productId: old.id, position: 0, imageUrl: '/uploads/test/phone.webp' },
      ]);
    } finally {
      await handle.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
