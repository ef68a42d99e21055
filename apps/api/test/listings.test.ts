/**
 * Selling: putting a phone on sale (every role, every bad input), My Products, advertising,
 * removing, and the details page. Who may do what is checked for every role, and with another
 * seller's phone.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorBodySchema,
  listingMessages,
  messages,
  MyProductPageSchema,
  ProductPageSchema,
  ProductSchema,
  uploadMessages,
} from '@recell/contract';
import { products } from '../src/db/schema.ts';
import {
  advertise,
  advertisementsOf,
  auditOf,
  disableUser,
  insertOrder,
  insertProduct,
  orderRow,
  productRow,
} from './fixtures.ts';
import { callerWithRole, headersOf, useCast, type Caller } from './support/accounts.ts';
import { expectError, forbidden, unauthorized, unknownId, useTestApp } from './support/api.ts';
import { phoneJpeg, textFile } from './support/images.ts';
import { filledListing, postListingForm, postListingJson, publicViewsOf, uploadPicture } from './support/listings.ts';

const requiredMessages = {
  name: messages.nameRequired,
  categoryId: messages.categoryRequired,
  price: messages.priceRequired,
  originalPrice: messages.originalPriceRequired,
  brand: messages.brandRequired,
  model: messages.modelRequired,
  storageGb: listingMessages.storageRequired,
  colour: listingMessages.colourRequired,
  networkLock: listingMessages.networkLockRequired,
  imei: listingMessages.imeiRequired,
  used: messages.usedRequired,
  location: messages.locationRequired,
  phone: messages.phoneRequired,
  condition: messages.conditionRequired,
  authenticity: messages.authenticityRequired,
  features: messages.featuresRequired,
  description: messages.descriptionRequired,
};

describe('listings', () => {
  /** How often public listing pages were told to refresh (app.listingsChanged). */
  let listingChanges = 0;
  const t = useTestApp({ onListingsChanged: () => listingChanges++ });
  const cast = useCast(t);
  let photo: Buffer;
  let imageId: string;

  beforeAll(async () => {
    photo = await phoneJpeg(400, 300);
    imageId = await uploadPicture(t, cast.seller.headers, photo);
  });

  const productCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;
  const newListing = async (owner: Caller, overrides: Parameters<typeof insertProduct>[2] = {}) =>
    insertProduct(t.app.db, owner.id, overrides);

  describe('POST /api/products', () => {
    it('lists a phone from the multipart form with its photo: available, in cents, phone number kept private', async () => {
      const response = await postListingForm(t, cast.seller.headers, filledListing(), { bytes: photo });
      expect(response.statusCode, response.body).toBe(201);
      const product = ProductSchema.parse(response.json());
      expect(product).toMatchObject({
        name: 'iPhone 13 Pro 128GB Sierra Blue',
        categoryId: '1',
        priceCents: 58_999,
        originalPriceCents: 99_900,
        brand: 'Apple',
        model: 'iPhone 13 Pro',
        used: '1 year',
        location: 'Austin, TX',
        condition: 'Excellent',
        authenticity: 'Original',
        features: '128 GB, ProMotion 120 Hz, Face ID',
        description: 'Always kept in a case with a screen protector.',
        status: 'available',
        isAdvertised: false,
        seller: { id: cast.seller.id, name: 'Marcus Bennett', isVerified: true },
      });
      expect(Math.abs(Date.parse(product.createdAt) - Date.now())).toBeLessThan(60_000);
      // The photo went through the upload pipeline: cleaned WebP, served.
      expect(product.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{2}\/[a-f0-9]{64}\.webp$/);
      expect((await t.app.inject(product.imageUrl)).headers['content-type']).toBe('image/webp');
      // The seller's number is stored (for buyers who book), normalised, and never shown.
      expect((await productRow(t.app.db, product.id)).sellerPhone).toBe('5125550147');
      expect(response.body).not.toContain('5125550147');
      expect(response.body).not.toContain('512-555-0147');
      expect(response.body).not.toMatch(/"(seller)?phone"/i);
    });

    it('lists a phone from JSON with an uploaded image id and numeric prices', async () => {
      const response = await postListingJson(t, cast.seller.headers, {
        ...filledListing({ categoryId: '3', name: 'Galaxy S23', brand: 'Samsung', model: 'Galaxy S23' }),
        price: 450.5,
        originalPrice: 799,
        imageId,
      });
      expect(response.statusCode, response.body).toBe(201);
      const product = ProductSchema.parse(response.json());
      expect(product).toMatchObject({ categoryId: '3', priceCents: 45_050, originalPriceCents: 79_900 });
      expect(product.imageUrl).toBe(`/uploads/${imageId.slice(0, 2)}/${imageId}.webp`);
    });

    it('ignores what a seller may not set: the status, the owner, the price in cents', async () => {
      const response = await postListingJson(t, cast.seller.headers, {
        ...filledListing(),
        imageId,
        status: 'sold',
        sellerId: cast.otherSeller.id,
        priceCents: 1,
        isAdvertised: true,
        id: '00000000-0000-4000-8000-000000000000',
      });
      expect(response.statusCode).toBe(201);
      const product = ProductSchema.parse(response.json());
      expect(product).toMatchObject({ status: 'available', priceCents: 58_999, isAdvertised: false });
      expect(product.id).not.toBe('00000000-0000-4000-8000-000000000000');
      expect((await productRow(t.app.db, product.id)).sellerId).toBe(cast.seller.id);
    });

    it('is for sellers only: anonymous 401, buyer and admin 403, and nothing is created', async () => {
      const before = await productCount();
      expectError(await postListingForm(t, {}, filledListing(), { bytes: photo }), 401, unauthorized);
      for (const caller of [cast.buyer, cast.admin]) {
        expectError(await postListingForm(t, caller.headers, filledListing(), { bytes: photo }), 403, forbidden);
        expect((await postListingJson(t, caller.headers, { ...filledListing(), imageId })).statusCode).toBe(403);
      }
      expect((await postListingJson(t, { authorization: 'Bearer not-a-token' }, {})).statusCode).toBe(401);
      expect(await productCount()).toBe(before);
    });

    it('names every missing field with the spec’s message when the form is empty', async () => {
      const before = await productCount();
      // An untouched browser form: every text input empty, the file input empty.
      const blank = Object.fromEntries(Object.keys(requiredMessages).map((name) => [name, '']));
      const emptyForm = await postListingForm(t, cast.seller.headers, blank, {
        bytes: Buffer.alloc(0),
        filename: '',
        contentType: 'application/octet-stream',
      });
      expectError(emptyForm, 400, {
        code: 'validation',
        message: messages.nameRequired,
        fields: { ...requiredMessages, image: messages.imageRequired },
      });
      // A form with no parts at all, an empty JSON object, and no body: the same list.
      expect(
        ErrorBodySchema.parse((await postListingForm(t, cast.seller.headers, {}, null)).json()).error.fields,
      ).toEqual({
        ...requiredMessages,
        image: messages.imageRequired,
      });
      expectError(await postListingJson(t, cast.seller.headers, {}), 400, {
        code: 'validation',
        message: messages.nameRequired,
        fields: { ...requiredMessages, imageIds: messages.imageRequired },
      });
      const noBody = await t.app.inject({ method: 'POST', url: '/api/products', headers: cast.seller.headers });
      expect(ErrorBodySchema.parse(noBody.json()).error.fields).toEqual({
        ...requiredMessages,
        imageIds: messages.imageRequired,
      });
      expect(await productCount()).toBe(before);
    });

    it.each(Object.entries(requiredMessages))('asks for %s alone when only it is missing', async (field, message) => {
      const fields = filledListing();
      delete fields[field];
      const response = await postListingForm(t, cast.seller.headers, fields, { bytes: photo });
      expectError(response, 400, { code: 'validation', message, fields: { [field]: message } });
    });

    it('asks for the picture when only it is missing', async () => {
      expectError(await postListingForm(t, cast.seller.headers, filledListing(), null), 400, {
        code: 'validation',
        message: messages.imageRequired,
        fields: { image: messages.imageRequired },
      });
      expectError(await postListingJson(t, cast.seller.headers, filledListing()), 400, {
        code: 'validation',
        message: messages.imageRequired,
        fields: { imageIds: messages.imageRequired },
      });
    });

    it('refuses bad numbers, prices out of bounds and oversize texts with clear messages', async () => {
      const before = await productCount();
      const cases: Array<[Record<string, string>, Record<string, string>]> = [
        [{ price: 'abc' }, { price: listingMessages.priceInvalid }],
        [{ price: '-5' }, { price: listingMessages.priceInvalid }],
        [{ price: '12.345' }, { price: listingMessages.priceInvalid }],
        [{ price: '1e3' }, { price: listingMessages.priceInvalid }],
        [{ price: '0' }, { price: listingMessages.priceTooLow }],
        [{ price: '100000.01', originalPrice: '100000' }, { price: listingMessages.priceTooHigh }],
        [{ originalPrice: '99999999999' }, { originalPrice: listingMessages.originalPriceInvalid }],
        [{ originalPrice: '500' }, { originalPrice: listingMessages.originalPriceBelowPrice }],
        [{ phone: 'call me' }, { phone: listingMessages.phoneDigitsOnly }],
        [{ phone: '12345' }, { phone: listingMessages.phoneInvalid }],
        [{ categoryId: '4' }, { categoryId: messages.categoryRequired }],
        [{ condition: 'Mint' }, { condition: messages.conditionRequired }],
        [{ name: 'n'.repeat(121) }, { name: listingMessages.tooLong('Name', 120) }],
        [{ description: 'd'.repeat(2001) }, { description: listingMessages.tooLong('Description', 2000) }],
        [{ features: 'f'.repeat(1001) }, { features: listingMessages.tooLong('Features', 1000) }],
      ];
      for (const [overrides, fields] of cases) {
        const response = await postListingForm(t, cast.seller.headers, filledListing(overrides), { bytes: photo });
        expectError(response, 400, { code: 'validation', message: Object.values(fields)[0]!, fields });
      }
      // JSON: values of the wrong type, and a huge text, are refused the same way.
      const json = await postListingJson(t, cast.seller.headers, {
        ...filledListing(),
        imageId,
        price: -10,
        originalPrice: '1,299',
        name: ['iPhone'],
        description: 'x'.repeat(200_000),
      });
      expectError(json, 400, {
        code: 'validation',
        message: messages.nameRequired,
        fields: {
          name: messages.nameRequired,
          price: listingMessages.priceInvalid,
          originalPrice: listingMessages.originalPriceInvalid,
          description: listingMessages.tooLong('Description', 2000),
        },
      });
      // A text part over the form's 10 kB field limit arrives cut short, and is still too long.
      const huge = await postListingForm(t, cast.seller.headers, filledListing({ description: 'z'.repeat(50_000) }), {
        bytes: photo,
      });
      expect(ErrorBodySchema.parse(huge.json()).error.fields).toEqual({
        description: listingMessages.tooLong('Description', 2000),
      });
      expect(await productCount()).toBe(before);
    });

    it('refuses an unknown image id, and a file that is not a picture, creating nothing', async () => {
      const before = await productCount();
      expectError(await postListingJson(t, cast.seller.headers, { ...filledListing(), imageId: 'f'.repeat(64) }), 400, {
        code: 'validation',
        message: uploadMessages.imageNotFound,
        fields: { imageId: uploadMessages.imageNotFound },
      });
      expectError(
        await postListingJson(t, cast.seller.headers, { ...filledListing(), imageId: '../../etc/passwd' }),
        400,
        {
          code: 'validation',
          message: uploadMessages.imageNotFound,
          fields: { imageId: uploadMessages.imageNotFound },
        },
      );
      expectError(await postListingForm(t, cast.seller.headers, filledListing(), { bytes: textFile() }), 415, {
        code: 'unsupported_media_type',
        message: uploadMessages.unsupportedType,
        fields: { image: uploadMessages.unsupportedType },
      });
      expect(await productCount()).toBe(before);
    });

    it('keeps hostile text inert: stored and returned exactly as typed', async () => {
      const name = `<script>alert("x")</script> '); drop table products; --`;
      const response = await postListingJson(t, cast.seller.headers, { ...filledListing({ name }), imageId });
      expect(response.statusCode).toBe(201);
      expect(ProductSchema.parse(response.json()).name).toBe(name);
      expect(await productCount()).toBeGreaterThan(0);
    });
  });

  describe('GET /api/me/products', () => {
    it('lists the seller’s own phones for sale and sold, newest first, with status and advertising', async () => {
      const me = await callerWithRole(t, 'seller');
      const older = await newListing(me, { name: 'Older', createdAt: new Date('2026-01-01T10:00:00Z') });
      const sold = await newListing(me, {
        name: 'Sold one',
        status: 'sold',
        createdAt: new Date('2026-01-02T10:00:00Z'),
      });
      const advertised = await newListing(me, { name: 'Advertised', createdAt: new Date('2026-01-03T10:00:00Z') });
      await newListing(me, { name: 'Removed', status: 'removed', createdAt: new Date('2026-01-04T10:00:00Z') });
      await newListing(cast.otherSeller, { name: 'Not mine' });
      await advertise(t.app.db, advertised.id);

      const response = await t.app.inject({ url: '/api/me/products', headers: me.headers });
      expect(response.statusCode).toBe(200);
      const page = MyProductPageSchema.parse(response.json());
      expect(page.items.map((p) => [p.name, p.status, p.isAdvertised])).toEqual([
        ['Advertised', 'available', true],
        ['Sold one', 'sold', false],
        ['Older', 'available', false],
      ]);
      expect(page.nextCursor).toBeNull();
      expect(page.items.map((p) => p.id)).toEqual([advertised.id, sold.id, older.id]);
      expect(response.body).not.toContain('5125550100');
      expect(response.body).not.toContain('01700000000');
    });

    it('pages with a cursor, and says so when a seller has nothing', async () => {
      const me = await callerWithRole(t, 'seller');
      expect(
        MyProductPageSchema.parse((await t.app.inject({ url: '/api/me/products', headers: me.headers })).json()),
      ).toEqual({
        items: [],
        nextCursor: null,
      });
      // Same timestamp for all: the id breaks the tie, and no page repeats or skips one.
      const at = new Date('2026-02-01T00:00:00Z');
      for (let i = 0; i < 5; i++) await newListing(me, { name: `Mine ${i}`, createdAt: at });
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/me/products?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = MyProductPageSchema.parse((await t.app.inject({ url, headers: me.headers })).json());
        seen.push(...page.items.map((p) => p.name));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.sort()).toEqual(['Mine 0', 'Mine 1', 'Mine 2', 'Mine 3', 'Mine 4']);
      expect((await t.app.inject({ url: '/api/me/products?cursor=e30', headers: me.headers })).statusCode).toBe(400);
    });

    it('is for sellers only', async () => {
      expect((await t.app.inject('/api/me/products')).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/me/products', headers: cast.buyer.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/me/products', headers: cast.admin.headers })).statusCode).toBe(403);
    });
  });

  describe('POST /api/products/:id/advertise', () => {
    const advertiseAs = (caller: Caller | null, id: string) =>
      t.app.inject({ method: 'POST', url: `/api/products/${id}/advertise`, headers: headersOf(caller) });

    it('advertises the seller’s own phone once; it then shows on the home grid', async () => {
      const product = await newListing(cast.seller, { name: 'To advertise' });
      const response = await advertiseAs(cast.seller, product.id);
      expect(response.statusCode).toBe(201);
      expect(ProductSchema.parse(response.json())).toMatchObject({ id: product.id, isAdvertised: true });
      const home = ProductPageSchema.parse((await t.app.inject('/api/advertised?limit=100')).json());
      expect(home.items.map((p) => p.id)).toContain(product.id);

      expectError(await advertiseAs(cast.seller, product.id), 409, {
        code: 'conflict',
        message: listingMessages.alreadyAdvertised,
      });
      const adverts = await advertisementsOf(t.app.db, product.id);
      expect(adverts).toHaveLength(1);
    });

    it('refuses a sold phone (409) and a removed or unknown one (404)', async () => {
      const sold = await newListing(cast.seller, { status: 'sold' });
      expectError(await advertiseAs(cast.seller, sold.id), 409, {
        code: 'conflict',
        message: listingMessages.soldCannotBeAdvertised,
      });
      const removed = await newListing(cast.seller, { status: 'removed' });
      for (const id of [removed.id, unknownId, 'not-a-uuid', "1' or '1'='1"]) {
        expectError(await advertiseAs(cast.seller, encodeURIComponent(id)), 404, {
          code: 'not_found',
          message: listingMessages.productNotFound,
        });
      }
      expect(await advertisementsOf(t.app.db, sold.id)).toEqual([]);
    });

    it('only the owner advertises: another seller, a buyer and an admin are refused, anonymous is 401', async () => {
      const product = await newListing(cast.seller);
      expectError(await advertiseAs(cast.otherSeller, product.id), 403, {
        code: 'forbidden',
        message: listingMessages.notYourProduct,
      });
      expect((await advertiseAs(cast.buyer, product.id)).statusCode).toBe(403);
      expect((await advertiseAs(cast.admin, product.id)).statusCode).toBe(403);
      expect((await advertiseAs(null, product.id)).statusCode).toBe(401);
      expect(await advertisementsOf(t.app.db, product.id)).toEqual([]);
    });

    it('two clicks at once advertise once', async () => {
      const product = await newListing(cast.seller);
      const [a, b] = await Promise.all([advertiseAs(cast.seller, product.id), advertiseAs(cast.seller, product.id)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    });
  });

  describe('DELETE /api/products/:id', () => {
    const removeAs = (caller: Caller | null, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: headersOf(caller) });

    it('the seller removes their phone: it and its advert leave every public view; orders keep it', async () => {
      const product = await newListing(cast.seller, { name: 'Going away', categoryId: '2', brand: 'Xiaomi' });
      await advertise(t.app.db, product.id);
      const order = await insertOrder(t.app.db, { productId: product.id, buyerId: cast.buyer.id });
      const visible = async () => ({
        ...(await publicViewsOf(t, product.id, '2')),
        mine: MyProductPageSchema.parse(
          (await t.app.inject({ url: '/api/me/products?limit=100', headers: cast.seller.headers })).json(),
        ).items.some((p) => p.id === product.id),
      });
      expect(await visible()).toEqual({ home: true, category: true, details: 200, mine: true });

      const response = await removeAs(cast.seller, product.id);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await visible()).toEqual({ home: false, category: false, details: 404, mine: false });

      expect((await productRow(t.app.db, product.id)).status).toBe('removed');
      expect(await advertisementsOf(t.app.db, product.id)).toEqual([]);
      expect((await orderRow(t.app.db, order.id)).productId).toBe(product.id);
      const audit = await auditOf(t.app.db, product.id);
      expect(audit).toEqual([
        expect.objectContaining({
          actorId: cast.seller.id,
          action: 'product.removed',
          subjectType: 'product',
          detail: { by: 'seller', previousStatus: 'available', wasAdvertised: true },
        }),
      ]);
      // Gone is gone: a second delete finds nothing.
      expectError(await removeAs(cast.seller, product.id), 404, {
        code: 'not_found',
        message: listingMessages.productNotFound,
      });
    });

    it('another seller and a buyer are refused, anonymous is 401, and the phone stays', async () => {
      const product = await newListing(cast.seller);
      expectError(await removeAs(cast.otherSeller, product.id), 403, {
        code: 'forbidden',
        message: listingMessages.notYourProduct,
      });
      expect((await removeAs(cast.buyer, product.id)).statusCode).toBe(403);
      expect((await removeAs(null, product.id)).statusCode).toBe(401);
      expect((await productRow(t.app.db, product.id)).status).toBe('available');
      expect(await auditOf(t.app.db, product.id)).toEqual([]);
    });

    it('an admin removes any seller’s phone, sold ones too, and the audit log says an admin did', async () => {
      const product = await newListing(cast.otherSeller, { status: 'sold' });
      expect((await removeAs(cast.admin, product.id)).statusCode).toBe(204);
      expect((await productRow(t.app.db, product.id)).status).toBe('removed');
      const [entry] = await auditOf(t.app.db, product.id);
      expect(entry).toMatchObject({
        actorId: cast.admin.id,
        action: 'product.removed',
        detail: { by: 'admin', previousStatus: 'sold', wasAdvertised: false },
      });
    });

    it('answers 404 for an unknown or malformed id, whoever asks', async () => {
      for (const id of [unknownId, 'nope', '%27%3B--']) {
        expect((await removeAs(cast.admin, id)).statusCode).toBe(404);
        expect((await removeAs(cast.seller, id)).statusCode).toBe(404);
      }
    });
  });

  describe('public listing pages', () => {
    it('are told at once when a phone is put on sale, advertised or removed, and not when a change is refused', async () => {
      const before = listingChanges;
      const created = await postListingJson(t, cast.seller.headers, { ...filledListing(), imageId });
      expect(created.statusCode, created.body).toBe(201);
      expect(listingChanges).toBe(before + 1);
      const { id } = ProductSchema.parse(created.json());

      const advertiseUrl = `/api/products/${id}/advertise`;
      expect((await t.app.inject({ method: 'POST', url: advertiseUrl, headers: cast.seller.headers })).statusCode).toBe(
        201,
      );
      expect(listingChanges).toBe(before + 2);
      expect((await t.app.inject({ method: 'POST', url: advertiseUrl, headers: cast.seller.headers })).statusCode).toBe(
        409,
      );
      expect((await postListingJson(t, cast.seller.headers, { ...filledListing(), imageId: '' })).statusCode).toBe(400);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: cast.otherSeller.headers }))
          .statusCode,
      ).toBe(403);
      expect(listingChanges).toBe(before + 2);

      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: cast.seller.headers })).statusCode,
      ).toBe(204);
      expect(listingChanges).toBe(before + 3);
    });
  });

  describe('GET /api/products/:id', () => {
    it('shows a phone for sale or sold to anyone, without the seller’s number', async () => {
      const forSale = await newListing(cast.seller, { name: 'Details' });
      const response = await t.app.inject(`/api/products/${forSale.id}`);
      expect(response.statusCode).toBe(200);
      expect(ProductSchema.parse(response.json())).toMatchObject({
        id: forSale.id,
        name: 'Details',
        status: 'available',
        seller: { id: cast.seller.id, isVerified: true },
      });
      expect(response.body).not.toContain('01700000000');

      const sold = await newListing(cast.seller, { status: 'sold' });
      expect(ProductSchema.parse((await t.app.inject(`/api/products/${sold.id}`)).json()).status).toBe('sold');
    });

    it('answers 404 for a removed phone, a disabled seller’s phone and a malformed id, never 500', async () => {
      const removed = await newListing(cast.seller, { status: 'removed' });
      const gone = await callerWithRole(t, 'seller');
      const ofDisabled = await newListing(gone);
      await disableUser(t.app.db, gone.id);
      for (const id of [removed.id, ofDisabled.id, 'abc', '00000000-0000-0000-0000-00000000000g', 'x'.repeat(64)]) {
        expectError(await t.app.inject(`/api/products/${id}`), 404, {
          code: 'not_found',
          message: listingMessages.productNotFound,
        });
      }
      expect((await t.app.inject(`/api/products/${ofDisabled.id.toUpperCase()}`)).statusCode).toBe(404);
      expect((await t.app.inject('/api/products/7a1b2c3d-0000-4000-8000-000000000001')).statusCode).toBe(404);
    });
  });
});
