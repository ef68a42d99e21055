/**
 * Booking and the lists built on orders (docs/product.md, States and rules). A buyer books a phone that is
 * for sale and not their own, at most once while the order is open; the order keeps the phone's
 * price at that moment, which is what a payment charges (never a price from the client). A buyer
 * sees only their own orders (anyone else's is a 404); deleting an unpaid order cancels it (order
 * rows are money records and stay). A seller sees the orders on their phones (My Sales).
 */
import {
  addressMessages,
  buyingLimits,
  buyingMessages,
  listingMessages,
  notices,
  orderPagePath,
  paymentMessages,
  type BookedProductIds,
  type Booking,
  type Order,
  type OrderPage,
  type OrderProduct,
  type PageQuery,
  type Sale,
  type SalePage,
  type ShippingPaidBy,
} from '@recell/contract';
import type { Database, Executor } from '../../db/client.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import { isUniqueViolationOf } from '../../db/unique-violation.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { orderIdOf } from '../../lib/ids.ts';
import type { ShippingPort } from '../../adapters/shipping/index.ts';
import { shipFromAddressOf, shippingAddressOf } from '../addresses/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { findLiveProductSeller, lockProductForBooking } from '../products/index.ts';
import { ratingsOfOrders } from '../ratings/index.ts';
import { cheapestShippingCents } from './order-shipping.carrier.ts';
import * as repository from './orders.repository.ts';
import { latestProblemsOf, type ProblemRow } from './order-progress.repository.ts';
import { canReportProblem, progressFieldsOf } from './order-progress.view.ts';

/**
 * The card side of cancelling an order, handed in by the payments module. Payments use orders
 * (a sale marks its order paid), so orders never import payments (docs/ARCHITECTURE.md).
 */
export interface OrderCardRelease {
  /** Whether the order's card is being captured right now (its sale is under way). */
  isBeingCaptured: (tx: Executor, orderId: string) => Promise<boolean>;
  /** Lists the order's card authorisation for release, inside the cancelling transaction. */
  queue: (tx: Executor, release: { paymentIntentId: string; orderId: string }) => Promise<void>;
  /** Releases it after the commit; a failure stays listed for the reconcile job. Never throws. */
  releaseNow: (paymentIntentId: string) => Promise<unknown>;
}

/** What orders need; `cardRelease` only to cancel one, `shipping` only to book with shipping. */
export interface OrderDeps {
  db: Database;
  /** The site's address, for the links in notification emails. */
  publicUrl: string;
  /** Says that committed emails wait in the outbox (a booking notifies the seller). */
  emailsQueued?: () => void;
  /** The clock (tests move it). */
  now?: () => Date;
  cardRelease: OrderCardRelease;
  /** The carrier that quotes a booking's shipping, and who pays for it (`SHIPPING_PAID_BY`). */
  shipping?: { port: ShippingPort; paidBy: ShippingPaidBy };
}

const orderNotFound = () => notFound(buyingMessages.orderNotFound);

/** The key of an order row on a newest-first page. */
const orderKey = (row: { us: string; id: string }) => ({ us: row.us, id: row.id });

const toOrderProduct = (product: repository.BuyerOrderRow['product']): OrderProduct => ({
  ...product,
  categoryId: product.categoryId as OrderProduct['categoryId'],
});

/**
 * An order as its buyer sees it. It can be paid while it is booked and its phone is still for
 * sale by an active seller; a phone sold to someone else shows 'sold' and cannot be paid.
 */
const toOrder = (
  row: repository.BuyerOrderRow,
  problem: ProblemRow | undefined,
  now: Date,
  ratings: OrderRatings,
): Order => ({
  id: row.id,
  status: row.status,
  priceCents: row.priceCents,
  phone: row.phone,
  location: row.location,
  delivery: row.deliveryMethod,
  shipTo: repository.shipToOf(row.shipTo),
  transactionId: row.transactionId,
  createdAt: new Date(row.createdAt).toISOString(),
  paidAt: row.paidAt ? new Date(row.paidAt).toISOString() : null,
  canPay: row.status === 'booked' && row.product.status === 'available' && !row.seller.isDisabled,
  ...progressFieldsOf(row, problem),
  canReportProblem: canReportProblem(row, problem, now),
  product: toOrderProduct(row.product),
  seller: {
    id: row.seller.id,
    name: row.seller.name,
    email: row.seller.email,
    isVerified: row.seller.isVerified,
  },
  canRate: ratings.canRate(row.id),
  rating: ratings.ratingOf(row.id),
});

type OrderRatings = Awaited<ReturnType<typeof ratingsOfOrders>>;

