/**
 * Orders in the database, and the one home of every change of an order's state: booked,
 * cancelled (by its buyer, or with a removed account), given a payment intent, paid (the sale).
 * Order rows are never deleted (they are money records); a buyer's delete cancels.
 */
import { and, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { addBusinessDays } from '@recell/contract';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { orders, products, users, type OrderShipTo } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';

/** The buyer's open (booked) order on the phone, if any. */
export const findOpenOrderId = async (db: Executor, buyerId: string, productId: string) => {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.productId, productId), eq(orders.status, 'booked')))
    .limit(1);
  return row?.id;
};

/** The buyer's open order of this phone booked at `since` or later (an earlier request's, when a repeat runs). */
export const findOpenOrderIdSince = async (db: Executor, buyerId: string, productId: string, since: Date) => {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.buyerId, buyerId),
        eq(orders.productId, productId),
        eq(orders.status, 'booked'),
        gte(orders.createdAt, since),
      ),
    )
    .limit(1);
  return row?.id;
};

export type NewOrder = Pick<
  typeof orders.$inferInsert,
  'productId' | 'buyerId' | 'phone' | 'location' | 'priceCents' | 'deliveryMethod' | 'shipTo' | 'shipToAddressId'
>;

/** Books the phone ('booked'); returns the order's id. */
export const insertOrder = async (tx: Executor, values: NewOrder): Promise<string> => {
  const [row] = await tx
    .insert(orders)
    .values({ ...values, status: 'booked' })
    .returning({ id: orders.id });
  return row!.id;
};

/** A paid order's progress (docs/decisions/0042). */
const progressColumns = {
  progress: orders.progress,
  isShipped: orders.isShipped,
  handedOverAt: orders.handedOverAt,
  trackingNote: orders.trackingNote,
  completedAt: orders.completedAt,
  refundedAt: orders.refundedAt,
  trackerId: orders.trackerId,
  deliveredAt: orders.deliveredAt,
};

/**
 * An order as its buyer sees it: the booking, the phone as it is now (sold, removed), and the
 * seller (never their phone number: the meeting is arranged in the order's messages).
 */
const buyerOrderColumns = {
  id: orders.id,
  status: orders.status,
  priceCents: orders.priceCents,
  phone: orders.phone,
  location: orders.location,
  deliveryMethod: orders.deliveryMethod,
  shipTo: orders.shipTo,
  transactionId: orders.transactionId,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  ...progressColumns,
  us: microsOf(orders.createdAt),
  product: {
    id: products.id,
    categoryId: products.categoryId,
    name: products.name,
    brand: products.brand,
    model: products.model,
    imageUrl: products.imageUrl,
    priceCents: products.priceCents,
    originalPriceCents: products.originalPriceCents,
    location: products.location,
    status: products.status,
  },
  seller: {
    id: users.id,
    name: users.name,
    email: users.email,
    isVerified: users.verified,
    isDisabled: sql<boolean>`${users.disabledAt} is not null`,
  },
};

export type BuyerOrderRow = Awaited<ReturnType<typeof listBuyerOrders>>[number];

/** Rows after `key` in newest-first order. */
const afterOrder = (key: NewestKey | undefined) =>
  key ? sql`(${orders.createdAt}, ${orders.id}) < (${timestampOf(key.us)}, ${key.id}::uuid)` : undefined;

