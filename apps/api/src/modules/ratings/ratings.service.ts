/**
 * Ratings (docs/decisions/0044). The buyer of a completed order (paid, and the phone changed
 * hands: progress 'completed') rates its seller 1–5 stars once, with an optional comment; the
 * seller of that order replies once; an admin hides a comment (its stars still count) or shows it
 * again, audited. Someone else's order is a 404, as everywhere in orders. A refunded order cannot be
 * rated, and a rating given before its order was refunded leaves the seller's totals and public list
 * (docs/decisions/0052).
 */
import {
  adminAuditActions,
  buyingMessages,
  ratingMessages,
  type PageQuery,
  type RateSeller,
  type Rating,
  type RatingPage,
  type RatingReply,
} from '@recell/contract';
import type { Database, Executor } from '../../db/client.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import { conflict, notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { idOrNotFound, orderIdOf } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { isUniqueViolationOf } from '../../db/unique-violation.ts';
import { getSeller } from '../sellers/index.ts';
import { addToRatingTotals } from '../users/index.ts';
import * as repository from './ratings.repository.ts';

export interface RatingDeps {
  db: Database;
  /** A new rating changes its seller's summary on every card: the catalogue's page cache lets go. */
  listingsChanged: () => void;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The first word of a name: ratings name their buyer by first name only. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** A rating as anyone sees it: a hidden comment is never sent. */
export const toRating = (row: repository.RatingRow): Rating => ({
  id: row.id,
  orderId: row.orderId,
  stars: row.stars,
  comment: row.commentHiddenAt ? null : row.comment,
  isCommentHidden: row.commentHiddenAt !== null,
  reply: row.reply,
  repliedAt: row.repliedAt ? iso(row.repliedAt) : null,
  createdAt: iso(row.createdAt),
  buyerName: firstName(row.buyerName),
  productName: row.productName,
});

/** For My Orders and My Sales: each order's rating, and whether its buyer may rate it now. */
export const ratingsOfOrders = async (db: Database, orderIds: string[]) => {
  const { completed, byOrder } = await repository.ratingsOfOrders(db, orderIds);
  return {
    ratingOf: (orderId: string): Rating | null => {
      const row = byOrder.get(orderId);
      return row ? toRating(row) : null;
    },
    canRate: (orderId: string) => completed.has(orderId) && !byOrder.has(orderId),
  };
};

const orderNotFound = () => notFound(buyingMessages.orderNotFound);

const ratingOfOrder = async (db: Database, orderId: string) => {
  const row = await repository.findRating(db, { orderId });
  if (!row) throw conflict(ratingMessages.noRatingYet);
  return toRating(row);
};

/**
 * The buyer rates the seller of a completed order, once. Another buyer's order, or none, is a 404;
 * an order not completed (booked, cancelled, paid but not handed over) or refunded a 409; a second
 * rating a 409, also when two arrive at once (ratings_order_key decides).
 */
export const rateSeller = async (deps: RatingDeps, buyer: AuthUser, id: string, body: RateSeller): Promise<Rating> => {
  const orderId = orderIdOf(id);
  try {
    await shortTransaction(deps.db, async (tx) => {
      const order = await repository.lockOrderForRating(tx, orderId);
      if (!order || order.buyerId !== buyer.id) throw orderNotFound();
      if (order.status !== 'paid' || order.progress !== 'completed') throw conflict(ratingMessages.notCompleted);
      if (order.refundedAt !== null) throw conflict(ratingMessages.refunded);
      await repository.insertRating(tx, {
        orderId,
        sellerId: order.sellerId,
        buyerId: buyer.id,
        stars: body.stars,
        comment: body.comment ?? null,
      });
      await addToRatingTotals(tx, order.sellerId, body.stars);
    });
  } catch (error) {
    if (isUniqueViolationOf(error, 'ratings_order_key')) throw conflict(ratingMessages.alreadyRated);
    throw error;
  }
  deps.listingsChanged();
  return ratingOfOrder(deps.db, orderId);
};

/** The order's seller replies to its rating, once. Someone else's order is a 404. */
export const replyToRating = async (
  deps: RatingDeps,
  seller: AuthUser,
  id: string,
  body: RatingReply,
): Promise<Rating> => {
  const orderId = orderIdOf(id);
  const order = await repository.findOrderForRating(deps.db, orderId);
  if (!order || order.sellerId !== seller.id) throw orderNotFound();
  if (!(await repository.setReply(deps.db, orderId, body.reply))) {
    // Either there is no rating to reply to, or the one reply is there already.
    await ratingOfOrder(deps.db, orderId);
    throw conflict(ratingMessages.alreadyReplied);
  }
  return ratingOfOrder(deps.db, orderId);
};

/** An active seller's ratings, newest first; an unknown, non-seller or disabled account is a 404. */
export const listSellerRatings = async (db: Database, id: string, query: PageQuery): Promise<RatingPage> => {
  const seller = await getSeller(db, id);
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listSellerRatings(db, seller.id, { limit: query.limit + 1, after });
  return pageOf(rows, query.limit, toRating, (row) => ({ us: row.us, id: row.id }));
};

/**
 * An admin hides a rating's comment (`hidden`) or shows it again; the stars are untouched. Doing
 * what is already done changes nothing and records nothing; a change is audited in its transaction.
 */
export const setCommentHidden = async (
  deps: RatingDeps,
  admin: AuthUser,
  id: string,
  hidden: boolean,
): Promise<Rating> => {
  const ratingId = idOrNotFound(id, ratingMessages.ratingNotFound);
  await shortTransaction(deps.db, async (tx) => {
    const rating = await repository.findRating(tx, { id: ratingId });
    if (!rating) throw notFound(ratingMessages.ratingNotFound);
    if (rating.comment === null) throw conflict(ratingMessages.noComment);
    if (!(await repository.setCommentHidden(tx, ratingId, hidden ? admin.id : null))) return;
    await insertAuditEntry(tx, {
      actorId: admin.id,
      action: hidden ? adminAuditActions.ratingCommentHidden : adminAuditActions.ratingCommentShown,
      subjectType: 'rating',
      subjectId: ratingId,
      detail: { sellerId: rating.sellerId, orderId: rating.orderId, stars: rating.stars, comment: rating.comment },
    });
  });
  const row = await repository.findRating(deps.db, { id: ratingId });
  return toRating(row!);
};

/**
 * The order was refunded: its rating (if any) leaves its seller's totals, in the refund's
 * transaction (which updated the order's row first, so a rating of it being written now has
 * committed, or will see the refund). Called once per order: a refund is recorded once.
 */
export const excludeRatingOfRefundedOrder = async (tx: Executor, orderId: string): Promise<boolean> => {
  const rating = await repository.findRatingOfOrder(tx, orderId);
  if (!rating) return false;
  await addToRatingTotals(tx, rating.sellerId, rating.stars, -1);
  return true;
};