/**
 * Books a phone for the buyer at its current price, refused as its route describes; a removed
 * seller's phone counts as removed, and when two requests race the database's unique index decides.
 * A shipped order keeps a copy of the buyer's address (removed since, or someone else's: refused),
 * and no phone number or meeting place of its own.
 */
export const bookProduct = async (
  deps: OrderDeps,
  buyer: AuthUser,
  booking: Booking,
  /** Set when this request repeats one (same Idempotency-Key) that never answered: its booking stands. */
  repeatSince?: Date,
): Promise<Order> => {
  const productId = booking.productId.toLowerCase();
  const earlier = repeatSince && (await repository.findOpenOrderIdSince(deps.db, buyer.id, productId, repeatSince));
  if (earlier) return getOrder(deps, buyer.id, earlier);
  // Quoted before the booking's transaction: no transaction is open during the carrier's call.
  const shippingTerms = booking.delivery === 'shipping' ? await shippingTermsOf(deps, buyer.id, booking) : null;
  let orderId: string;
  try {
    orderId = await deps.db.transaction(async (tx) => {
      const product = await lockProductForBooking(tx, productId);
      if (!product) throw notFound(listingMessages.productNotFound);
      if (product.status !== 'available' || product.sellerDisabledAt) throw conflict(buyingMessages.productNotForSale);
      if (product.sellerId === buyer.id) throw conflict(buyingMessages.ownProduct);
      if (await repository.findOpenOrderId(tx, buyer.id, productId)) throw conflict(buyingMessages.alreadyBooked);
      const delivery = await deliveryOf(tx, buyer.id, booking);
      const id = await repository.insertOrder(tx, {
        productId,
        buyerId: buyer.id,
        priceCents: product.priceCents,
        ...delivery,
        ...(shippingTerms ?? {}),
      });
      await notify(tx, deps, {
        userId: product.sellerId,
        kind: 'order_booked',
        ...notices.orderBooked(product.name),
        link: orderPagePath(id),
      });
      return id;
    });
    deps.emailsQueued?.();
  } catch (error) {
    if (isUniqueViolationOf(error, 'orders_one_open_per_buyer_key')) {
      throw conflict(buyingMessages.alreadyBooked);
    }
    throw error;
  }
  return getOrder(deps, buyer.id, orderId);
};

/**
 * Who pays a shipped booking's shipping, frozen on the order (decision 0076), and how much when
 * the buyer does: the carrier's cheapest rate from the seller's ship-from address to the buyer's.
 * A seller with no ship-from address cannot ship (409); the booking's own checks (the phone for
 * sale, not the buyer's own, the address the buyer's) answer as usual.
 */
const shippingTermsOf = async (
  deps: OrderDeps,
  buyerId: string,
  booking: Booking & { delivery: 'shipping' },
): Promise<{ shippingPaidBy: ShippingPaidBy; shippingCents: number | null } | null> => {
  const product = await findLiveProductSeller(deps.db, booking.productId.toLowerCase());
  if (!product || product.sellerId === buyerId || !deps.shipping) return null;
  const to = await shippingAddressOf(deps.db, buyerId, booking.addressId);
  // Removed, or someone else's: the booking's transaction refuses it in its words.
  if (!to) return null;
  const from = await shipFromAddressOf(deps.db, product.sellerId);
  if (!from) throw conflict(buyingMessages.sellerDoesNotShip);
  if (deps.shipping.paidBy === 'seller') return { shippingPaidBy: 'seller', shippingCents: null };
  return { shippingPaidBy: 'buyer', shippingCents: await cheapestShippingCents(deps.shipping.port, from, to.copy) };
};
/** The order's delivery columns: the meeting as booked, or a copy of one of the buyer's live addresses. */
const deliveryOf = async (tx: Executor, buyerId: string, booking: Booking) => {
  if (booking.delivery !== 'shipping') {
    return { deliveryMethod: 'meeting' as const, phone: booking.phone, location: booking.location };
  }
  const address = await shippingAddressOf(tx, buyerId, booking.addressId);
  if (!address) {
    throw badRequest(addressMessages.shippingAddressUnavailable, {
      addressId: addressMessages.shippingAddressUnavailable,
    });
  }
  return {
    deliveryMethod: 'shipping' as const,
    phone: '',
    location: '',
    shipTo: address.copy,
    shipToAddressId: address.addressId,
  };
};

/** One of the buyer's orders (not cancelled); anyone else's, or none, is a 404. */
export const getOrder = async (
  { db, now }: Pick<OrderDeps, 'db' | 'now'>,
  buyerId: string,
  id: string,
): Promise<Order> => {
  const row = await repository.findBuyerOrder(db, buyerId, orderIdOf(id));
  if (!row) throw orderNotFound();
  const [problems, ratings] = await Promise.all([latestProblemsOf(db, [row.id]), ratingsOfOrders(db, [row.id])]);
  return toOrder(row, problems.get(row.id), now?.() ?? new Date(), ratings);
};

