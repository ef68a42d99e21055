/**
 * The buyer's wishlist: the heart on every card and My Wishlist. Adding and removing are
 * idempotent (a second click changes nothing and still succeeds). Only phones anyone may see can
 * be added; a phone removed later leaves the wishlist's views; a sold one stays, marked sold.
 */
import {
  buyingLimits,
  buyingMessages,
  listingMessages,
  type PageQuery,
  type WishlistIds,
  type WishlistPage,
} from '@recell/contract';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { productIdOf } from '../../lib/ids.ts';
import { toPublicProduct } from '../catalogue/index.ts';
import { findLiveProductSeller } from '../products/index.ts';
import * as repository from './wishlist.repository.ts';

const productNotFound = () => notFound(listingMessages.productNotFound);

export interface WishlistDeps {
  db: Database;
}

/** My Wishlist: live phones, newest added first, each with the buyer's latest open or paid order on it. */
export const listWishlist = async ({ db }: WishlistDeps, userId: string, query: PageQuery): Promise<WishlistPage> => {
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listItems(db, userId, { limit: query.limit + 1, after });
  const page = rows.slice(0, query.limit);
  const orders = new Map(
    (
      await repository.latestOrdersOn(
        db,
        userId,
        page.map((row) => row.id),
      )
    ).map((order) => [order.productId, { id: order.id, status: order.status }]),
  );
  return pageOf(
    rows,
    query.limit,
    (row) => ({
      product: toPublicProduct(row),
      addedAt: new Date(row.addedAt).toISOString(),
      order: orders.get(row.id) ?? null,
    }),
    (row) => ({ us: row.addedUs, id: row.id }),
  );
};

/** Every live phone of the wishlist, for the hearts. */
export const listWishlistIds = async ({ db }: WishlistDeps, userId: string): Promise<WishlistIds> => ({
  productIds: await repository.listLiveIds(db, userId, buyingLimits.wishlistMax),
});

/**
 * Adds a phone (for sale or sold) to the wishlist; already there is fine. An unknown or removed
 * phone is a 404; a wishlist of `buyingLimits.wishlistMax` live phones is full (409).
 */
export const addToWishlist = async ({ db }: WishlistDeps, userId: string, id: string): Promise<void> => {
  const productId = productIdOf(id);
  await db.transaction(async (tx) => {
    await repository.lockBuyerWishlist(tx, userId);
    if (!(await findLiveProductSeller(tx, productId))) throw productNotFound();
    if (await repository.isInWishlist(tx, userId, productId)) return;
    if ((await repository.countLiveItems(tx, userId)) >= buyingLimits.wishlistMax) {
      throw conflict(buyingMessages.wishlistFull);
    }
    await repository.insertItem(tx, userId, productId);
  });
};

/** Takes a phone out of the wishlist; not being there is fine (a malformed id is a 404). */
export const removeFromWishlist = async ({ db }: WishlistDeps, userId: string, id: string): Promise<void> => {
  await repository.deleteItem(db, userId, productIdOf(id));
};
