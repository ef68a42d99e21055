/**
 * The buyer's wishlist in the database: (user, phone) pairs with the time added. Phones that are
 * removed (or whose seller's account is gone) leave the wishlist's views but keep their rows.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { advertisements, orders, products, users, wishlist } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';
import { isLiveListing, publicProductColumns } from '../../db/public-listings.ts';

/** Any constant: the first key of the wishlist's advisory locks. */
const wishlistLockSpace = 73_052_155;

/**
 * Serialises wishlist changes of one buyer (a transaction-scoped advisory lock), so the size limit
 * holds when several hearts are clicked at once.
 */
export const lockBuyerWishlist = (tx: Executor, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(${wishlistLockSpace}::int, hashtext(${userId}))`);

export const isInWishlist = async (db: Executor, userId: string, productId: string) =>
  (
    await db
      .select({ productId: wishlist.productId })
      .from(wishlist)
      .where(and(eq(wishlist.userId, userId), eq(wishlist.productId, productId)))
      .limit(1)
  ).length > 0;

/** How many live phones the buyer's wishlist holds (removed ones do not count against the limit). */
export const countLiveItems = async (db: Executor, userId: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(wishlist)
      .innerJoin(products, eq(products.id, wishlist.productId))
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(and(eq(wishlist.userId, userId), isLiveListing))
  )[0]!.n;

/** Adds the phone; a phone already there keeps its place (the time it was first added). */
export const insertItem = (tx: Executor, userId: string, productId: string) =>
  tx.insert(wishlist).values({ userId, productId }).onConflictDoNothing();

export const deleteItem = (db: Executor, userId: string, productId: string) =>
  db.delete(wishlist).where(and(eq(wishlist.userId, userId), eq(wishlist.productId, productId)));

/** The wishlist's live phones, newest added first; keyset on (created_at, product_id). */
export const listItems = (db: Database, userId: string, opts: { limit: number; after?: NewestKey | undefined }) =>
  db
    .select({ ...publicProductColumns, addedAt: wishlist.createdAt, addedUs: microsOf(wishlist.createdAt) })
    .from(wishlist)
    .innerJoin(products, eq(products.id, wishlist.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(advertisements, eq(advertisements.productId, products.id))
    .where(
      and(
        eq(wishlist.userId, userId),
        isLiveListing,
        opts.after
          ? sql`(${wishlist.createdAt}, ${wishlist.productId}) < (${timestampOf(opts.after.us)}, ${opts.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${wishlist.createdAt} desc nulls last`, sql`${wishlist.productId} desc nulls last`)
    .limit(opts.limit);

/** The ids of every live phone in the wishlist, newest added first (at most `limit`). */
export const listLiveIds = async (db: Database, userId: string, limit: number) =>
  (
    await db
      .select({ id: wishlist.productId })
      .from(wishlist)
      .innerJoin(products, eq(products.id, wishlist.productId))
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(and(eq(wishlist.userId, userId), isLiveListing))
      .orderBy(sql`${wishlist.createdAt} desc nulls last`, sql`${wishlist.productId} desc nulls last`)
      .limit(limit)
  ).map((row) => row.id);

/** The buyer's latest order that is not cancelled on each of these phones. */
export const latestOrdersOn = (db: Database, buyerId: string, productIds: string[]) =>
  productIds.length === 0
    ? Promise.resolve([])
    : db
        .selectDistinctOn([orders.productId], { productId: orders.productId, id: orders.id, status: orders.status })
        .from(orders)
        .where(and(eq(orders.buyerId, buyerId), inArray(orders.productId, productIds), ne(orders.status, 'cancelled')))
        .orderBy(orders.productId, sql`${orders.createdAt} desc`, sql`${orders.id} desc`);
