/**
 * Ratings in the database, and the seller's running totals on their user row (rating_count,
 * rating_sum), changed only here and only in the transaction of the rating that changes them.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { orders, products, ratings, users } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';

/** What every view of a rating shows: the buyer's first name and the phone's name come along. */
const ratingColumns = {
  id: ratings.id,
  orderId: ratings.orderId,
  sellerId: ratings.sellerId,
  buyerId: ratings.buyerId,
  stars: ratings.stars,
  comment: ratings.comment,
  reply: ratings.reply,
  repliedAt: ratings.repliedAt,
  commentHiddenAt: ratings.commentHiddenAt,
  createdAt: ratings.createdAt,
  buyerName: users.name,
  productName: products.name,
  us: microsOf(ratings.createdAt),
};

export type RatingRow = {
  id: string;
  orderId: string;
  sellerId: string;
  buyerId: string;
  stars: number;
  comment: string | null;
  reply: string | null;
  repliedAt: Date | string | null;
  commentHiddenAt: Date | string | null;
  createdAt: Date | string;
  buyerName: string;
  productName: string;
  us: string;
};

const selectRatings = (db: Executor) =>
  db
    .select(ratingColumns)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.buyerId))
    .innerJoin(orders, eq(orders.id, ratings.orderId))
    .innerJoin(products, eq(products.id, orders.productId));

/** A rating by its id or by its order's id. */
export const findRating = async (db: Executor, by: { id: string } | { orderId: string }) => {
  const [row] = await selectRatings(db)
    .where('id' in by ? eq(ratings.id, by.id) : eq(ratings.orderId, by.orderId))
    .limit(1);
  return row as RatingRow | undefined;
};

/** The ratings of these orders (My Orders, My Sales), with whether each order is completed (and not refunded). */
export const ratingsOfOrders = async (db: Executor, orderIds: string[]) => {
  if (orderIds.length === 0) return { completed: new Set<string>(), byOrder: new Map<string, RatingRow>() };
  const [done, rows] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.id, orderIds),
          eq(orders.status, 'paid'),
          eq(orders.progress, 'completed'),
          isNull(orders.refundedAt),
        ),
      ),
    selectRatings(db).where(inArray(ratings.orderId, orderIds)),
  ]);
  return {
    completed: new Set(done.map((row) => row.id)),
    byOrder: new Map((rows as RatingRow[]).map((row) => [row.orderId, row])),
  };
};

/**
 * A seller's ratings, newest first (ratings_seller_newest_idx); keyset on (created_at, id). A
 * refunded order's rating is left out, as it is of the seller's totals.
 */
export const listSellerRatings = async (
  db: Database,
  sellerId: string,
  opts: { limit: number; after?: NewestKey | undefined },
) =>
  (await selectRatings(db)
    .where(
      and(
        eq(ratings.sellerId, sellerId),
        isNull(orders.refundedAt),
        opts.after
          ? sql`(${ratings.createdAt}, ${ratings.id}) < (${timestampOf(opts.after.us)}, ${opts.after.id}::uuid)`
          : undefined,
      ),
    )
    // As ratings_seller_newest_idx is sorted (DESC NULLS LAST), so it serves the order.
    .orderBy(sql`${ratings.createdAt} desc nulls last`, sql`${ratings.id} desc nulls last`)
    .limit(opts.limit)) as RatingRow[];

const orderForRatingColumns = {
  id: orders.id,
  buyerId: orders.buyerId,
  sellerId: products.sellerId,
  status: orders.status,
  progress: orders.progress,
  refundedAt: orders.refundedAt,
};

/** An order with what rating it needs: who bought, who sold, whether it is completed or refunded. */
export const findOrderForRating = async (db: Executor, orderId: string) => {
  const [row] = await db
    .select(orderForRatingColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
};

/**
 * The same, with the order's row share-locked for the rating's transaction: a refund being recorded
 * (which updates the row) waits for the rating to commit and then takes it out of the totals, and a
 * rating after a committed refund sees `refundedAt`.
 */
export const lockOrderForRating = async (tx: Executor, orderId: string) => {
  const [row] = await tx
    .select(orderForRatingColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
    .for('share', { of: orders });
  return row;
};

/** The rating of an order, if any: who it rates and how many stars (a refund takes it out of the totals). */
export const findRatingOfOrder = async (tx: Executor, orderId: string) => {
  const [row] = await tx
    .select({ sellerId: ratings.sellerId, stars: ratings.stars })
    .from(ratings)
    .where(eq(ratings.orderId, orderId))
    .limit(1);
  return row;
};

/**
 * Records the rating, in the caller's transaction. A second rating of the order fails on
 * ratings_order_key (the later of two concurrent inserts waits for the first to commit, then fails).
 */
export const insertRating = async (
  tx: Executor,
  values: { orderId: string; sellerId: string; buyerId: string; stars: number; comment: string | null },
) => {
  const [row] = await tx.insert(ratings).values(values).returning({ id: ratings.id });
  return row!.id;
};

/** Sets the seller's reply if there is none yet; false when there already is one (or no rating). */
export const setReply = async (tx: Executor, orderId: string, reply: string) => {
  const rows = await tx
    .update(ratings)
    .set({ reply, repliedAt: sql`now()` })
    .where(and(eq(ratings.orderId, orderId), isNull(ratings.reply)))
    .returning({ id: ratings.id });
  return rows.length > 0;
};

/** Hides a comment (or shows it again); returns whether it changed. */
export const setCommentHidden = async (tx: Executor, id: string, hiddenBy: string | null) => {
  const rows = await tx
    .update(ratings)
    .set(
      hiddenBy
        ? { commentHiddenAt: sql`now()`, commentHiddenBy: hiddenBy }
        : { commentHiddenAt: null, commentHiddenBy: null },
    )
    .where(
      and(eq(ratings.id, id), hiddenBy ? isNull(ratings.commentHiddenAt) : sql`${ratings.commentHiddenAt} is not null`),
    )
    .returning({ id: ratings.id });
  return rows.length > 0;
};
