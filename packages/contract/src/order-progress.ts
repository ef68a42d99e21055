/**
 * A paid order's progress (docs/decisions/0042): the seller marks the phone handed over (at a
 * meeting) or shipped (with an optional tracking note); the buyer confirms receipt, or the order
 * completes on its own `autoCompleteDays` after the hand-over. Within `problemWindowHours` of the
 * hand-over the buyer may report a problem (one open at a time), which pauses the completion until
 * an admin refunds the order or closes the report.
 *
 * Who may do what (server-enforced): the order's seller marks handed over / shipped, only from
 * awaiting_handover; the order's buyer confirms receipt (handed_over or shipped → completed) and
 * reports a problem; an admin refunds or closes a problem. Another account of the role gets 404
 * (the order's existence is not revealed), another role 403, a wrong state 409.
 */
import { z } from './zod.ts';
import { orderProgresses, type OrderProgress } from './constants.ts';
import { text } from './text.ts';
import { orderProgressLimits } from './order-progress-limits.ts';

export { orderProgressLimits } from './order-progress-limits.ts';

/** How the seller gave the phone to the buyer. */
export const orderHandovers = ['handed_over', 'shipped'] as const;
export type OrderHandover = (typeof orderHandovers)[number];

/**
 * A parcel's tracker status in its carrier's (EasyPost's) words: pre_transit (label made), in_transit,
 * out_for_delivery, available_for_pickup, delivered, return_to_sender, failure (lost or
 * undeliverable), unknown, cancelled.
 */
export const trackingStatuses = [
  'unknown',
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'available_for_pickup',
  'delivered',
  'return_to_sender',
  'failure',
  'cancelled',
] as const;
export type TrackingStatus = (typeof trackingStatuses)[number];

/** A tracked parcel's progress, once the carrier has it: nothing moves an order out of these. */
export const parcelEndProgresses = ['delivered', 'returned_to_sender', 'lost'] as const;

/** The progress of a phone shipped and not yet delivered, returned or lost. */
export const isParcelOnItsWay = (progress: OrderProgress | null) => progress === 'shipped' || progress === 'in_transit';

/**
 * 'refunding' while the card processor is asked (tried again after an outage); 'refund_failed'
 * when the processor refused the refund (it does not know the payment, or will not refund it) or
 * could not be reached for `refundAttempts` tries: nothing was refunded and an admin decides again.
 */
export const orderProblemStatuses = ['open', 'refunding', 'refund_failed', 'refunded', 'closed'] as const;
export type OrderProblemStatus = (typeof orderProblemStatuses)[number];

/** An admin has not decided the report yet (or must decide again): it pauses the order's completion. */
export const isProblemUndecided = (status: OrderProblemStatus) => status !== 'refunded' && status !== 'closed';

/** The API's refusals and the fields' messages. */
export const orderProgressMessages = {
  orderNotFound: 'This order was not found',
  problemNotFound: 'This problem report was not found',
  notPaid: 'This order is not paid yet',
  refunded: 'This order was refunded',
  alreadyHandedOver: 'The phone is already marked handed over or shipped',
  notHandedOver: 'The seller has not handed the phone over or shipped it yet',
  alreadyCompleted: 'This order is already completed',
  problemOpen: 'A problem report is open on this order. An admin will decide it first.',
  problemWindowOver: `Problems can be reported within ${orderProgressLimits.problemWindowHours} hours of the hand-over`,
  problemWindowOverSinceDelivery: `Problems can be reported within ${orderProgressLimits.problemWindowHours} hours of the delivery`,
  returnedToSeller: 'The carrier is returning this parcel to the seller, so its receipt cannot be confirmed',
  /** POST /api/webhooks/shipping: a body the carrier did not sign (or not an event). */
  shippingEventInvalid: 'This shipping event is not signed by the carrier (its signature is missing or wrong)',
  problemAlreadyDecided: 'This problem report was already decided',
  refundUnderWay: 'A refund of this order is under way',
  refundDelayed: 'The card processor could not be reached. The refund will be tried again automatically.',
  refundRefused:
    'The card processor refused the refund, so nothing was refunded. The report stays on this list, marked “Refund failed”.',
  refundUnreachable:
    'The card processor could not be reached for hours, so nothing was refunded. The report stays on this list, marked “Refund failed”.',
  trackingNoteTooLong: `Keep the tracking note under ${orderProgressLimits.trackingNote} characters`,
  refundAmountInvalid: 'Enter an amount in whole cents, more than nothing',
  refundAboveWhatWasPaid: 'A refund cannot be more than what the buyer paid and was not refunded yet',
  reasonRequired: 'Tell us what went wrong',
  reasonTooLong: `Keep the description under ${orderProgressLimits.problemReason} characters`,
} as const;

/**
 * An admin's refund: all that the buyer paid (no amount), or part of it, in cents. Never more than
 * what was paid and not refunded yet (the server checks against the payment).
 */
export const RefundProblemSchema = z
  .object({
    amountCents: z
      .number({ error: orderProgressMessages.refundAmountInvalid })
      .int(orderProgressMessages.refundAmountInvalid)
      .min(1, orderProgressMessages.refundAmountInvalid)
      .optional(),
  })
  .meta({ id: 'RefundProblem' });
export type RefundProblemInput = z.input<typeof RefundProblemSchema>;

/** Mark shipped: an optional tracking note (plain text; empty means none). */
export const MarkShippedSchema = z
  .object({
    trackingNote: text({ error: orderProgressMessages.trackingNoteTooLong })
      .trim()
      .max(orderProgressLimits.trackingNote, orderProgressMessages.trackingNoteTooLong)
      .optional(),
  })
  .meta({ id: 'MarkShipped' });
