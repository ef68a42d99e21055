/**
 * The buyer's wishlist: the heart toggles (add and remove, both idempotent), the ids for the
 * hearts, My Wishlist (newest first, removed phones left out, sold ones marked, the buyer's order
 * on each), the size limit, and who may do what. One buyer's actions never touch another's list.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buyingLimits,
  buyingMessages,
  ErrorBodySchema,
  listingMessages,
  messages,
  ProductSchema,
  WishlistIdsSchema,
  WishlistPageSchema,
} from '@recell/contract';
import { products, wishlist } from '../src/db/schema.ts';
import { disableUser, insertOrder } from './fixtures.ts';
import { callerWithRole, headersOf, useCast, type Caller } from './support/accounts.ts';
import { unknownId, useTestApp } from './support/api.ts';
import { addToWishlist, bookPhone, listPhone, sellDirectly, sellerPhoneOfListedPhones } from './support/buying.ts';
import { insertListings } from './support/listings.ts';

describe('wishlist', () => {
  const t = useTestApp();
  const cast = useCast(t);

  const removeFromWishlist = (caller: Caller | null, productId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/me/wishlist/${productId}`, headers: headersOf(caller) });
  const listOf = async (caller: Caller, query = 'limit=100') => {
    const response = await t.app.inject({ url: `/api/me/wishlist?${query}`, headers: caller.headers });
    expect(response.statusCode, response.body).toBe(200);
    return WishlistPageSchema.parse(response.json());
  };
  const idsOf = async (caller: Caller) => {
    const response = await t.app.inject({ url: '/api/me/wishlist/ids', headers: caller.headers });
    expect(response.statusCode, response.body).toBe(200);
    return WishlistIdsSchema.parse(response.json()).productIds;
  };
  const rowsOf = (caller: Caller) => t.app.db.select().from(wishlist).where(eq(wishlist.userId, caller.id));

  it('a heart adds a phone: it shows in My Wishlist and in the ids; a second click changes nothing', async () => {
    const me = await callerWithRole(t, 'user');
    const phone = await listPhone(t, cast.seller, { name: 'Hearted', priceCents: 30_000 });
    const added = await addToWishlist(t, me, phone.id);
    expect(added.statusCode, added.body).toBe(204);
    expect(added.body).toBe('');
    expect(await idsOf(me)).toEqual([phone.id]);
    const page = await listOf(me);
    expect(page.nextCursor).toBeNull();
    expect(page.items).toHaveLength(1);
    const [item] = page.items;
    expect(ProductSchema.parse(item!.product)).toMatchObject({
      id: phone.id,
      name: 'Hearted',
      priceCents: 30_000,
      status: 'available',
      isAdvertised: false,
      seller: { id: cast.seller.id, name: 'Marcus Bennett', isVerified: true },
    });
    expect(item!.order).toBeNull();
    expect(Math.abs(Date.parse(item!.addedAt) - Date.now())).toBeLessThan(60_000);
    expect(JSON.stringify(page)).not.toContain(sellerPhoneOfListedPhones);

    const again = await addToWishlist(t, me, phone.id);
    expect(again.statusCode).toBe(204);
    expect(await rowsOf(me)).toHaveLength(1);
    expect((await listOf(me)).items[0]!.addedAt).toBe(item!.addedAt);
  });

  it('the filled heart removes it; removing again is fine too', async () => {
    const me = await callerWithRole(t, 'user');
    const keep = await listPhone(t, cast.seller, { name: 'Keep' });
    const drop = await listPhone(t, cast.seller, { name: 'Drop' });
    for (const phone of [keep, drop]) expect((await addToWishlist(t, me, phone.id)).statusCode).toBe(204);
    const removed = await removeFromWishlist(me, drop.id);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await idsOf(me)).toEqual([keep.id]);
    expect((await listOf(me)).items.map((i) => i.product.name)).toEqual(['Keep']);
    expect((await removeFromWishlist(me, drop.id)).statusCode).toBe(204);
    expect((await removeFromWishlist(me, unknownId)).statusCode).toBe(204);
    expect(await rowsOf(me)).toHaveLength(1);
  });

  it('lists newest added first and pages with a cursor', async () => {
    const me = await callerWithRole(t, 'user');
    const names = ['One', 'Two', 'Three', 'Four', 'Five'];
    const phones = [];
    for (const [i, name] of names.entries()) {
      const phone = await listPhone(t, cast.seller, { name });
      phones.push(phone);
      // Added a minute apart, the fifth at the same moment as the fourth (the id breaks the tie).
      const createdAt = new Date(Date.UTC(2026, 0, 1, 10, Math.min(i, 3)));
      await t.app.db.insert(wishlist).values({ userId: me.id, productId: phone.id, createdAt });
    }
    const all = await listOf(me);
    expect(all.items.map((i) => i.product.name).slice(2)).toEqual(['Three', 'Two', 'One']);
    expect(new Set(all.items.slice(0, 2).map((i) => i.product.name))).toEqual(new Set(['Four', 'Five']));
    expect(await idsOf(me)).toEqual(all.items.map((i) => i.product.id));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listOf>> = await listOf(me, `limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.product.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((i) => i.product.name));
    expect((await t.app.inject({ url: '/api/me/wishlist?cursor=e30', headers: me.headers })).statusCode).toBe(400);
    expect(await listOf(await callerWithRole(t, 'user'))).toEqual({ items: [], nextCursor: null });
  });

  it('leaves out phones removed since (and a removed seller’s), keeps sold ones marked Sold, and shows the buyer’s order', async () => {
    const me = await callerWithRole(t, 'user');
    const gone = await callerWithRole(t, 'seller');
    const forSale = await listPhone(t, cast.seller, { name: 'For sale' });
    const booked = await listPhone(t, cast.seller, { name: 'Booked' });
    const soldToMe = await listPhone(t, cast.seller, { name: 'Sold to me' });
    const soldToOther = await listPhone(t, cast.seller, { name: 'Sold to someone else' });
    const removed = await listPhone(t, cast.seller, { name: 'Removed' });
    const ofRemovedSeller = await listPhone(t, gone, { name: 'Removed seller' });
    const cancelledOnly = await listPhone(t, cast.seller, { name: 'Cancelled order' });
    const all = [forSale, booked, soldToMe, soldToOther, removed, ofRemovedSeller, cancelledOnly];
    for (const phone of all) expect((await addToWishlist(t, me, phone.id)).statusCode).toBe(204);

    const order = await bookPhone(t, me, booked.id);
    const paid = await sellDirectly(t, soldToMe.id, me);
    await sellDirectly(t, soldToOther.id, cast.otherBuyer);
    await t.app.db.update(products).set({ status: 'removed' }).where(eq(products.id, removed.id));
    await disableUser(t.app.db, gone.id);
    await insertOrder(t.app.db, { productId: cancelledOnly.id, buyerId: me.id, status: 'cancelled' });
    // A later cancelled order on the same phone does not hide the paid one.
    await insertOrder(t.app.db, {
      productId: soldToMe.id,
      buyerId: me.id,
      status: 'cancelled',
      createdAt: new Date(Date.now() + 60_000),
    });

    const page = await listOf(me);
    const byName = Object.fromEntries(page.items.map((i) => [i.product.name, i]));
    expect(Object.keys(byName).sort()).toEqual(
      ['Booked', 'Cancelled order', 'For sale', 'Sold to me', 'Sold to someone else'].sort(),
    );
    expect(byName['For sale']).toMatchObject({ product: { status: 'available' }, order: null });
    expect(byName['Booked']).toMatchObject({
      product: { status: 'available' },
      order: { id: order.id, status: 'booked' },
    });
    expect(byName['Sold to me']).toMatchObject({ product: { status: 'sold' }, order: { id: paid.id, status: 'paid' } });
    expect(byName['Sold to someone else']).toMatchObject({ product: { status: 'sold' }, order: null });
    expect(byName['Cancelled order']).toMatchObject({ order: null });
    expect((await idsOf(me)).sort()).toEqual(page.items.map((i) => i.product.id).sort());
    // The rows of the removed phones are kept, and taking them out still works.
    expect(await rowsOf(me)).toHaveLength(all.length);
    expect((await removeFromWishlist(me, removed.id)).statusCode).toBe(204);
    expect(await rowsOf(me)).toHaveLength(all.length - 1);
  });

  it('adds only phones anyone may see: unknown, removed, a removed seller’s or malformed ids are 404', async () => {
    const me = await callerWithRole(t, 'user');
    const removed = await listPhone(t, cast.seller, { status: 'removed' });
    const gone = await callerWithRole(t, 'seller');
    const ofRemovedSeller = await listPhone(t, gone);
    await disableUser(t.app.db, gone.id);
    for (const id of [unknownId, removed.id, ofRemovedSeller.id, 'nope', '%27%3B--', 'x'.repeat(64)]) {
      const response = await addToWishlist(t, me, id);
      expect(response.statusCode, id).toBe(404);
      expect(ErrorBodySchema.parse(response.json()).error.message).toBe(listingMessages.productNotFound);
    }
    expect((await removeFromWishlist(me, 'nope')).statusCode).toBe(404);
    // A sold phone may be kept in mind.
    const sold = await listPhone(t, cast.seller, { status: 'sold' });
    expect((await addToWishlist(t, me, sold.id)).statusCode).toBe(204);
    expect(await idsOf(me)).toEqual([sold.id]);
  });

  it(`holds at most ${buyingLimits.wishlistMax} phones, removed ones not counted, also when hearts are clicked at once`, async () => {
    const me = await callerWithRole(t, 'user');
    const max = buyingLimits.wishlistMax;
    const phones = await insertListings(
      t.app.db,
      Array.from({ length: max + 5 }, (_, i) => ({ sellerId: cast.seller.id, name: `Bulk ${i}` })),
    );
    const [extra, ...rest] = phones.slice(max - 1);
    // max - 1 phones already in the list.
    await t.app.db.insert(wishlist).values(phones.slice(0, max - 1).map((p) => ({ userId: me.id, productId: p.id })));
    // Five hearts at once with room for one: exactly one gets in.
    const responses = await Promise.all(rest.map((p) => addToWishlist(t, me, p.id)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([204, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(ErrorBodySchema.parse(response.json()).error).toEqual({
        code: 'conflict',
        message: buyingMessages.wishlistFull,
      });
    }
    expect(await rowsOf(me)).toHaveLength(max);
    expect(await idsOf(me)).toHaveLength(max);
    // Full: another phone is refused, one already there is still fine.
    expect((await addToWishlist(t, me, extra!.id)).statusCode).toBe(409);
    expect((await addToWishlist(t, me, phones[0]!.id)).statusCode).toBe(204);
    // A phone removed from sale frees its place.
    await t.app.db.update(products).set({ status: 'removed' }).where(eq(products.id, phones[1]!.id));
    expect((await addToWishlist(t, me, extra!.id)).statusCode).toBe(204);
    expect(await idsOf(me)).toHaveLength(max);
    expect(
      (
        await t.app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(wishlist)
          .where(eq(wishlist.userId, me.id))
      )[0]!.n,
    ).toBe(max + 1);
  });

  it('one buyer’s clicks never touch another buyer’s wishlist', async () => {
    const mine = await callerWithRole(t, 'user');
    const theirs = await callerWithRole(t, 'user');
    const phone = await listPhone(t, cast.seller);
    expect((await addToWishlist(t, theirs, phone.id)).statusCode).toBe(204);
    expect(await listOf(mine)).toEqual({ items: [], nextCursor: null });
    expect(await idsOf(mine)).toEqual([]);
    expect((await removeFromWishlist(mine, phone.id)).statusCode).toBe(204);
    expect(await idsOf(theirs)).toEqual([phone.id]);
  });

  it('is for buyers only: anonymous 401, seller and admin 403, and nothing changes', async () => {
    const phone = await listPhone(t, cast.seller);
    const owner = await callerWithRole(t, 'user');
    expect((await addToWishlist(t, owner, phone.id)).statusCode).toBe(204);
    const requests = [
      { method: 'GET' as const, url: '/api/me/wishlist' },
      { method: 'GET' as const, url: '/api/me/wishlist/ids' },
      { method: 'PUT' as const, url: `/api/me/wishlist/${phone.id}` },
      { method: 'DELETE' as const, url: `/api/me/wishlist/${phone.id}` },
    ];
    for (const request of requests) {
      const anonymous = await t.app.inject(request);
      expect(anonymous.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(ErrorBodySchema.parse(anonymous.json()).error.message).toBe(messages.unauthorized);
      for (const caller of [cast.seller, cast.admin]) {
        const response = await t.app.inject({ ...request, headers: caller.headers });
        expect(response.statusCode, `${caller.role} ${request.method} ${request.url}`).toBe(403);
      }
    }
    expect(await t.app.db.select().from(wishlist).where(eq(wishlist.productId, phone.id))).toEqual([
      expect.objectContaining({ userId: owner.id }),
    ]);
  });
});
