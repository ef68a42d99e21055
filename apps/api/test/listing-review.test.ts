/**
 * Listing review: a seller with fewer completed sales than TRUSTED_SELLER_SALES (and not verified by
 * an admin) lists into the admins' queue with a verification photo of the phone beside a code issued
 * for that listing. Until an admin approves it, nobody but its seller and admins sees it; a rejected
 * listing carries the admin's reason, which its seller reads, and their edit sends it back.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  listingMessages,
  listingReviewLimits,
  listingReviewMessages,
  ListingCodeSchema,
  MyProductPageSchema,
  PendingListingPageSchema,
  ProductSchema,
  ProductWithPhotosSchema,
  VerificationPhotoSchema,
} from '@recell/contract';
import { listingCodes, notifications } from '../src/db/schema.ts';
import { auditOf, insertCompletedOrder, insertProduct, productRow } from './fixtures.ts';
import { callerWithRole, headersOf, useCast, type Caller } from './support/accounts.ts';
import { expectError, forbidden, unauthorized, unknownId, useTestApp } from './support/api.ts';
import { bookingFor, postBooking } from './support/buying.ts';
import { multipartBody, phoneJpeg } from './support/images.ts';
import { filledListing, postListingJson, uploadPicture } from './support/listings.ts';

describe('listing review', () => {
  let listingChanges = 0;
  const t = useTestApp({ env: () => ({ TRUSTED_SELLER_SALES: '2' }), onListingsChanged: () => listingChanges++ });
  // The cast's seller is verified (trusted); `newSeller` has neither sales nor verification.
  const cast = useCast(t);
  let newSeller: Caller;
  let picture: Buffer;
  let photoJpeg: Buffer;
  // A listing's picture must be its seller's own upload: each seller uploads the same one once.
  const pictures = new Map<Caller, Promise<string>>();
  const imageOf = (seller: Caller) => {
    if (!pictures.has(seller)) pictures.set(seller, uploadPicture(t, seller.headers, picture));
    return pictures.get(seller)!;
  };

  beforeAll(async () => {
    newSeller = await callerWithRole(t, 'seller', { name: 'Nina Novak' });
    picture = await phoneJpeg(200, 150);
    photoJpeg = await phoneJpeg(1200, 900);
  });

  const issueCode = async (seller: Caller) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/listing-codes', headers: seller.headers });
    expect(response.statusCode, response.body).toBe(201);
    return ListingCodeSchema.parse(response.json());
  };
  const putPhoto = (caller: Caller | null, code: string, bytes: Buffer, field = 'photo') => {
    const form = multipartBody([{ name: field, filename: 'proof.jpg', contentType: 'image/jpeg', bytes }]);
    return t.app.inject({
      method: 'PUT',
      url: `/api/listing-codes/${code}/photo`,
      headers: { ...headersOf(caller), ...form.headers },
      payload: form.payload,
    });
  };
  /** A code of `seller` with its photo, ready for Add Product. */
  const codeWithPhoto = async (seller: Caller) => {
    const { code } = await issueCode(seller);
    const response = await putPhoto(seller, code!, photoJpeg);
    expect(response.statusCode, response.body).toBe(204);
    return code!;
  };
  const list = async (seller: Caller, extra: Record<string, string> = {}) =>
    postListingJson(t, seller.headers, { ...filledListing(), imageId: await imageOf(seller), ...extra });
  /** A listing of `newSeller` waiting for review. */
  const pendingListing = async (extra: Record<string, string> = {}) => {
    const response = await list(newSeller, { verificationCode: await codeWithPhoto(newSeller), ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return ProductSchema.parse(response.json());
  };
  const get = (caller: Caller | null, url: string) => t.app.inject({ method: 'GET', url, headers: headersOf(caller) });
  const approve = (caller: Caller | null, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/listing-reviews/${id}/approve`, headers: headersOf(caller) });
  const reject = (caller: Caller | null, id: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/listing-reviews/${id}/reject`,
      headers: headersOf(caller),
      payload: body as object,
    });
  const queue = async () =>
    PendingListingPageSchema.parse((await get(cast.admin, '/api/admin/listing-reviews?limit=100')).json());
  const myProducts = async (seller: Caller) =>
    MyProductPageSchema.parse((await get(seller, '/api/me/products?limit=100')).json()).items;

  it('gives a trusted seller no code, and their listing goes on sale at once', async () => {
    expect(await issueCode(cast.seller)).toEqual({ reviewRequired: false, code: null });
    const response = await list(cast.seller);
    expect(response.statusCode, response.body).toBe(201);
    expect(ProductSchema.parse(response.json()).status).toBe('available');
  });

  it('counts a seller with enough completed sales as trusted', async () => {
    const seasoned = await callerWithRole(t, 'seller');
    expect((await issueCode(seasoned)).reviewRequired).toBe(true);
    await insertCompletedOrder(t.app.db, seasoned.id, cast.buyer.id);
    await insertCompletedOrder(t.app.db, seasoned.id, cast.buyer.id);
    expect(await issueCode(seasoned)).toEqual({ reviewRequired: false, code: null });
  });

  it('gives a new seller a code of six characters that cannot be mistaken', async () => {
    const { reviewRequired, code } = await issueCode(newSeller);
    expect(reviewRequired).toBe(true);
    expect(code).toMatch(new RegExp(`^[${listingReviewLimits.codeAlphabet}]{6}$`));
    expect(code).not.toBe((await issueCode(newSeller)).code);
  });

  it('puts a new seller’s listing in the queue, pending review, seen by nobody else', async () => {
    const before = listingChanges;
    const product = await pendingListing({ name: 'Hidden Phone Zebracorn' });
    expect(product.status).toBe('pending_review');
    expect(listingChanges).toBe(before);

    // Every public answer leaves it out.
    for (const caller of [null, cast.buyer, cast.otherSeller]) {
      expectError(await get(caller, `/api/products/${product.id}`), 404, {
        code: 'not_found',
        message: listingMessages.productNotFound,
      });
    }
    const lists = [
      '/api/categories/1/products?limit=100',
      '/api/categories/1/products?q=Zebracorn',
      '/api/search?q=Zebracorn',
      '/api/advertised?limit=100',
      `/api/sellers/${newSeller.id}/products`,
    ];
    for (const url of lists) {
      const response = await get(cast.buyer, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(product.id);
    }
    // Nobody can book, wishlist or report it.
    expect((await postBooking(t, cast.buyer, bookingFor(product.id))).statusCode).toBeGreaterThanOrEqual(400);
    const wish = await t.app.inject({
      method: 'PUT',
      url: `/api/me/wishlist/${product.id}`,
      headers: cast.buyer.headers,
    });
    expect(wish.statusCode).toBe(404);

    // Its seller and admins see it; the seller on My Products as pending review.
    for (const caller of [newSeller, cast.admin]) {
      const response = await get(caller, `/api/products/${product.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(ProductWithPhotosSchema.parse(response.json()).status).toBe('pending_review');
    }
    expect((await myProducts(newSeller)).find((p) => p.id === product.id)).toMatchObject({
      status: 'pending_review',
      rejectionReason: null,
    });
    const queued = (await queue()).items.find((item) => item.id === product.id);
    expect(queued).toMatchObject({ name: 'Hidden Phone Zebracorn', hasPhoto: true, seller: { id: newSeller.id } });
  });

  it('lists the queue oldest first', async () => {
    const first = await pendingListing();
    const second = await pendingListing();
    const ids = (await queue()).items.map((item) => item.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const page = PendingListingPageSchema.parse((await get(cast.admin, '/api/admin/listing-reviews?limit=1')).json());
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).not.toBeNull();
  });

  it('refuses a new seller’s listing without a code, with another’s code, without a photo, or with a used code', async () => {
    const count = async () => (await myProducts(newSeller)).length;
    const before = await count();
    expectError(await list(newSeller), 400, {
      code: 'validation',
      message: listingReviewMessages.codeRequired,
      fields: { verificationCode: listingReviewMessages.codeRequired },
    });
    const othersCode = await codeWithPhoto(cast.otherSeller);
    expectError(await list(newSeller, { verificationCode: othersCode }), 400, {
      code: 'validation',
      message: listingReviewMessages.codeInvalid,
      fields: { verificationCode: listingReviewMessages.codeInvalid },
    });
    const { code: bare } = await issueCode(newSeller);
    expectError(await list(newSeller, { verificationCode: bare! }), 400, {
      code: 'validation',
      message: listingReviewMessages.photoRequired,
      fields: { verificationCode: listingReviewMessages.photoRequired },
    });
    expect(await count()).toBe(before);

    const used = await codeWithPhoto(newSeller);
    expect((await list(newSeller, { verificationCode: used })).statusCode).toBe(201);
    expectError(await list(newSeller, { verificationCode: used }), 400, {
      code: 'validation',
      message: listingReviewMessages.codeInvalid,
      fields: { verificationCode: listingReviewMessages.codeInvalid },
    });
    // A used code takes no new photo either.
    expectError(await putPhoto(newSeller, used, photoJpeg), 404, {
      code: 'not_found',
      message: listingReviewMessages.codeInvalid,
    });
    expect(await count()).toBe(before + 1);
  });

  it('keeps the photo with its code only for its seller, never another seller, and never as a public file', async () => {
    const { code } = await issueCode(newSeller);
    expectError(await putPhoto(cast.otherSeller, code!, photoJpeg), 404, {
      code: 'not_found',
      message: listingReviewMessages.codeInvalid,
    });
    expectError(await putPhoto(null, code!, photoJpeg), 401, unauthorized);
    expectError(await putPhoto(cast.buyer, code!, photoJpeg), 403, forbidden);
    expect((await putPhoto(newSeller, code!, Buffer.from('not a picture'))).statusCode).toBe(415);
    const [row] = await t.app.db.select().from(listingCodes).where(eq(listingCodes.code, code!));
    expect(row!.photo).toBeNull();

    expect((await putPhoto(newSeller, code!, photoJpeg)).statusCode).toBe(204);
    const [stored] = await t.app.db.select().from(listingCodes).where(eq(listingCodes.code, code!));
    // Re-encoded small: WebP, at most 1024 px wide.
    expect(stored!.photo!.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it('shows the verification photo to admins and its seller only', async () => {
    const product = await pendingListing();
    const url = `/api/products/${product.id}/verification-photo`;
    for (const caller of [cast.admin, newSeller]) {
      const response = await get(caller, url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(VerificationPhotoSchema.parse(response.json()).dataUrl).toMatch(/^data:image\/webp;base64,/);
    }
    expectError(await get(cast.otherSeller, url), 404, {
      code: 'not_found',
      message: listingReviewMessages.photoNotFound,
    });
    expectError(await get(cast.buyer, url), 403, forbidden);
    expectError(await get(null, url), 401, unauthorized);
    // Nothing of it in a public answer.
    expect((await get(newSeller, `/api/products/${product.id}`)).body).not.toContain('base64');
  });

  it('approves a listing: it goes on sale, public pages refresh, the seller is told, the admin audited', async () => {
    const product = await pendingListing();
    const before = listingChanges;
    const response = await approve(cast.admin, product.id);
    expect(response.statusCode, response.body).toBe(204);
    expect((await productRow(t.app.db, product.id)).status).toBe('available');
    expect(listingChanges).toBeGreaterThan(before);
    expect((await get(null, `/api/products/${product.id}`)).statusCode).toBe(200);
    expect((await get(cast.buyer, '/api/categories/1/products?limit=100')).body).toContain(product.id);
    expect((await queue()).items.map((item) => item.id)).not.toContain(product.id);
    expect((await auditOf(t.app.db, product.id)).map((entry) => entry.action)).toContain('listing.approved');
    const notes = await t.app.db.select().from(notifications).where(eq(notifications.userId, newSeller.id));
    expect(notes.some((note) => note.kind === 'listing_approved')).toBe(true);
    // Once decided, a second decision is refused.
    expectError(await approve(cast.admin, product.id), 409, {
      code: 'conflict',
      message: listingReviewMessages.notPending,
    });
  });

  it('rejects a listing with a reason the seller reads; their edit sends it back to the queue', async () => {
    const product = await pendingListing();
    const reason = 'The code in the photo cannot be read.';
    expect((await reject(cast.admin, product.id, { reason })).statusCode).toBe(204);
    const row = await productRow(t.app.db, product.id);
    expect(row).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect((await myProducts(newSeller)).find((p) => p.id === product.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: reason,
    });
    const notes = await t.app.db.select().from(notifications).where(eq(notifications.userId, newSeller.id));
    const note = notes.find((n) => n.kind === 'listing_rejected');
    expect(note?.body).toContain(reason);
    const audit = (await auditOf(t.app.db, product.id)).find((entry) => entry.action === 'listing.rejected');
    expect(audit?.detail).toEqual({ reason });
    // Still hidden from everyone else.
    expect((await get(cast.buyer, `/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await queue()).items.map((item) => item.id)).not.toContain(product.id);

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: newSeller.headers,
      payload: { ...filledListing(), description: 'A clearer photo this time.' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(ProductSchema.parse(edit.json()).status).toBe('pending_review');
    expect(await productRow(t.app.db, product.id)).toMatchObject({ status: 'pending_review', rejectionReason: null });
    expect((await queue()).items.map((item) => item.id)).toContain(product.id);
  });

  it('refuses a reason that is missing or too long, a listing not waiting, and anyone but an admin, changing nothing', async () => {
    const product = await pendingListing();
    const reasonRequired = { reason: listingReviewMessages.reasonRequired };
    expectError(await reject(cast.admin, product.id, { reason: '   ' }), 400, {
      code: 'validation',
      message: listingReviewMessages.reasonRequired,
      fields: reasonRequired,
    });
    expectError(await reject(cast.admin, product.id, {}), 400, {
      code: 'validation',
      message: listingReviewMessages.reasonRequired,
      fields: reasonRequired,
    });
    const long = 'x'.repeat(listingReviewLimits.reasonMaxLength + 1);
    expectError(await reject(cast.admin, product.id, { reason: long }), 400, {
      code: 'validation',
      message: listingReviewMessages.reasonTooLong,
      fields: { reason: listingReviewMessages.reasonTooLong },
    });
    for (const caller of [newSeller, cast.buyer]) {
      expectError(await approve(caller, product.id), 403, forbidden);
      expectError(await reject(caller, product.id, { reason: 'no' }), 403, forbidden);
    }
    expectError(await approve(null, product.id), 401, unauthorized);
    expect((await get(newSeller, '/api/admin/listing-reviews')).statusCode).toBe(403);
    expect((await productRow(t.app.db, product.id)).status).toBe('pending_review');
    expect(await auditOf(t.app.db, product.id)).toEqual([]);

    const live = await insertProduct(t.app.db, cast.seller.id);
    expectError(await approve(cast.admin, live.id), 409, {
      code: 'conflict',
      message: listingReviewMessages.notPending,
    });
    expectError(await reject(cast.admin, live.id, { reason: 'no' }), 409, {
      code: 'conflict',
      message: listingReviewMessages.notPending,
    });
    expect((await productRow(t.app.db, live.id)).status).toBe('available');
    expect((await approve(cast.admin, unknownId)).statusCode).toBe(404);
  });

  it('refuses to approve a listing whose IMEI went on sale meanwhile, and one waiting cannot be advertised', async () => {
    const product = await pendingListing();
    const { imei } = await productRow(t.app.db, product.id);
    await insertProduct(t.app.db, cast.seller.id, { imei });
    expectError(await approve(cast.admin, product.id), 409, {
      code: 'conflict',
      message: listingMessages.imeiInUse,
      fields: { imei: listingMessages.imeiInUse },
    });
    expect((await productRow(t.app.db, product.id)).status).toBe('pending_review');

    const waiting = await pendingListing();
    const advertised = await t.app.inject({
      method: 'POST',
      url: `/api/products/${waiting.id}/advertise`,
      headers: newSeller.headers,
    });
    expectError(advertised, 409, { code: 'conflict', message: listingReviewMessages.notLiveCannotBeAdvertised });
  });
});

describe('listing review turned off', () => {
  const t = useTestApp({ env: () => ({ TRUSTED_SELLER_SALES: '0' }) });

  it('lists a new seller’s phone at once, without a code', async () => {
    const seller = await callerWithRole(t, 'seller');
    const codeAnswer = await t.app.inject({ method: 'POST', url: '/api/listing-codes', headers: seller.headers });
    expect(ListingCodeSchema.parse(codeAnswer.json())).toEqual({ reviewRequired: false, code: null });
    const imageId = await uploadPicture(t, seller.headers, await phoneJpeg(200, 150));
    const response = await postListingJson(t, seller.headers, { ...filledListing(), imageId });
    expect(response.statusCode, response.body).toBe(201);
    expect(ProductSchema.parse(response.json()).status).toBe('available');
  });
});
