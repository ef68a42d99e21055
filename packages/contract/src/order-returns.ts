/**
 * Returns of shipped phones (docs/decisions/0074). Within the problem window of an order shipped
 * with a bought label, its buyer asks for a return with a reason and up to `returnLimits.maxPhotos`
 * of their own uploaded photos. The seller answers within `returnLimits.sellerAnswerBusinessDays`
 * business days: accept (the API buys a prepaid return label, which the buyer prints), or decline;
 * a decline, or no answer by the deadline, goes to an admin. The returned parcel is tracked; once it
 * arrived the seller confirms the phone's IMEI: the sold phone's IMEI refunds the buyer in full, any
 * other goes to an admin. An admin decides with a reason both parties read: accept the return (the
 * label is bought as if the seller accepted), refund all or part without a return (or after an IMEI
 * mismatch), or reject it (the order completes as usual). A refunded return's phone may be put back
 * on sale by its seller.
 *
 * Who may do what (server-enforced): the order's buyer asks and prints the return label; the order's
 * seller answers, confirms the IMEI and relists; an admin decides. Another account of the role gets
 * 404, another role 403, a wrong state 409.
 */
import { z } from './zod.ts';
import { text } from './text.ts';
import { orderProgresses } from './constants.ts';
import { orderProgressLimits } from './order-progress-limits.ts';
import { trackingStatuses } from './order-progress.ts';
import { ImeiSchema } from './listings.ts';
import { ProductPhotoSchema } from './photos.ts';
import { uploadMessages } from './auth.ts';

export const returnLimits = {
  /** The most photos a return request carries. */
  maxPhotos: 4,
  /** The buyer's reason, the seller's decline and the admin's decision, in characters. */
  reason: 1000,
  /** The seller answers a return request within this many business days (Monday to Friday, UTC). */
  sellerAnswerBusinessDays: 2,
  /** A return is asked within the problem window: this long after the parcel's delivery. */
  windowHours: orderProgressLimits.problemWindowHours,
} as const;

/**
 * A return's steps. `requested` waits for the seller (until `sellerAnswerBy`); `accepted` has its
 * prepaid label, the parcel not yet scanned; `in_transit` on its way back; `arrived` delivered to the
 * seller, who confirms the IMEI. `declined` (by the seller), `escalated` (no answer in time) and
 * `imei_mismatch` (the phone that came back is not the one sold) wait for an admin. `refunding` while
 * the card processor is asked (tried again after an outage), `refund_failed` when it refused (the
 * admin refunds again from Order problems), `refunded`; `rejected` by an admin (the order completes).
 */
export const returnStatuses = [
  'requested',
  'accepted',
  'in_transit',
  'arrived',
  'declined',
  'escalated',
  'imei_mismatch',
  'refunding',
  'refund_failed',
  'refunded',
  'rejected',
] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** Returns that wait for an admin's decision (the admins' Returns list). */
export const returnStatusesForAdmin = [
  'declined',
  'escalated',
  'imei_mismatch',
] as const satisfies readonly ReturnStatus[];

/** A return not finished yet: it pauses the order's completion and keeps a second one (or a problem report) out. */
export const isReturnOpen = (status: ReturnStatus) => status !== 'refunded' && status !== 'rejected';

/** An admin's decisions on a return waiting for one. */
export const returnDecisions = ['accept', 'refund', 'reject'] as const;
export type ReturnDecision = (typeof returnDecisions)[number];