/** My Orders: the buyer's booked and paid orders, newest first. */
export const listMyOrders = async ({ db, now }: OrderDeps, buyerId: string, query: PageQuery): Promise<OrderPage> => {
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listBuyerOrders(db, buyerId, { limit: query.limit + 1, after });
  const ids = rows.slice(0, query.limit).map((row) => row.id);
  const [problems, ratings] = await Promise.all([latestProblemsOf(db, ids), ratingsOfOrders(db, ids)]);
  const at = now?.() ?? new Date();
  return pageOf(rows, query.limit, (row) => toOrder(row, problems.get(row.id), at, ratings), orderKey);
};

/** The phones the buyer has booked or paid for: the Booked marks on cards. */
export const listBookedProductIds = async ({ db }: OrderDeps, buyerId: string): Promise<BookedProductIds> => ({
  productIds: await repository.listOpenOrderProductIds(db, buyerId, buyingLimits.bookedIdsMax),
});

/**
 * The buyer deletes an unpaid order: it is cancelled (kept as a record), with an audit entry, in
 * one transaction that waits for a payment of the same order in flight. Its card authorisation, if
 * any, is listed for release in the same transaction and released at once after it (a failure is
 * retried by the payments reconcile job). A paid order cannot be removed (409), nor one whose
 * payment is being completed (409); a cancelled one, or another buyer's, is a 404.
 */
export const cancelOrder = async (deps: OrderDeps, buyer: AuthUser, id: string): Promise<void> => {
  const orderId = orderIdOf(id);
  const releaseId = await shortTransaction(deps.db, async (tx) => {
    const order = await repository.lockBuyerOrder(tx, buyer.id, orderId);
    if (!order || order.status === 'cancelled') throw orderNotFound();
    if (order.status === 'paid') throw conflict(buyingMessages.paidOrderCannotBeRemoved);
    // The card is being captured for this order: the sale finishes first.
    if (await deps.cardRelease.isBeingCaptured(tx, orderId)) throw conflict(paymentMessages.paymentInProgress);
    await repository.markCancelled(tx, orderId);
    await insertAuditEntry(tx, {
      actorId: buyer.id,
      action: 'order.cancelled',
      subjectType: 'order',
      subjectId: orderId,
      detail: { by: 'buyer', productId: order.productId, priceCents: order.priceCents },
    });
    if (!order.paymentIntentId) return null;
    await deps.cardRelease.queue(tx, { paymentIntentId: order.paymentIntentId, orderId });
    return order.paymentIntentId;
  });
  if (releaseId) await deps.cardRelease.releaseNow(releaseId);
};

/** My Sales: booked and paid orders on the seller's phones, newest first, with who booked them. */
export const listMySales = async ({ db }: OrderDeps, sellerId: string, query: PageQuery): Promise<SalePage> => {
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listSellerSales(db, sellerId, { limit: query.limit + 1, after });
  const ids = rows.slice(0, query.limit).map((row) => row.id);
  const [problems, ratings] = await Promise.all([latestProblemsOf(db, ids), ratingsOfOrders(db, ids)]);
  return pageOf(rows, query.limit, (row) => toSale(row, problems.get(row.id), ratings), orderKey);
};

/** A sale as its seller sees it. */
const toSale = (row: repository.SaleRow, problem: ProblemRow | undefined, ratings: OrderRatings): Sale => ({
  id: row.id,
  status: row.status,
  priceCents: row.priceCents,
  createdAt: new Date(row.createdAt).toISOString(),
  paidAt: row.paidAt ? new Date(row.paidAt).toISOString() : null,
  ...progressFieldsOf(row, problem),
  product: toOrderProduct(row.product),
  buyer: row.buyer,
  delivery: row.deliveryMethod,
  shipTo: repository.shipToOf(row.shipTo),
  rating: ratings.ratingOf(row.id),
});

/** One sale of the seller's (booked or paid); anyone else's, or none, is a 404. */
export const getSale = async ({ db }: Pick<OrderDeps, 'db'>, sellerId: string, id: string): Promise<Sale> => {
  const row = await repository.findSellerSale(db, sellerId, orderIdOf(id));
  if (!row) throw orderNotFound();
  const [problems, ratings] = await Promise.all([latestProblemsOf(db, [row.id]), ratingsOfOrders(db, [row.id])]);
  return toSale(row, problems.get(row.id), ratings);
};
