/**
 * The messages between an order's buyer and its phone's seller (docs/decisions/0043).
 *
 * - Only the two parties read and write the thread; anyone else gets the 404 an unknown order gets,
 *   so a thread reveals nothing, not even that the order exists. An admin reads it only while
 *   `adminMayReadThread` says so (an open problem report) and never writes.
 * - Messages can be written from the booking on, while the order is not cancelled. A cancelled
 *   order's thread stays readable to both parties (what was said is part of the order's record),
 *   and leaves their unread counts.
 * - The other party gets one email when a thread has news for them: for the first message they
 *   have not read, not for each (the next email waits until they have read the thread). The email
 *   names the sender and the phone and links to the thread; it never carries the message, and no
 *   log line does either.
 * - Contact details (phone numbers, emails, links, payment handles) are masked before a message is
 *   stored: deals stay on ReCell, where the payment is protected (docs/decisions/0066). Only the
 *   masked text is kept; the answer says whether anything was hidden.
 */
import {
  maskContactDetails,
  newMessageNotice,
  orderMessageLimits,
  orderMessageMessages,
  orderMessagesPagePath,
  type NewOrderMessage,
  type OrderMessage,
  type OrderParty,
  type OrderThread,
  type OrderThreadQuery,
  type UnreadMessages,
} from '@recell/contract';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { idOrNotFound } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/index.ts';
import { notify } from '../notifications/index.ts';
import { adminMayReadThread } from './admin-access.ts';
import * as repository from './messages.repository.ts';

export interface MessageDeps {
  db: Database;
  /** The site's address; the email's link starts with it. */
  publicUrl: string;
  /** Tells the app that committed emails wait in the outbox. */
  emailsQueued: () => void;
}

const threadNotFound = () => notFound(orderMessageMessages.threadNotFound);
const orderIdOf = (id: string) => idOrNotFound(id, orderMessageMessages.threadNotFound);

/** The caller's part in the order, if they have one. */
const partOf = (order: repository.ThreadOrderRow, userId: string): OrderParty | undefined => {
  if (order.buyer.id === userId) return 'buyer';
  if (order.seller.id === userId) return 'seller';
  return undefined;
};

/** The order and the caller's part in it; a 404 for anyone who is not a party to it. */
const participantOrder = async (db: Executor, user: AuthUser, orderId: string) => {
  const order = await repository.findThreadOrder(db, orderId);
  const part = order && partOf(order, user.id);
  if (!order || !part) throw threadNotFound();
  return { order, part };
};

const toMessage = (order: repository.ThreadOrderRow, viewerId: string | null) => {
  return (row: repository.MessageRow): OrderMessage => ({
    id: row.id,
    body: row.body,
    sentAt: new Date(row.createdAt).toISOString(),
    from: row.senderId === order.buyer.id ? 'buyer' : 'seller',
    isMine: row.senderId === viewerId,
    contactDetailsHidden: row.contactDetailsHidden,
  });
};

/**
 * A page of the thread: the newest messages (or those before `cursor`), oldest first, so the page
 * reads top to bottom; `nextCursor` leads to older ones.
 */
export const getThread = async (
  { db }: MessageDeps,
  user: AuthUser,
  id: string,
  query: OrderThreadQuery,
): Promise<OrderThread> => {
  const orderId = orderIdOf(id);
  const order = await repository.findThreadOrder(db, orderId);
  if (!order) throw threadNotFound();
  const part = partOf(order, user.id) ?? null;
  if (!part && !(user.role === 'admin' && (await adminMayReadThread(db, orderId)))) throw threadNotFound();

  const before = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listThreadMessages(db, orderId, { limit: query.limit + 1, before });
  const page = pageOf(rows, query.limit, toMessage(order, part ? user.id : null), (row) => ({
    us: row.us,
    id: row.id,
  }));
  return {
    order: {
      id: order.id,
      status: order.status,
      productName: order.productName,
      buyerName: order.buyer.name,
      sellerName: order.seller.name,
      myPart: part,
      canWrite: part !== null && order.status !== 'cancelled',
    },
    items: page.items.reverse(),
    nextCursor: page.nextCursor,
  };
};

/**
 * Writes a message in the order's thread (its buyer or its phone's seller, while the order is not
 * cancelled), its contact details masked; counts it unread for the other party and, when it is the first they have not read,
 * writes their email in the same transaction.
 */
export const sendMessage = async (
  deps: MessageDeps,
  user: AuthUser,
  id: string,
  input: NewOrderMessage,
): Promise<OrderMessage> => {
  const orderId = orderIdOf(id);
  const masked = maskContactDetails(input.body);
  if (masked.text.length > orderMessageLimits.body)
    throw badRequest(orderMessageMessages.bodyTooLongMasked, { body: orderMessageMessages.bodyTooLongMasked });
  const { message, emailed } = await deps.db.transaction(async (tx) => {
    const { order, part } = await participantOrder(tx, user, orderId);
    if (order.status === 'cancelled') throw conflict(orderMessageMessages.orderCancelled);
    const row = await repository.insertMessage(tx, {
      orderId,
      senderId: user.id,
      body: masked.text,
      contactDetailsHidden: masked.kinds.length > 0,
    });
    const recipient = part === 'buyer' ? order.seller : order.buyer;
    const unread = await repository.countUnreadMessage(tx, orderId, recipient.id);
    // The first message they have not read: a notification (and its email), then none until they read.
    const shouldNotify = unread === 1;
    if (shouldNotify)
      await notify(tx, deps, {
        userId: recipient.id,
        kind: 'new_message',
        ...newMessageNotice(user.name, order.productName),
        link: orderMessagesPagePath(orderId),
      });
    return { message: toMessage(order, user.id)(row), emailed: shouldNotify };
  });
  if (emailed) deps.emailsQueued();
  return message;
};

/** The caller has read the thread (cancelled orders' too): nothing in it counts as unread for them. */
export const markRead = async ({ db }: MessageDeps, user: AuthUser, id: string): Promise<void> => {
  const orderId = orderIdOf(id);
  await participantOrder(db, user, orderId);
  await repository.markThreadRead(db, orderId, user.id);
};

/** The caller's unread messages, in all and by order (at most 100 orders named, the most recent news first). */
export const unreadMessages = async ({ db }: MessageDeps, user: AuthUser): Promise<UnreadMessages> => {
  const rows = await repository.listUnreadThreads(db, user.id, orderMessageLimits.unreadOrdersMax);
  return {
    total: Number(rows[0]?.total ?? 0),
    orders: rows.map((row) => ({ orderId: row.orderId, count: row.count })),
  };
};