/** The API's refusals and the fields' messages. */
export const returnMessages = {
  returnNotFound: 'This return was not found',
  notShippedWithLabel: 'Only a phone shipped with a tracked label can be returned. Report a problem instead.',
  notDelivered: 'A return can be asked once the parcel was delivered',
  windowOver: `A return can be asked within ${returnLimits.windowHours} hours of the delivery`,
  refunded: 'This order was refunded',
  alreadyCompleted: 'This order is already completed',
  returnOpen: 'A return is already under way on this order',
  alreadyReturned: 'This order already had a return',
  problemOpen: 'A problem report is open on this order. An admin will decide it first.',
  notAwaitingAnswer: 'This return is no longer waiting for the seller’s answer',
  answerTooLate: 'The time to answer this return is over: an admin decides it now',
  noShipFrom: 'Choose the address you ship from on the Addresses page first: the return comes back there',
  noLabel: 'No return label was bought for this return',
  notArrived: 'The returned parcel has not arrived yet',
  imeiAlreadyConfirmed: 'The IMEI of this return was already checked',
  notForAdmin: 'This return does not wait for an admin’s decision',
  notRefunded: 'Only a phone whose return was refunded after it came back can be put back on sale',
  notReturned: 'The phone has not come back to you, so it cannot be put back on sale',
  alreadyRelisted: 'This phone is already back on sale',
  productRemoved: 'This phone’s listing was removed, so it cannot be put back on sale',
  carrierUnavailable: 'The carrier could not be reached. Try again in a moment.',
  reasonRequired: 'Tell us why you want to return the phone',
  declineReasonRequired: 'Tell the buyer why you decline the return',
  decisionReasonRequired: 'Write the reason for your decision: the buyer and the seller read it',
  reasonTooLong: `Keep it under ${returnLimits.reason} characters`,
  decisionRequired: 'Choose accept, refund or reject',
  amountOnlyForRefund: 'An amount goes with a refund only',
  tooManyPhotos: `A return has at most ${returnLimits.maxPhotos} photos`,
  duplicatePhoto: 'Each photo can be added only once',
  photosNotAList: 'Send the photos as a list of uploaded image ids',
  photoNotFound: uploadMessages.imageNotFound,
  photoNotYours: uploadMessages.notYourImage,
} as const;

const photoIdPattern = /^[a-f0-9]{64}$/;

const reasonText = (required: string) =>
  text({ multiLine: true, error: required })
    .trim()
    .min(1, required)
    .max(returnLimits.reason, returnMessages.reasonTooLong);

/** POST /orders/:id/return: why, and 0 to 4 photos the buyer uploaded (POST /api/uploads). */
export const RequestReturnSchema = z
  .object({
    reason: reasonText(returnMessages.reasonRequired),
    photoIds: z
      .array(
        z
          .string({ error: returnMessages.photoNotFound })
          .trim()
          .toLowerCase()
          .regex(photoIdPattern, returnMessages.photoNotFound),
        { error: returnMessages.photosNotAList },
      )
      .max(returnLimits.maxPhotos, returnMessages.tooManyPhotos)
      .refine((ids) => new Set(ids).size === ids.length, returnMessages.duplicatePhoto)
      .default([]),
  })
  .meta({ id: 'RequestReturn' });
export type RequestReturnInput = z.input<typeof RequestReturnSchema>;

/** POST /orders/:id/return/decline: the seller's reason, which the buyer and the admin read. */
export const DeclineReturnSchema = z
  .object({ reason: reasonText(returnMessages.declineReasonRequired) })
  .meta({ id: 'DeclineReturn' });
export type DeclineReturnInput = z.input<typeof DeclineReturnSchema>;

/** POST /orders/:id/return/confirm-imei: the IMEI the seller reads on the phone that came back. */
export const ConfirmReturnImeiSchema = z.object({ imei: ImeiSchema }).meta({ id: 'ConfirmReturnImei' });
export type ConfirmReturnImeiInput = z.input<typeof ConfirmReturnImeiSchema>;

/**
 * POST /admin/returns/:id/decide: accept the return (buy its label), refund (all that is left of the
 * payment, or `amountCents` of it) or reject, with a reason both parties read.
 */
export const DecideReturnSchema = z
  .object({
    decision: z.enum(returnDecisions, { error: returnMessages.decisionRequired }),
    reason: reasonText(returnMessages.decisionReasonRequired),
    amountCents: z
      .number({ error: 'Enter an amount in whole cents, more than nothing' })
      .int('Enter an amount in whole cents, more than nothing')
      .min(1, 'Enter an amount in whole cents, more than nothing')
      .optional(),
  })
  .refine((body) => body.amountCents === undefined || body.decision === 'refund', {
    message: returnMessages.amountOnlyForRefund,
    path: ['amountCents'],
  })
  .meta({ id: 'DecideReturn' });
export type DecideReturnInput = z.input<typeof DecideReturnSchema>;

