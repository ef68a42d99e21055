/**
 * Orders in the database: bookings, the buyer's My Orders, the seller's My Sales, cancellation.
 * Order rows are never deleted (they are money records); a buyer's delete cancels.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { orders, products, users } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';
import { microsOf, timestampOf } from '../catalogue/catalogue.repository.ts';

/** True for PostgreSQL's unique_violation of `constraint`; drizzle wraps the driver error in `cause`. */
export const isUniqueViolationOf = (error: unknown, constraint: string): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    // PGlite and node-postgres both name the index; a missing name still means this insert's index.
    if (code === '23505') return name === undefined || name === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * The phone a buyer wants to book, locked FOR SHARE until the booking commits: a sale of the phone
 * (which locks it FOR UPDATE) then waits for the booking, or the booking sees the phone sold.
 */
export const lockProductForBooking = async (tx: Executor, productId: string) => {
  const [row] = await tx
    .select({
      id: products.id,
      sellerId: products.sellerId,
      status: products.status,
      priceCents: products.priceCents,
      sellerDisabledAt: users.disabledAt,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, productId))
    .for('share', { of: products });
  return row;
};

/** The buyer's open (booked) order on the phone, if any. */
export const findOpenOrderId = async (db: Executor, buyerId: string, productId: string) => {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.productId, productId), eq(orders.status, 'booked')))
    .limit(1);
  return row?.id;
};

export type NewOrder = Pick<typeof orders.$inferInsert, 'productId' | 'buyerId' | 'phone' | 'location' | 'priceCents'>;

/** Books the phone ('booked'); returns the order's id. */
export const insertOrder = async (tx: Executor, values: NewOrder): Promise<string> => {
  const [row] = await tx
    .insert(orders)
    .values({ ...values, status: 'booked' })
    .returning({ id: orders.id });
  return row!.id;
};

/**
 * An order as its buyer sees it: the booking, the phone as it is now (sold, removed), and the
 * seller with the phone number given at listing time.
 */
const buyerOrderColumns = {
  id: orders.id,
  status: orders.status,
  priceCents: orders.priceCents,
  phone: orders.phone,
  location: orders.location,
  transactionId: orders.transactionId,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
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
    phone: products.sellerPhone,
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

const buyers = alias(users, 'buyer');

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
    .select({
      id: orders.id,
      status: orders.status,
      priceCents: orders.priceCents,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      us: microsOf(orders.createdAt),
      product: buyerOrderColumns.product,
      buyer: {
        id: buyers.id,
        name: buyers.name,
        email: buyers.email,
        phone: orders.phone,
        location: orders.location,
      },
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(and(eq(products.sellerId, sellerId), inArray(orders.status, ['booked', 'paid']), afterOrder(opts.after)))
    .orderBy(...newestOrderFirst)
    .limit(opts.limit);
