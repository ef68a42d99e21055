/**
 * Order messages in the database: the messages of each order's thread and each participant's
 * unread count and last read time (order_thread_reads). Orders, products and users are only read
 * here (their own repositories write them).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { orderMessages, orderThreadReads, orders, products, users } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';

const buyers = alias(users, 'buyer');
const sellers = alias(users, 'seller');

/** An order as its thread needs it: who its two parties are (to check the caller and address the email) and its phone. */
export const findThreadOrder = async (db: Executor, orderId: string) => {
  const [row] = await db
    .select({
      id: orders.id,
      status: orders.status,
      productName: products.name,
      buyer: { id: buyers.id, name: buyers.name, email: buyers.email, disabledAt: buyers.disabledAt },
      seller: { id: sellers.id, name: sellers.name, email: sellers.email, disabledAt: sellers.disabledAt },
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
};
export type ThreadOrderRow = NonNullable<Awaited<ReturnType<typeof findThreadOrder>>>;

const messageColumns = {
  id: orderMessages.id,
  senderId: orderMessages.senderId,
  body: orderMessages.body,
  contactDetailsHidden: orderMessages.contactDetailsHidden,
  createdAt: orderMessages.createdAt,
  us: microsOf(orderMessages.createdAt),
};
export type MessageRow = {
  id: string;
  senderId: string;
  body: string;
  contactDetailsHidden: boolean;
  createdAt: Date | string;
  us: string;
};

/** A thread's messages newest first, older than `before` when given (order_messages_thread_idx). */
export const listThreadMessages = (
  db: Executor,
  orderId: string,
  opts: { limit: number; before?: NewestKey | undefined },
): Promise<MessageRow[]> =>
  db
    .select(messageColumns)
    .from(orderMessages)
    .where(
      and(
        eq(orderMessages.orderId, orderId),
        opts.before
          ? sql`(${orderMessages.createdAt}, ${orderMessages.id}) < (${timestampOf(opts.before.us)}, ${opts.before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${orderMessages.createdAt} desc nulls last`, sql`${orderMessages.id} desc nulls last`)
    .limit(opts.limit);

export const insertMessage = async (
  tx: Executor,
  values: { orderId: string; senderId: string; body: string; contactDetailsHidden: boolean },
): Promise<MessageRow> => {
  const [row] = await tx.insert(orderMessages).values(values).returning(messageColumns);
  return row!;
};

/**
 * Counts a new message as unread for `userId` (the other party), when it arrived; returns their
 * unread count with it (1: the first since they last read the thread).
 */
export const countUnreadMessage = async (tx: Executor, orderId: string, userId: string): Promise<number> => {
  const [row] = await tx
    .insert(orderThreadReads)
    .values({ orderId, userId, unreadCount: 1, lastReceivedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [orderThreadReads.orderId, orderThreadReads.userId],
      set: { unreadCount: sql`${orderThreadReads.unreadCount} + 1`, lastReceivedAt: sql`now()` },
    })
    .returning({ unreadCount: orderThreadReads.unreadCount });
  return row!.unreadCount;
};

/** `userId` has read the thread: nothing in it is unread for them any more. */
export const markThreadRead = async (db: Executor, orderId: string, userId: string): Promise<void> => {
  await db
    .insert(orderThreadReads)
    .values({ orderId, userId, unreadCount: 0, lastReadAt: sql`now()` })
    .onConflictDoUpdate({
      target: [orderThreadReads.orderId, orderThreadReads.userId],
      set: { unreadCount: 0, lastReadAt: sql`now()` },
    });
};

/**
 * The threads with unread messages for `userId`, the most recent news first, at most `limit`, each
 * with the total over all of them; cancelled orders are left out (they leave My Orders and My Sales,
 * and nothing new can arrive in them). Reads only the participant's rows with something unread
 * (order_thread_reads_unread_idx).
 */
export const listUnreadThreads = (db: Executor, userId: string, limit: number) =>
  db
    .select({
      orderId: orderThreadReads.orderId,
      count: orderThreadReads.unreadCount,
      total: sql<string>`sum(${orderThreadReads.unreadCount}) over ()`,
    })
    .from(orderThreadReads)
    .innerJoin(orders, eq(orders.id, orderThreadReads.orderId))
    .where(
      and(
        eq(orderThreadReads.userId, userId),
        sql`${orderThreadReads.unreadCount} > 0`,
        ne(orders.status, 'cancelled'),
      ),
    )
    .orderBy(sql`${orderThreadReads.lastReceivedAt} desc nulls last`, orderThreadReads.orderId)
    .limit(limit);