/** The return parcel: its prepaid label's carrier and tracking, and where the carrier says it is. */
export const ReturnParcelSchema = z
  .object({
    carrier: z.string().nullable(),
    trackingCode: z.string().nullable(),
    status: z.enum(trackingStatuses).nullable(),
    updatedAt: z.iso.datetime({ offset: true }).nullable(),
    /** The carrier's delivered scan at the seller's: the return arrived. */
    deliveredAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'ReturnParcel' });
export type ReturnParcel = z.infer<typeof ReturnParcelSchema>;

/** An order's return as its buyer, its seller and the admins read it. */
export const OrderReturnSchema = z
  .object({
    id: z.uuid(),
    orderId: z.uuid(),
    status: z.enum(returnStatuses),
    /** The buyer's words. */
    reason: z.string(),
    photos: z.array(ProductPhotoSchema),
    createdAt: z.iso.datetime({ offset: true }),
    /** The seller answers by then (2 business days); past it, an admin decides. */
    sellerAnswerBy: z.iso.datetime({ offset: true }),
    /** The seller's answer and when; null before it (and when they never answered). */
    sellerAnswer: z.enum(['accepted', 'declined']).nullable(),
    sellerAnsweredAt: z.iso.datetime({ offset: true }).nullable(),
    /** Why the seller declined. */
    declineReason: z.string().nullable(),
    /** The seller did not answer in time: an admin decides. */
    escalatedAt: z.iso.datetime({ offset: true }).nullable(),
    /** The prepaid return label's parcel, once bought. */
    parcel: ReturnParcelSchema.nullable(),
    arrivedAt: z.iso.datetime({ offset: true }).nullable(),
    /** The seller typed the sold phone's IMEI (match) or another one (mismatch), and when. */
    imeiCheck: z.enum(['match', 'mismatch']).nullable(),
    imeiCheckedAt: z.iso.datetime({ offset: true }).nullable(),
    /** An admin's decision with its reason, which both parties read. */
    decision: z
      .object({
        decision: z.enum(returnDecisions),
        reason: z.string(),
        decidedAt: z.iso.datetime({ offset: true }),
      })
      .nullable(),
    /** The refund of the return: null for all that the buyer paid (or no refund yet), else the part. */
    refundCents: z.number().int().nullable(),
    refundedAt: z.iso.datetime({ offset: true }).nullable(),
    /** The seller put the phone back on sale. */
    relistedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'OrderReturn' });
export type OrderReturn = z.infer<typeof OrderReturnSchema>;

export const ReturnIdParamsSchema = z.object({ id: text().max(64) });

/** One return on the admins' Returns screen, with the order's facts. */
export const AdminReturnSchema = z
  .object({
    return: OrderReturnSchema,
    order: z.object({
      id: z.uuid(),
      priceCents: z.number().int(),
      progress: z.enum(orderProgresses),
      /** What the buyer paid (the price and any service fee), and what was refunded of it so far. */
      paidCents: z.number().int().nullable(),
      refundedCents: z.number().int(),
    }),
    product: z.object({ id: z.uuid(), name: z.string(), brand: z.string(), model: z.string(), imageUrl: z.string() }),
    buyer: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
    seller: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  })
  .meta({ id: 'AdminReturn' });
export type AdminReturn = z.infer<typeof AdminReturnSchema>;

export const AdminReturnPageSchema = z
  .object({ items: z.array(AdminReturnSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminReturnPage' });
export type AdminReturnPage = z.infer<typeof AdminReturnPageSchema>;

/** The audit log's actions of returns (subject: the return). */
export const returnAuditActions = {
  requested: 'order_return.requested',
  accepted: 'order_return.accepted',
  declined: 'order_return.declined',
  escalated: 'order_return.escalated',
  labelBought: 'order_return.label_bought',
  inTransit: 'order_return.in_transit',
  arrived: 'order_return.arrived',
  imeiMatched: 'order_return.imei_matched',
  imeiMismatched: 'order_return.imei_mismatched',
  decided: 'order_return.decided',
  relisted: 'order_return.relisted',
} as const;

/** The notifications' kinds of returns. */
export const returnNotificationKinds = {
  requested: 'return_requested',
  answered: 'return_answered',
  arrived: 'return_arrived',
  outcome: 'return_outcome',
} as const;