const newestOrderFirst = [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`];

/** My Orders: the buyer's booked and paid orders, newest first (orders_buyer_idx); keyset on (created_at, id). */
export const listBuyerOrders = (
  db: Database,
  buyerId: string,
  opts: { limit: number; after?: NewestKey | undefined },
) =>
  db
    .select(buyerOrderColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(orders.buyerId, buyerId), ne(orders.status, 'cancelled'), afterOrder(opts.after)))
    .orderBy(...newestOrderFirst)
    .limit(opts.limit);

/** The phones of the buyer's newest open (booked or paid) orders, at most `limit`. */
export const listOpenOrderProductIds = async (db: Database, buyerId: string, limit: number) =>
  (
    await db
      .select({ productId: orders.productId })
      .from(orders)
      .where(and(eq(orders.buyerId, buyerId), ne(orders.status, 'cancelled')))
      .orderBy(...newestOrderFirst)
      .limit(limit)
  ).map((row) => row.productId);

/** One of the buyer's orders that is not cancelled; undefined for anyone else's. */
export const findBuyerOrder = async (db: Executor, buyerId: string, orderId: string) => {
  const [row] = await db
    .select(buyerOrderColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId), ne(orders.status, 'cancelled')))
    .limit(1);
  return row;
};

/** Locks the buyer's order for a change of state (cancel); concurrent changes (a payment) wait. */
export const lockBuyerOrder = async (tx: Executor, buyerId: string, orderId: string) => {
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      productId: orders.productId,
      priceCents: orders.priceCents,
      paymentIntentId: orders.paymentIntentId,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
    .for('update');
  return row;
};

export const markCancelled = (tx: Executor, orderId: string) =>
  tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));

/** Cancels a buyer's open (booked, unpaid) orders; paid ones are money records and stay. */
export const cancelOpenOrdersOf = async (tx: Executor, buyerId: string) =>
  (
    await tx
      .update(orders)
      .set({ status: 'cancelled' })
      .where(and(eq(orders.buyerId, buyerId), eq(orders.status, 'booked')))
      .returning({ id: orders.id })
  ).length;

/** Locks the order for the sale (after its phone: the sale's lock order). */
export const lockOrder = async (tx: Executor, orderId: string) => {
  const [row] = await tx
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      productId: orders.productId,
      status: orders.status,
      priceCents: orders.priceCents,
      buyerFeeCents: orders.buyerFeeCents,
      shippingCents: orders.shippingCents,
      transactionId: orders.transactionId,
      paymentIntentId: orders.paymentIntentId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row;
};

/**
 * Stores a new intent on the order only while it is booked and still has the intent it replaces
 * (or already this one: the processor's idempotency gave two requests the same); false when another
 * request changed it first.
 */
export const replacePaymentIntent = async (
  db: Executor,
  orderId: string,
  previousId: string | null,
  paymentIntentId: string,
  buyerFeeCents: number,
) =>
  (
    await db
      .update(orders)
      // The buyer's fee goes with the intent that charges it: frozen with the payment.
      .set({ paymentIntentId, buyerFeeCents })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, 'booked'),
          or(
            previousId === null ? isNull(orders.paymentIntentId) : eq(orders.paymentIntentId, previousId),
            eq(orders.paymentIntentId, paymentIntentId),
          ),
        ),
      )
      .returning({ id: orders.id })
  ).length > 0;

/** The sale is recorded: paid now, with the marketplace's fee frozen on the order. */
/** A demo sale's fee, frozen on its order as a real sale's is (the seed writes the order itself). */
export const freezeSellerFee = (tx: Executor, orderId: string, sellerFeeCents: number) =>
  tx.update(orders).set({ sellerFeeCents }).where(eq(orders.id, orderId));

/**
 * An order booked with shipping gets its ship-by deadline from the payment's time: the carrier's
 * first scan is due `shipByBusinessDays` business days later (docs/decisions/0075).
 */
export const markPaid = async (
  tx: Executor,
  orderId: string,
  transactionId: string,
  sellerFeeCents: number,
  shipByBusinessDays: number,
) => {
  const [paid] = await tx
    .update(orders)
    .set({ status: 'paid', transactionId, paymentIntentId: transactionId, paidAt: sql`now()`, sellerFeeCents })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'booked')))
    .returning({ paidAt: orders.paidAt, deliveryMethod: orders.deliveryMethod });
  if (paid?.deliveryMethod === 'shipping' && paid.paidAt) {
    const shipBy = addBusinessDays(new Date(paid.paidAt), shipByBusinessDays);
    await tx.update(orders).set({ shipBy }).where(eq(orders.id, orderId));
  }
};

const buyers = alias(users, 'buyer');

/**
 * Where a shipped order goes, as its parties see it: the copy kept at booking without the phone
 * number the carrier may need (the seller sees the buyer's number only where My Sales shows the
 * booking's: docs/decisions/0066) and without the carrier's id. Null for a meeting.
 */
export const shipToOf = (copy: OrderShipTo | null) =>
  copy
    ? {
        name: copy.name,
        line1: copy.line1,
        line2: copy.line2,
        city: copy.city,
        region: copy.region,
        postalCode: copy.postalCode,
        country: copy.country,
      }
    : null;

const saleColumns = {
  id: orders.id,
  status: orders.status,
  priceCents: orders.priceCents,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  ...progressColumns,
  us: microsOf(orders.createdAt),
  product: buyerOrderColumns.product,
  buyer: {
    id: buyers.id,
    name: buyers.name,
    email: buyers.email,
    phone: orders.phone,
    location: orders.location,
  },
  deliveryMethod: orders.deliveryMethod,
  shipTo: orders.shipTo,
};

export type SaleRow = Awaited<ReturnType<typeof listSellerSales>>[number];

/**
 * My Sales: booked and paid orders on the seller's phones (sold and removed ones included), newest
 * first, with the buyer and the booking's phone number and meeting place; keyset on (created_at, id).
 */
export const listSellerSales = (
  db: Database,
  sellerId: string,
  opts: { limit: number; after?: NewestKey | undefined },
) =>
  db
    .select(saleColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(and(eq(products.sellerId, sellerId), inArray(orders.status, ['booked', 'paid']), afterOrder(opts.after)))
    .orderBy(...newestOrderFirst)
    .limit(opts.limit);

/** One booked or paid order on the seller's phones, as My Sales shows it; undefined for anyone else's. */
export const findSellerSale = async (db: Executor, sellerId: string, orderId: string) => {
  const [row] = await db
    .select(saleColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(and(eq(orders.id, orderId), eq(products.sellerId, sellerId), inArray(orders.status, ['booked', 'paid'])))
    .limit(1);
  return row;
};

/**
 * Everything an order's page shows, whoever asks (the service decides who may see it): the order
 * in any state, its phone as it is now, the seller, and the buyer with the booking's phone number.
 */
export const findOrderDetails = async (db: Executor, orderId: string) => {
  const [row] = await db
    .select({
      ...buyerOrderColumns,
      carrier: orders.carrier,
      trackingCode: orders.trackingCode,
      trackingStatus: orders.trackingStatus,
      trackingUpdatedAt: orders.trackingUpdatedAt,
      shipBy: orders.shipBy,
      missedDropOffAt: orders.missedDropOffAt,
      buyer: { id: buyers.id, name: buyers.name, email: buyers.email },
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
};
export type OrderDetailsRow = NonNullable<Awaited<ReturnType<typeof findOrderDetails>>>;