export type MarkShippedInput = z.input<typeof MarkShippedSchema>;

/** Report a problem: what went wrong, in the buyer's words. */
export const ReportOrderProblemSchema = z
  .object({
    reason: text({ multiLine: true, error: orderProgressMessages.reasonRequired })
      .trim()
      .min(1, orderProgressMessages.reasonRequired)
      .max(orderProgressLimits.problemReason, orderProgressMessages.reasonTooLong),
  })
  .meta({ id: 'ReportOrderProblem' });
export type ReportOrderProblemInput = z.input<typeof ReportOrderProblemSchema>;

/** The order's latest problem report, as its buyer, its seller and the admins see it. */
export const OrderProblemSchema = z
  .object({
    id: z.uuid(),
    reason: z.string(),
    status: z.enum(orderProblemStatuses),
    createdAt: z.iso.datetime({ offset: true }),
    resolvedAt: z.iso.datetime({ offset: true }).nullable(),
    /** The admin's refund when it is part of what was paid (null: all of it, or no refund). */
    refundCents: z.number().int().nullable(),
  })
  .meta({ id: 'OrderProblem' });
export type OrderProblem = z.infer<typeof OrderProblemSchema>;

/** The progress fields an order and a sale both carry. `progress` is null until the order is paid. */
export const orderProgressFields = {
  progress: z.enum(orderProgresses).nullable(),
  /**
   * How the phone changed hands, kept once the order is completed: at a meeting (`handed_over`) or
   * by post (`shipped`); null before the hand-over.
   */
  handover: z.enum(orderHandovers).nullable(),
  handedOverAt: z.iso.datetime({ offset: true }).nullable(),
  trackingNote: z.string().nullable(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  /** An admin refunded the buyer after a problem report: the progress stops there. */
  refundedAt: z.iso.datetime({ offset: true }).nullable(),
  problem: OrderProblemSchema.nullable(),
};

export const OrderProblemIdParamsSchema = z.object({ id: text().max(64) });

/** One open problem on the admin's Order problems screen, with the order's facts. */
export const AdminOrderProblemSchema = z
  .object({
    problem: OrderProblemSchema,
    order: z.object({
      id: z.uuid(),
      priceCents: z.number().int(),
      paidAt: z.iso.datetime({ offset: true }).nullable(),
      progress: z.enum(orderProgresses),
      handedOverAt: z.iso.datetime({ offset: true }).nullable(),
      trackingNote: z.string().nullable(),
      /** The processor's payment (intent) id and whether it was refunded. */
      transactionId: z.string().nullable(),
      paymentStatus: z.enum(['succeeded', 'refunded']).nullable(),
      /** What the buyer paid (the price and any service fee), and what was refunded of it so far. */
      paidCents: z.number().int().nullable(),
      refundedCents: z.number().int(),
    }),
    product: z.object({ id: z.uuid(), name: z.string(), brand: z.string(), model: z.string(), imageUrl: z.string() }),
    buyer: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
    seller: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  })
  .meta({ id: 'AdminOrderProblem' });
export type AdminOrderProblem = z.infer<typeof AdminOrderProblemSchema>;

export const AdminOrderProblemPageSchema = z
  .object({ items: z.array(AdminOrderProblemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminOrderProblemPage' });
export type AdminOrderProblemPage = z.infer<typeof AdminOrderProblemPageSchema>;

/** The audit log's actions of order progress. */
export const orderProgressAuditActions = {
  handedOver: 'order.handed_over',
  shipped: 'order.shipped',
  /** The seller bought the parcel's label: the order is shipped (decision 0073). */
  labelBought: 'order.label_bought',
  receiptConfirmed: 'order.receipt_confirmed',
  /** The carrier's scans moved a tracked parcel on (no actor: the carrier did it). */
  inTransit: 'order.in_transit',
  delivered: 'order.delivered',
  returnedToSender: 'order.returned_to_sender',
  lost: 'order.lost',
  autoCompleted: 'order.auto_completed',
  problemReported: 'order_problem.reported',
  refundStarted: 'order_problem.refund_started',
  refunded: 'order_problem.refunded',
  refundFailed: 'order_problem.refund_failed',
  closed: 'order_problem.closed',
} as const;

/** The emails' kinds. */
export const orderEmailKinds = {
  handedOver: 'order_handed_over',
  completed: 'order_completed',
  problemOutcome: 'problem_outcome',
  parcelDelivered: 'parcel_delivered',
  parcelNotDelivered: 'parcel_not_delivered',
} as const;

/** One scan of a shipped parcel, as its carrier reported it. */
export const OrderParcelEventSchema = z
  .object({
    status: z.enum(trackingStatuses),
    /** The carrier's words ("Arrived at USPS facility"). */
    message: z.string(),
    /** Where, in words; null when the carrier does not say. */
    place: z.string().nullable(),
    occurredAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'OrderParcelEvent' });
export type OrderParcelEvent = z.infer<typeof OrderParcelEventSchema>;

/** A tracked parcel (a bought label): its carrier, tracking code, status and scans, newest first. */
export const OrderParcelSchema = z
  .object({
    carrier: z.string().nullable(),
    trackingCode: z.string().nullable(),
    status: z.enum(trackingStatuses).nullable(),
    updatedAt: z.iso.datetime({ offset: true }).nullable(),
    /** The carrier's delivered scan: the problem window and the completion count from it. */
    deliveredAt: z.iso.datetime({ offset: true }).nullable(),
    events: z.array(OrderParcelEventSchema),
  })
  .meta({ id: 'OrderParcel' });
export type OrderParcel = z.infer<typeof OrderParcelSchema>;
