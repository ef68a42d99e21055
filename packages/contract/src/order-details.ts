/**
 * An order's own page (GET /api/orders/:id/details): everything its buyer or its phone's seller
 * needs about one order in one answer — the phone, the price, every step so far with its date, the
 * next step and whose it is, what the caller may do now, and until when a problem can be reported.
 *
 * Only the order's buyer and its phone's seller get it (an admin too, read-only, while the order
 * has an undecided problem report, as for its messages); anyone else gets the 404 of an unknown
 * order, so the answer never reveals that someone else's order exists.
 */
import { z } from './zod.ts';
import { orderStatuses } from './constants.ts';
import { orderParties } from './order-messages.ts';
import { OrderParcelSchema, orderProgressFields } from './order-progress.ts';
import { OrderProductSchema } from './orders.ts';
import { deliveryMethods, ShipToSchema } from './addresses.ts';
import { RatingSchema } from './ratings.ts';
import { OrderReturnSchema } from './order-returns.ts';

/** The steps an order's timeline can show, each with the time it happened. */
export const orderTimelineKinds = [
  'booked',
  'paid',
  'handed_over',
  'shipped',
  'in_transit',
  'delivered',
  'returned_to_sender',
  'lost',
  'problem_reported',
  'problem_closed',
  'refunded',
  'completed',
  'rated',
  'rating_replied',
] as const;
export type OrderTimelineKind = (typeof orderTimelineKinds)[number];

/**
 * What the order waits for next: `deliver` is the carrier's (a tracked parcel on its way);
 * `report_problem` the buyer's when the carrier lost the parcel or returned it to the seller.
 * A return (decision 0074): the seller answers it (`answer_return`), the buyer sends the phone back
 * with the prepaid label (`send_return`), the carrier brings it (`deliver`), the seller checks its
 * IMEI (`confirm_return_imei`), or an admin decides it (`decide_return`).
 */
export const orderNextSteps = [
  'pay',
  'hand_over',
  'deliver',
  'confirm_receipt',
  'report_problem',
  'decide_problem',
  'answer_return',
  'send_return',
  'confirm_return_imei',
  'decide_return',
  'rate',
  'none',
] as const;
export type OrderNextStep = (typeof orderNextSteps)[number];

/** Who takes the next step. */
export const orderActors = ['buyer', 'seller', 'admin', 'carrier'] as const;
export type OrderActor = (typeof orderActors)[number];

/** Where the buyer's money is: not paid yet, paid, or given back. */
export const orderPaymentStates = ['unpaid', 'paid', 'refunded'] as const;
export type OrderPaymentState = (typeof orderPaymentStates)[number];

export const OrderTimelineEntrySchema = z
  .object({
    kind: z.enum(orderTimelineKinds),
    at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'OrderTimelineEntry' });
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntrySchema>;

export const OrderDetailsSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(orderStatuses),
    /** The caller's part in the order; null for an admin reading it while a problem report is open. */
    myPart: z.enum(orderParties).nullable(),
    /** The price when booked: what the buyer pays (or paid). */
    priceCents: z.number().int(),
    payment: z.enum(orderPaymentStates),
    createdAt: z.iso.datetime({ offset: true }),
    paidAt: z.iso.datetime({ offset: true }).nullable(),
    ...orderProgressFields,
    product: OrderProductSchema,
    /**
     * The seller's email goes to the order's buyer (and the seller) only; their phone number to no
     * one: the meeting is arranged in the order's messages (docs/decisions/0066).
     */
    seller: z.object({
      id: z.uuid(),
      name: z.string(),
      isVerified: z.boolean(),
      email: z.string().nullable(),
    }),
    /** The buyer's booking phone number and email go to the order's seller (and the buyer) only. */
    buyer: z.object({
      name: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    }),
    /** Where the buyer asked to meet, from the booking (empty for a shipped order). */
    meetingLocation: z.string(),
    /** A meeting, or shipping to `shipTo`. */
    delivery: z.enum(deliveryMethods),
    /** Where a shipped order goes, as booked (for its buyer and seller); null for a meeting. */
    shipTo: ShipToSchema.nullable(),
    /** Every step so far, oldest first. */
    timeline: z.array(OrderTimelineEntrySchema),
    nextStep: z.object({ step: z.enum(orderNextSteps), by: z.enum(orderActors).nullable() }),
    /**
     * The end of the window for problem reports: 48 hours after the hand-over, or after the delivery
     * of a tracked parcel. Null before it starts, and for a parcel lost or returned to the seller
     * (a problem may be reported on it at any time).
     */
    problemWindowEndsAt: z.iso.datetime({ offset: true }).nullable(),
    /** The tracked parcel (a bought label) with the carrier's scans; null for a meeting or an untracked shipping. */
    parcel: OrderParcelSchema.nullable(),
    /** What the caller may do now (the API refuses anything else). */
    can: z.object({
      pay: z.boolean(),
      cancel: z.boolean(),
      markHandedOver: z.boolean(),
      /** The seller of a paid order booked with shipping, awaiting hand-over: buy its label (decision 0073). */
      buyLabel: z.boolean(),
      /** The seller of an order with a bought label: print it. */
      printLabel: z.boolean(),
      confirmReceipt: z.boolean(),
      reportProblem: z.boolean(),
      /** The buyer of a delivered tracked parcel, within the window, nothing undecided: ask for a return. */
      requestReturn: z.boolean(),
      /** The seller of a return asked and not escalated: accept or decline it. */
      answerReturn: z.boolean(),
      /** The buyer of a return with a bought label: print it. */
      printReturnLabel: z.boolean(),
      /** The seller of a return whose parcel arrived: check the phone's IMEI. */
      confirmReturnImei: z.boolean(),
      /** The seller of a refunded return that came back: put the phone back on sale. */
      relist: z.boolean(),
      rate: z.boolean(),
      reply: z.boolean(),
    }),
    /**
     * The buyer's rating of the seller for this order. It does not count in the seller's rating once
     * the order is refunded (`refundedAt`).
     */
    rating: RatingSchema.nullable(),
    /** The order's return (decision 0074), for its buyer, its seller and an admin deciding it; null when none. */
    return: OrderReturnSchema.nullable(),
  })
  .meta({ id: 'OrderDetails' });
export type OrderDetails = z.infer<typeof OrderDetailsSchema>;
