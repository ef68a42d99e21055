/**
 * Messages between an order's buyer and its phone's seller, from the booking on (one thread per
 * order). Only those two read and write it (anyone else: 404); an admin reads it only while the
 * order has an open problem report, and never writes. Text only, trimmed, 1 to 2000 characters,
 * without control characters other than line breaks and tabs; shown as text, never as HTML.
 * Phone numbers, emails, links and payment handles are masked when a message is sent (0066).
 */
import { z } from './zod.ts';
import { orderStatuses } from './constants.ts';
import { orderMessageLimits, orderMessageMessages } from './order-message-texts.ts';
import { PageQuerySchema } from './pagination.ts';
import { text } from './text.ts';

const threadLimitInvalid = orderMessageMessages.limitInvalid;

/** The message form: the server trims and limits it the same way. */
export const NewOrderMessageSchema = z
  .object({
    body: text({ multiLine: true, error: orderMessageMessages.bodyRequired })
      .trim()
      .min(1, orderMessageMessages.bodyRequired)
      .max(orderMessageLimits.body, orderMessageMessages.bodyTooLong),
  })
  .meta({ id: 'NewOrderMessage' });
export type NewOrderMessageInput = z.input<typeof NewOrderMessageSchema>;
export type NewOrderMessage = z.output<typeof NewOrderMessageSchema>;

export const orderParties = ['buyer', 'seller'] as const;
export type OrderParty = (typeof orderParties)[number];

export const OrderMessageSchema = z
  .object({
    id: z.uuid(),
    body: z.string(),
    sentAt: z.iso.datetime({ offset: true }),
    /** Who wrote it: the order's buyer or its phone's seller. */
    from: z.enum(orderParties),
    /** True when the caller wrote it. */
    isMine: z.boolean(),
    /** Contact details were hidden from it when it was sent (`body` holds the mask in their place). */
    contactDetailsHidden: z.boolean(),
  })
  .meta({ id: 'OrderMessage' });
export type OrderMessage = z.infer<typeof OrderMessageSchema>;

/**
 * One page of an order's thread: the newest messages, oldest first; `nextCursor` pages back to
 * older ones. `order` says what the thread is about and whether the caller may write in it.
 */
export const OrderThreadSchema = z
  .object({
    order: z.object({
      id: z.uuid(),
      status: z.enum(orderStatuses),
      productName: z.string(),
      buyerName: z.string(),
      sellerName: z.string(),
      /** The caller's part in the order; null for an admin reading it. */
      myPart: z.enum(orderParties).nullable(),
      /** The caller is the buyer or the seller and the order is not cancelled. */
      canWrite: z.boolean(),
    }),
    items: z.array(OrderMessageSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'OrderThread' });
export type OrderThread = z.infer<typeof OrderThreadSchema>;

/** Paging back through a thread: `limit` (at most a page of 50) and the `cursor` of the older messages. */
export const OrderThreadQuerySchema = PageQuerySchema.extend({
  limit: z.coerce
    .number({ error: threadLimitInvalid })
    .int(threadLimitInvalid)
    .min(1, threadLimitInvalid)
    .max(orderMessageLimits.pageSize, threadLimitInvalid)
    .default(orderMessageLimits.pageSize),
});
export type OrderThreadQuery = z.infer<typeof OrderThreadQuerySchema>;

/** The caller's unread messages: in all, and by order (the orders with most recent news first). */
export const UnreadMessagesSchema = z
  .object({
    total: z.number().int().min(0),
    orders: z.array(z.object({ orderId: z.uuid(), count: z.number().int().min(1) })),
  })
  .meta({ id: 'UnreadMessages' });
export type UnreadMessages = z.infer<typeof UnreadMessagesSchema>;
