/**
 * A shipped order's deadline (docs/decisions/0075): the carrier's first scan is due
 * SHIP_BY_BUSINESS_DAYS business days after payment; after it the order is cancelled and refunded.
 * The admins' Missed drop-offs list.
 */
import { z } from './zod.ts';
import { orderProblemStatuses } from './order-progress.ts';

/** The audit log's actions of the deadline (no actor: the job did it). */
export const shipByAuditActions = {
  /** The seller was reminded of the deadline. */
  reminded: 'order.ship_by_reminded',
  /** No carrier scan by the deadline: the order is cancelled and its refund started. */
  missedDropOff: 'order.missed_drop_off',
} as const;

/** The notifications' kinds. */
export const shipByEmailKinds = {
  reminder: 'ship_by_reminder',
  missedDropOff: 'missed_drop_off',
} as const;

/** One missed drop-off on the admins' list: the order, its seller, the deadline and what came of it. */
export const AdminMissedDropOffSchema = z
  .object({
    orderId: z.uuid(),
    product: z.object({ id: z.uuid(), name: z.string() }),
    /** The seller, with how many of their orders missed the deadline so far (a trust signal). */
    seller: z.object({ id: z.uuid(), name: z.string(), email: z.string(), missedDropOffs: z.number().int() }),
    buyer: z.object({ id: z.uuid(), name: z.string() }),
    priceCents: z.number().int(),
    paidAt: z.iso.datetime({ offset: true }).nullable(),
    shipBy: z.iso.datetime({ offset: true }),
    missedAt: z.iso.datetime({ offset: true }),
    /** A label was bought but never scanned by the carrier; and whether the carrier refunded it with the order. */
    isLabelBought: z.boolean(),
    isLabelRefunded: z.boolean(),
    /** The buyer's refund, as the refund engine tracks it (its problem report's status). */
    refund: z.enum(orderProblemStatuses).nullable(),
  })
  .meta({ id: 'AdminMissedDropOff' });
export type AdminMissedDropOff = z.infer<typeof AdminMissedDropOffSchema>;

export const AdminMissedDropOffPageSchema = z
  .object({ items: z.array(AdminMissedDropOffSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminMissedDropOffPage' });
export type AdminMissedDropOffPage = z.infer<typeof AdminMissedDropOffPageSchema>;
