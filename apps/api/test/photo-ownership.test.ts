/**
 * A picture's id is public (it is in the picture's address), so a listing and a profile take an
 * image id only from the person who uploaded it: Add Product, a listing's photo change and the
 * profile photo refuse someone else's upload with 400 and change nothing. A listing keeps the
 * photos it has, and a profile its photo, whoever uploaded them (the demo's listings were never
 * uploaded through the API). The same picture uploaded by two people is each one's own.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoMessages, ProductWithPhotosSchema, uploadMessages } from '@recell/contract';
import { imageUploads, productPhotos, products, users } from '../src/db/schema.ts';
import { storeImage } from '../src/modules/uploads/index.ts';
import { insertCategories, insertProduct } from './fixtures.ts';
import { useCast, type Caller } from './support/accounts.ts';
import { expectError, useTestApp } from './support/api.ts';
import { phoneJpeg } from './support/images.ts';
import { filledListing, postListingForm, postListingJson, uploadPicture } from './support/listings.ts';

describe('photos are the uploader’s own', () => {
  const t = useTestApp();
  const cast = useCast(t);
  /** A picture the seller uploaded, which the other seller learns the id of from a listing's page. */
  let sellersPicture: Buffer;
  let sellersId: string;

  beforeAll(async () => {
    await insertCategories(t.app.db).catch(() => undefined);
    sellersPicture = await phoneJpeg(260, 190);
    sellersId = await uploadPicture(t, cast.seller.headers, sellersPicture);
  });

  const listingCount = async (sellerId: string) =>
    (await t.app.db.select({ id: products.id }).from(products).where(eq(products.sellerId, sellerId))).length;
  const putPhotos = (caller: Caller, productId: string, imageIds: string[]) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}/photos`,
      headers: caller.headers,
      payload: { imageIds },
    });
  const photoUrlsOf = async (productId: string) =>
    (
      await t.app.db
        .select({ url: productPhotos.imageUrl })
        .from(productPhotos)
        .where(eq(productPhotos.productId, productId))
        .orderBy(productPhotos.position)
    ).map((row) => row.url);

  it('records who uploaded a picture; the same picture from two people is a row for each', async () => {
    const rowsOf = () => t.app.db.select().from(imageUploads).where(eq(imageUploads.imageId, sellersId));
    expect((await rowsOf()).map((row) => row.uploaderId)).toEqual([cast.seller.id]);
    const picture = await phoneJpeg(261, 190);
    const id = await uploadPicture(t, cast.buyer.headers, picture);
    expect(await uploadPicture(t, cast.admin.headers, picture)).toBe(id);
    const rows = await t.app.db.select().from(imageUploads).where(eq(imageUploads.imageId, id));
    expect(rows.map((row) => row.uploaderId).sort()).toEqual([cast.buyer.id, cast.admin.id].sort());
  });

  it('Add Product refuses another person’s upload with 400 and lists nothing', async () => {
    const before = await listingCount(cast.otherSeller.id);
    for (const body of [{ imageIds: [sellersId] }, { imageId: sellersId }]) {
      const response = await postListingJson(t, cast.otherSeller.headers, { ...filledListing(), ...body });
      const field = 'imageIds' in body ? 'imageIds' : 'imageId';
      expectError(response, 400, {
        code: 'validation',
        message: photoMessages.notYours,
        fields: { [field]: photoMessages.notYours },
      });
    }
    // One own picture among others' is refused too.
    const own = await uploadPicture(t, cast.otherSeller.headers, await phoneJpeg(262, 190));
    expect(
      (await postListingJson(t, cast.otherSeller.headers, { ...filledListing(), imageIds: [own, sellersId] }))
        .statusCode,
    ).toBe(400);
    expect(await listingCount(cast.otherSeller.id)).toBe(before);
    // Their own upload of the very same picture is theirs to use.
    expect(await uploadPicture(t, cast.otherSeller.headers, sellersPicture)).toBe(sellersId);
    const listed = await postListingJson(t, cast.otherSeller.headers, {
      ...filledListing(),
      imageIds: [sellersId, own],
    });
    expect(listed.statusCode, listed.body).toBe(201);
  });

  it('a listing’s photo change refuses another person’s upload and keeps the photos; its own photos stay usable', async () => {
    // A listing whose picture was never uploaded through the API (as the demo's listings are).
    const stored = await storeImage(t.app.storage, await phoneJpeg(263, 190));
    const listing = await insertProduct(t.app.db, cast.seller.id, { imageUrl: stored.url });
    const strangers = await uploadPicture(t, cast.buyer.headers, await phoneJpeg(264, 190));
    const own = await uploadPicture(t, cast.seller.headers, await phoneJpeg(265, 190));

    expectError(await putPhotos(cast.seller, listing.id, [stored.id, strangers]), 400, {
      code: 'validation',
      message: photoMessages.notYours,
      fields: { imageIds: photoMessages.notYours },
    });
    expect(await photoUrlsOf(listing.id)).toEqual([]);
    const [row] = await t.app.db.select().from(products).where(eq(products.id, listing.id));
    expect(row!.imageUrl).toBe(stored.url);

    // Its current photo (uploaded by nobody) and the seller's own upload: accepted, in order.
    const changed = await putPhotos(cast.seller, listing.id, [own, stored.id]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(ProductWithPhotosSchema.parse(changed.json()).photos.map((photo) => photo.id)).toEqual([own, stored.id]);
  });

  it('a photo added from the multipart form is the seller’s own for the next listing', async () => {
    const picture = await phoneJpeg(266, 190);
    const created = await postListingForm(t, cast.otherSeller.headers, filledListing(), { bytes: picture });
    expect(created.statusCode, created.body).toBe(201);
    const id = ProductWithPhotosSchema.parse(created.json()).photos[0]!.id!;
    const again = await postListingJson(t, cast.otherSeller.headers, { ...filledListing(), imageIds: [id] });
    expect(again.statusCode, again.body).toBe(201);
    expect((await postListingJson(t, cast.seller.headers, { ...filledListing(), imageIds: [id] })).statusCode).toBe(
      400,
    );
  });

  it('the profile photo takes the person’s own upload or the photo they have, never someone else’s', async () => {
    const patchMe = (caller: Caller, imageId: string) =>
      t.app.inject({ method: 'PATCH', url: '/api/me', headers: caller.headers, payload: { imageId } });
    const imageOf = async (id: string) =>
      (
        await t.app.db
          .select({ url: users.imageUrl })
          .from(users)
          .where(and(eq(users.id, id)))
      )[0]!.url;

    const before = await imageOf(cast.buyer.id);
    expectError(await patchMe(cast.buyer, sellersId), 400, {
      code: 'validation',
      message: uploadMessages.notYourImage,
      fields: { imageId: uploadMessages.notYourImage },
    });
    expect(await imageOf(cast.buyer.id)).toBe(before);

    const own = await uploadPicture(t, cast.buyer.headers, await phoneJpeg(267, 190));
    expect((await patchMe(cast.buyer, own)).statusCode).toBe(200);
    // A photo someone has (set before uploads were recorded) stays theirs to keep.
    const stored = await storeImage(t.app.storage, await phoneJpeg(268, 190));
    await t.app.db.update(users).set({ imageUrl: stored.url }).where(eq(users.id, cast.otherBuyer.id));
    expect((await patchMe(cast.otherBuyer, stored.id)).statusCode).toBe(200);
  });
});
