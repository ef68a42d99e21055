/**
 * Editing a listing: the seller changes every field of Add Product (not the photos) of their own
 * phone while it is for sale. The same rules and messages as Add Product, the IMEI rules included;
 * every refusal changes nothing. A price change is kept in the price history, and after a drop the
 * listing shows the price before it ("was"). Audited with ids only; public pages show the change at
 * once.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ErrorBodySchema,
  listingMessages,
  messages,
  MyProductDetailsSchema,
  ProductPageSchema,
  ProductSchema,
} from '@recell/contract';
import { blockedImeis, priceChanges } from '../src/db/schema.ts';
import { advertise, auditOf, insertOrder, insertProduct, productRow } from './fixtures.ts';
import { headersOf, useCast, type Caller } from './support/accounts.ts';
import { expectError, forbidden, unauthorized, unknownId, useTestApp } from './support/api.ts';
import { sellDirectly } from './support/buying.ts';
import { phoneJpeg } from './support/images.ts';
import { filledListing, freshImei, postListingJson, uploadPicture } from './support/listings.ts';
import { insertReport } from './support/moderation.ts';

describe('editing a listing', () => {
  /** How often public listing pages were told to refresh (app.listingsChanged). */
  let listingChanges = 0;
  // As development runs: the public first pages are kept in memory, so a stale page would show.
  // This file's sellers edit far more than people do, IMEIs too: its own limits on edits
  // (write-limits.test.ts checks that limit) and on IMEIs (imei-probing.test.ts checks those).
  const t = useTestApp({
    env: () => ({
      NODE_ENV: 'development',
      LISTING_EDITS_PER_ACCOUNT: '10000',
      IMEI_CHANGES_PER_ACCOUNT: '10000',
      IMEI_REFUSALS_TOLD_PER_ACCOUNT: '10000',
      IMEI_REFUSALS_FLAGGED_AT: '10000',
    }),
    onListingsChanged: () => listingChanges++,
  });
  const cast = useCast(t);
  let imageId: string;

  beforeAll(async () => {
    const picture = await phoneJpeg(200, 150);
    imageId = await uploadPicture(t, cast.seller.headers, picture);
    // A listing takes only its seller's own uploads: the other seller uploads the same picture.
    expect(await uploadPicture(t, cast.otherSeller.headers, picture)).toBe(imageId);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A phone put on sale through Add Product by `seller`; $589.99 unless `overrides` say otherwise. */
  const listed = async (overrides: Record<string, string> = {}, seller: Caller = cast.seller) => {
    const form = filledListing(overrides);
    const response = await postListingJson(t, seller.headers, { ...form, imageId });
    expect(response.statusCode, response.body).toBe(201);
    return { product: ProductSchema.parse(response.json()), form };
  };
  const patch = (caller: Caller | null, id: string, body: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: headersOf(caller), payload: body as object });
  const historyOf = (productId: string) =>
    t.app.db.select().from(priceChanges).where(eq(priceChanges.productId, productId));
  /** The listing as stored, but for its last change time: what a refusal must leave as it was. */
  const stored = async (id: string) => {
    const { updatedAt: _, ...row } = await productRow(t.app.db, id);
    return row;
  };

  it('changes every field of the seller’s own listing, keeps its photo, and answers the listing', async () => {
    const { product, form } = await listed();
    const imei = freshImei();
    const before = listingChanges;
    const response = await patch(cast.seller, product.id, {
      ...form,
      name: 'iPhone 13 Pro 256GB Graphite',
      categoryId: '1',
      price: '549',
      originalPrice: '1099',
      model: 'iPhone 13 Pro (A2638)',
      storageGb: '256',
      colour: 'Graphite',
      networkLock: 'Verizon',
      batteryHealth: '',
      imei: `${imei.slice(0, 5)} ${imei.slice(5)}`,
      used: '2 years',
      location: 'Dallas, TX',
      phone: '+1 (214) 555-0199',
      condition: 'Good',
      authenticity: 'Original, with box',
      features: '256 GB, Face ID',
      description: 'A small scratch on the back.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = ProductSchema.parse(response.json());
    expect(edited).toMatchObject({
      id: product.id,
      name: 'iPhone 13 Pro 256GB Graphite',
      priceCents: 54_900,
      previousPriceCents: 58_999,
      originalPriceCents: 109_900,
      model: 'iPhone 13 Pro (A2638)',
      storageGb: 256,
      colour: 'Graphite',
      networkLock: 'Verizon',
      batteryHealth: null,
      imeiMasked: expect.stringMatching(new RegExp(`${imei.slice(-4)}$`)),
      imeiChecked: true,
      used: '2 years',
      location: 'Dallas, TX',
      condition: 'Good',
      authenticity: 'Original, with box',
      features: '256 GB, Face ID',
      description: 'A small scratch on the back.',
      imageUrl: product.imageUrl,
      status: 'available',
      createdAt: product.createdAt,
    });
    // Never the seller's number in a public answer; stored normalised, as Add Product does.
    expect(response.body).not.toContain('2145550199');
    const row = await productRow(t.app.db, product.id);
    expect(row).toMatchObject({ sellerPhone: '+12145550199', imei, batteryHealth: null });
    // The details page (as the signed-in seller sees it: a visitor gets no email) and My Products show the edit.
    const details = await t.app.inject({ url: `/api/products/${product.id}`, headers: cast.seller.headers });
    expect(ProductSchema.parse(details.json())).toEqual(edited);
    const mine = await t.app.inject({ url: `/api/me/products/${product.id}`, headers: cast.seller.headers });
    expect(MyProductDetailsSchema.parse(mine.json())).toMatchObject({
      priceCents: 54_900,
      imei,
      phone: '+12145550199',
    });
    expect(listingChanges).toBe(before + 1);
  });

  it('records each price change in the history; "was" shows after a drop, not after a raise', async () => {
    const { product, form } = await listed({ price: '500', originalPrice: '900' });
    const priceOf = async (price: string) => {
      const response = await patch(cast.seller, product.id, { ...form, price });
      expect(response.statusCode, response.body).toBe(200);
      return ProductSchema.parse(response.json());
    };

    // Not changing the price records nothing and shows no "was".
    expect(await priceOf('500.00')).toMatchObject({ priceCents: 50_000, previousPriceCents: null });
    expect(await historyOf(product.id)).toEqual([]);

    expect(await priceOf('450')).toMatchObject({ priceCents: 45_000, previousPriceCents: 50_000 });
    // Another edit that leaves the price alone keeps the "was".
    expect(await priceOf('450')).toMatchObject({ priceCents: 45_000, previousPriceCents: 50_000 });
    // A second drop: "was" is the price just before it.
    expect(await priceOf('399.99')).toMatchObject({ priceCents: 39_999, previousPriceCents: 45_000 });
    // A raise shows no "was": the buyer would read it as a bargain.
    expect(await priceOf('420')).toMatchObject({ priceCents: 42_000, previousPriceCents: null });

    const history = (await historyOf(product.id)).sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime());
    expect(history.map(({ oldPriceCents, newPriceCents }) => [oldPriceCents, newPriceCents])).toEqual([
      [50_000, 45_000],
      [45_000, 39_999],
      [39_999, 42_000],
    ]);
    // Category pages carry it too.
    const page = ProductPageSchema.parse((await t.app.inject('/api/categories/1/products?limit=100')).json());
    expect(page.items.find((item) => item.id === product.id)).toMatchObject({
      priceCents: 42_000,
      previousPriceCents: null,
    });
  });

  it('is audited with ids and the names of the changed fields only', async () => {
    const { product, form } = await listed();
    const response = await patch(cast.seller, product.id, {
      ...form,
      price: '500',
      phone: '312-555-0100',
      imei: freshImei(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = (await auditOf(t.app.db, product.id)).filter((entry) => entry.action === 'product.edited');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: cast.seller.id,
      subjectType: 'product',
      subjectId: product.id,
      detail: { changedFields: ['priceCents', 'sellerPhone', 'imei'] },
    });
    // No value of the listing in it: neither the phone number, the IMEI nor the prices.
    const detail = JSON.stringify(entries[0]!.detail);
    expect(detail).not.toMatch(/\d{4}/);
  });

  it('shows the change on public first pages at once, though they are kept in memory', async () => {
    const { product, form } = await listed({ categoryId: '2', brand: 'Xiaomi', name: 'Redmi Note 12' });
    await advertise(t.app.db, product.id);
    // The clock stands still: only the change itself can make the pages new.
    vi.useFakeTimers({ toFake: ['Date'] });
    const firstPages = ['/api/categories/2/products', '/api/advertised'];
    const priceOnPages = async () =>
      Promise.all(
        firstPages.map(
          async (url) =>
            ProductPageSchema.parse((await t.app.inject(url)).json()).items.find((item) => item.id === product.id)
              ?.priceCents,
        ),
      );
    expect(await priceOnPages()).toEqual([58_999, 58_999]);
    expect((await patch(cast.seller, product.id, { ...form, price: '199' })).statusCode).toBe(200);
    expect(await priceOnPages()).toEqual([19_900, 19_900]);
  });

  describe('refusals change nothing', () => {
    it('refuses visitors (401), buyers and admins (403), and another seller (403)', async () => {
      const { product, form } = await listed();
      const before = await stored(product.id);
      const body = { ...form, price: '1' };
      expectError(await patch(null, product.id, body), 401, unauthorized);
      expectError(await patch(cast.buyer, product.id, body), 403, forbidden);
      expectError(await patch(cast.admin, product.id, body), 403, forbidden);
      expectError(await patch(cast.otherSeller, product.id, body), 403, {
        code: 'forbidden',
        message: listingMessages.notYourProduct,
      });
      expect(await stored(product.id)).toEqual(before);
      expect(await historyOf(product.id)).toEqual([]);
      // Another seller cannot read it as theirs either.
      const theirs = await t.app.inject({ url: `/api/me/products/${product.id}`, headers: cast.otherSeller.headers });
      expectError(theirs, 404, { code: 'not_found', message: listingMessages.productNotFound });
    });

    it('refuses a sold phone, a booked one and a removed or unknown one', async () => {
      const sold = await listed();
      await sellDirectly(t, sold.product.id, cast.buyer);
      const booked = await listed();
      await insertOrder(t.app.db, { productId: booked.product.id, buyerId: cast.buyer.id, priceCents: 58_999 });
      const removed = await listed();
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/api/products/${removed.product.id}`,
            headers: cast.seller.headers,
          })
        ).statusCode,
      ).toBe(204);
      const rows = await Promise.all([sold, booked, removed].map(({ product }) => stored(product.id)));

      expectError(await patch(cast.seller, sold.product.id, { ...sold.form, price: '10' }), 409, {
        code: 'conflict',
        message: listingMessages.soldCannotBeEdited,
      });
      expectError(await patch(cast.seller, booked.product.id, { ...booked.form, price: '10' }), 409, {
        code: 'conflict',
        message: listingMessages.bookedCannotBeEdited,
      });
      const notFound = { code: 'not_found', message: listingMessages.productNotFound };
      expectError(await patch(cast.seller, removed.product.id, { ...removed.form, price: '10' }), 404, notFound);
      expectError(await patch(cast.seller, unknownId, filledListing()), 404, notFound);
      expectError(await patch(cast.seller, 'not-an-id', filledListing()), 404, notFound);

      expect(await Promise.all([sold, booked, removed].map(({ product }) => stored(product.id)))).toEqual(rows);
      for (const { product } of [sold, booked, removed]) expect(await historyOf(product.id)).toEqual([]);
    });

    it('once a booking is cancelled, the phone can be edited again', async () => {
      const { product, form } = await listed();
      await insertOrder(t.app.db, { productId: product.id, buyerId: cast.buyer.id, status: 'cancelled' });
      expect((await patch(cast.seller, product.id, { ...form, price: '100' })).statusCode).toBe(200);
    });

    it('checks every field with the same messages as Add Product', async () => {
      const { product, form } = await listed();
      const before = await stored(product.id);
      // Anything but an object is read as an empty form, as Add Product reads it.
      const bodies: unknown[] = [
        {},
        null,
        ['iPhone'],
        { ...form, name: '  ' },
        { ...form, price: 'abc' },
        { ...form, price: '0' },
        { ...form, originalPrice: '10' },
        { ...form, storageGb: '100' },
        { ...form, batteryHealth: '40' },
        { ...form, imei: '12345' },
        { ...form, imei: '35209900176148x' },
        { ...form, imei: `${form.imei!.slice(0, -1)}${(Number(form.imei!.at(-1)) + 1) % 10}` },
        { ...form, phone: 'call me' },
        { ...form, condition: 'Mint', categoryId: '9' },
        { ...form, description: 'd'.repeat(2001) },
      ];
      for (const body of bodies) {
        const created = await postListingJson(t, cast.seller.headers, { ...(body as object), imageId });
        const edited = await patch(cast.seller, product.id, body);
        expect(edited.statusCode, edited.body).toBe(400);
        expect(ErrorBodySchema.parse(edited.json())).toEqual(ErrorBodySchema.parse(created.json()));
      }
      // One of them in full: the field and its message.
      expectError(await patch(cast.seller, product.id, { ...form, imei: '12345' }), 400, {
        code: 'validation',
        message: listingMessages.imeiLength,
        fields: { imei: listingMessages.imeiLength },
      });
      expectError(await patch(cast.seller, product.id, { ...form, name: '' }), 400, {
        code: 'validation',
        message: messages.nameRequired,
        fields: { name: messages.nameRequired },
      });
      const noBody = await t.app.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}`,
        headers: cast.seller.headers,
      });
      expect(noBody.statusCode, noBody.body).toBe(400);
      expect(Object.keys(ErrorBodySchema.parse(noBody.json()).error.fields ?? {})).toContain('imei');
      expect(await stored(product.id)).toEqual(before);
    });

    it('refuses an IMEI already for sale in another listing, and a blocked one', async () => {
      const other = await listed({}, cast.otherSeller);
      const mine = await listed();
      const before = await stored(mine.product.id);
      expectError(await patch(cast.seller, mine.product.id, { ...mine.form, imei: other.form.imei }), 409, {
        code: 'conflict',
        message: listingMessages.imeiInUse,
        fields: { imei: listingMessages.imeiInUse },
      });
      const stolen = freshImei();
      await t.app.db.insert(blockedImeis).values({ imei: stolen, reason: 'Reported stolen', blockedBy: cast.admin.id });
      expectError(await patch(cast.seller, mine.product.id, { ...mine.form, imei: stolen, price: '1' }), 409, {
        code: 'conflict',
        message: listingMessages.imeiBlocked,
        fields: { imei: listingMessages.imeiBlocked },
      });
      expect(await stored(mine.product.id)).toEqual(before);
      expect(await historyOf(mine.product.id)).toEqual([]);
      // Its own IMEI is no conflict; an IMEI whose listing was sold is free again.
      expect((await patch(cast.seller, mine.product.id, mine.form)).statusCode).toBe(200);
      await sellDirectly(t, other.product.id, cast.buyer);
      expect((await patch(cast.seller, mine.product.id, { ...mine.form, imei: other.form.imei })).statusCode).toBe(200);
    });
  });

  describe('at the same moment as other changes of the IMEI', () => {
    const block = (productId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/reports/${productId}/block-imei`,
        headers: cast.admin.headers,
        payload: { reason: 'Reported stolen' },
      });
    /**
     * A phone of the seller's for sale with a checked IMEI, straight in the database (Add Product's
     * rate limit would stop a test making many), and the form that describes it.
     */
    const listedRow = async (seller: Caller = cast.seller) => {
      const form = filledListing();
      const row = await insertProduct(t.app.db, seller.id, { imei: form.imei!, imeiChecked: true, priceCents: 58_999 });
      return { product: row, form };
    };
    /** A sold phone of this IMEI, reported: blocking it takes the IMEI's listings for sale off sale. */
    const reportedSoldPhone = async (imei: string) => {
      const sold = await insertProduct(t.app.db, cast.otherSeller.id, { imei, imeiChecked: true, status: 'sold' });
      await insertReport(t.app.db, { productId: sold.id, reporterId: cast.buyer.id });
      return sold;
    };

    it('an edit of the reported phone itself and its block: both answer, and the phone ends up off sale', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { product, form } = await listedRow();
        await insertReport(t.app.db, { productId: product.id, reporterId: cast.buyer.id });
        const [edited, blocked] = await Promise.all([
          patch(cast.seller, product.id, { ...form, price: '300' }),
          block(product.id),
        ]);
        expect(blocked.statusCode, blocked.body).toBe(204);
        expect([200, 404], edited.body).toContain(edited.statusCode);
        expect((await productRow(t.app.db, product.id)).status).toBe('removed');
      }
    });

    it('an edit keeping the IMEI while another listing of it is blocked: the edited phone ends up off sale', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { product, form } = await listedRow();
        const sold = await reportedSoldPhone(form.imei!);
        const [edited, blocked] = await Promise.all([
          patch(cast.seller, product.id, { ...form, price: '300' }),
          block(sold.id),
        ]);
        expect(blocked.statusCode, blocked.body).toBe(204);
        expect([200, 404], edited.body).toContain(edited.statusCode);
        expect((await productRow(t.app.db, product.id)).status).toBe('removed');
      }
    });

    it('an edit to an IMEI being blocked: refused, or made and then taken off sale by the block', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { product, form } = await listedRow();
        const imei = freshImei();
        const sold = await reportedSoldPhone(imei);
        const [edited, blocked] = await Promise.all([
          patch(cast.seller, product.id, { ...form, imei }),
          block(sold.id),
        ]);
        expect(blocked.statusCode, blocked.body).toBe(204);
        const row = await productRow(t.app.db, product.id);
        if (edited.statusCode === 200) expect(row).toMatchObject({ imei, status: 'removed' });
        else {
          expectError(edited, 409, {
            code: 'conflict',
            message: listingMessages.imeiBlocked,
            fields: { imei: listingMessages.imeiBlocked },
          });
          expect(row).toMatchObject({ imei: form.imei, status: 'available' });
        }
      }
    });

    it('two listings edited to one IMEI at once: one gets it, the other a 409', async () => {
      const first = await listedRow();
      const second = await listedRow(cast.otherSeller);
      const imei = freshImei();
      const answers = await Promise.all([
        patch(cast.seller, first.product.id, { ...first.form, imei }),
        patch(cast.otherSeller, second.product.id, { ...second.form, imei }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409)!;
      expect(ErrorBodySchema.parse(refused.json()).error.message).toBe(listingMessages.imeiInUse);
    });
  });
});
