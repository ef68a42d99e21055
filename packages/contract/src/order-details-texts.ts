/**
 * Texts of an order's own page (the phone, the price, the timeline, the next step, the messages and
 * help) and of the short status My Orders and My Sales show for each order. No zod here: only the
 * lazily loaded dashboard pages use these. Shared so the browser tests find controls by the names
 * the app gives them.
 */
import { orderProgressLimits } from './order-progress-limits.ts';
import type { OrderProblemStatus, TrackingStatus } from './order-progress.ts';
import type { OrderNextStep, OrderTimelineKind } from './order-details.ts';

/** The web page of one order (notifications and emails link to it; the web's dashboard paths too). */
export const orderPagePath = (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}`;

/** An order's status in one or two words, as My Orders and My Sales show it. */
export const orderShortStatusTexts = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  awaiting_handover: 'Awaiting hand-over',
  handed_over: 'Handed over',
  shipped: 'Shipped',
  in_transit: 'In transit',
  delivered: 'Delivered',
  returned_to_sender: 'Returned to seller',
  lost: 'Lost in shipping',
  completed: 'Completed',
  refunded: 'Refunded',
  problem: 'Problem reported',
  refunding: 'Refund under way',
} as const;
export type OrderShortStatus = keyof typeof orderShortStatusTexts;

export const orderDetailsTexts = {
  pageTitle: 'Order',
  heading: (productName: string) => `Order of ${productName}`,
  /** The link from a row of My Orders or My Sales to the order's page. */
  viewOrder: 'View order',
  /** The tables' column of that link. */
  columnOrder: 'Order',
  backToOrders: 'Back to My Orders',
  backToSales: 'Back to My Sales',
  adminReading: 'You are reading this order because a problem report on it is open.',

  // The phone and the money
  phoneHeading: 'Phone',
  pricePaid: 'Price paid',
  priceToPay: 'Price',
  paymentLabel: 'Payment',
  /** The buyer's link from the order to its payment receipt. */
  viewReceipt: 'View receipt',
  payment: { unpaid: 'Not paid yet', paid: 'Paid', refunded: 'Refunded' },
  viewListing: 'See the listing',
  listingGone: 'This listing was removed.',
  sellerLabel: 'Seller',
  buyerLabel: 'Buyer',
  phoneNumber: 'Phone number',
  email: 'Email',
  meetingLocation: 'Meeting location',
  trackingNote: 'Tracking note',

  // The tracked parcel
  parcelHeading: 'Parcel',
  carrier: 'Carrier',
  trackingCode: 'Tracking code',
  parcelStatus: 'Status',
  /** The carrier's status in words. */
  trackingStatus: {
    unknown: 'No news from the carrier yet',
    pre_transit: 'Label printed: waiting for the carrier',
    in_transit: 'In transit',
    out_for_delivery: 'Out for delivery',
    available_for_pickup: 'Ready to pick up',
    delivered: 'Delivered',
    return_to_sender: 'Being returned to the seller',
    failure: 'Lost or undeliverable',
    cancelled: 'Cancelled by the carrier',
  } satisfies Record<TrackingStatus, string>,
  parcelUpdatedAt: 'Last update',
  parcelEventsHeading: 'The carrier’s updates',
  parcelEventColumns: { time: 'Time', place: 'Place', message: 'Update' },
  parcelNoEvents: 'No updates from the carrier yet.',
  parcelPlaceUnknown: '—',

  // The timeline
  timelineHeading: 'Timeline',
  timeline: {
    booked: 'Booked',
    paid: 'Paid',
    handed_over: 'Handed over',
    shipped: 'Shipped',
    in_transit: 'In transit',
    delivered: 'Delivered',
    returned_to_sender: 'Returned to the seller by the carrier',
    lost: 'Lost by the carrier',
    problem_reported: 'Problem reported',
    problem_closed: 'Problem report closed without a refund',
    refunded: 'Refunded',
    completed: 'Completed',
    rated: 'Seller rated',
    rating_replied: 'Seller replied to the rating',
  } satisfies Record<OrderTimelineKind, string>,
  /** A step still to come (no date yet). */
  handoverToCome: 'Handed over or shipped',
  notYet: 'Not yet',
  stepDone: 'done',
  stepToCome: 'to come',
  cancelledNotice: 'This order was cancelled.',

  // The next step, in the caller's words: their own turn, or whom they wait for
  nextStepHeading: 'Next step',
  yourTurn: {
    pay: 'Your turn: pay for the phone',
    hand_over: 'Your turn: hand the phone over or ship it',
    deliver: 'The carrier is bringing the parcel',
    confirm_receipt: 'Your turn: confirm receipt once you have the phone',
    report_problem: 'Your turn: the parcel did not reach you. Report a problem so an admin can refund you',
    decide_problem: 'Your turn: decide the problem report',
    answer_return: 'Your turn: accept or decline the return',
    send_return: 'Your turn: print the return label and send the phone back',
    confirm_return_imei: 'Your turn: check the returned phone’s IMEI',
    decide_return: 'Your turn: decide the return',
    rate: 'Your turn: rate the seller',
  } satisfies Record<Exclude<OrderNextStep, 'none'>, string>,
  waitingFor: {
    pay: 'Waiting for the buyer to pay',
    hand_over: 'Waiting for the seller to hand the phone over or ship it',
    deliver: 'Waiting for the carrier to deliver the parcel',
    confirm_receipt: 'Waiting for the buyer to confirm receipt',
    report_problem: 'The parcel did not reach the buyer: waiting for them to report a problem',
    decide_problem: 'Waiting for an admin to decide the problem report',
    answer_return: 'Waiting for the seller to answer the return',
    send_return: 'Waiting for the buyer to send the phone back',
    confirm_return_imei: 'Waiting for the seller to check the returned phone’s IMEI',
    decide_return: 'Waiting for an admin to decide the return',
    rate: 'Waiting for the buyer to rate the sale',
  } satisfies Record<Exclude<OrderNextStep, 'none'>, string>,
  nothingLeft: {
    done: 'Nothing left to do: the order is completed.',
    refunded: 'Nothing left to do: the buyer’s payment was refunded.',
    cancelled: 'Nothing left to do: the order was cancelled.',
    notForSale: 'This phone is no longer for sale, so this order cannot be paid.',
  },
  autoCompleteHint: `If the buyer does not confirm receipt, the order completes on its own ${orderProgressLimits.autoCompleteDays} days after the hand-over.`,
  autoCompleteAfterDeliveryHint: `If the buyer does not confirm receipt, the order completes on its own ${orderProgressLimits.autoCompleteDays} days after the delivery.`,
  noAutoCompleteHint: 'The parcel did not reach the buyer, so the order does not complete on its own.',

  // Confirm receipt asks first
  confirmReceiptTitle: 'Confirm receipt?',
  confirmReceiptText:
    'Confirm only once you have the phone and it is as described. This cannot be undone: the order is completed and the seller is told.',
  confirmReceiptProblemHint: (until: string) => `You can still report a problem until ${until}.`,

  // The rating
  ratingHeading: 'Rating',
  ratingNotCounted: 'This rating does not count in the seller’s rating: the order was refunded.',

  // Messages and help
  messagesHeading: 'Messages',
  /** Above an order's messages, for its buyer and its seller: the seller's phone number is not shown. */
  arrangeInMessages:
    'The buyer and the seller arrange where and when to meet here, in the order’s messages. Contact details are hidden: keep the deal on ReCell, where your payment is protected.',
  helpHeading: 'Help',
  problemUntil: (until: string) =>
    `Something wrong with the phone? You can report a problem until ${until} (${orderProgressLimits.problemWindowHours} hours after the hand-over). An admin reads it and may refund your payment.`,
  problemUntilAfterDelivery: (until: string) =>
    `Something wrong with the phone? You can report a problem until ${until} (${orderProgressLimits.problemWindowHours} hours after the delivery). An admin reads it and may refund your payment.`,
  /** A tracked parcel on its way: the window has not started; a parcel that never comes may be reported. */
  problemBeforeDelivery: `Once the parcel is delivered, you have ${orderProgressLimits.problemWindowHours} hours to report a problem. If it does not arrive, you can report a problem now.`,
  /** Lost, or returned to the seller: no time limit. */
  problemParcelNotDelivered:
    'The parcel did not reach you. You can report a problem at any time; an admin reads it and may refund your payment.',
  problemWindowOver: (ended: string) => `The time to report a problem ended on ${ended}.`,
  problemBeforeHandover: `Once the seller hands the phone over or ships it, you have ${orderProgressLimits.problemWindowHours} hours to report a problem.`,
  sellerHelp: `The buyer can report a problem within ${orderProgressLimits.problemWindowHours} hours of the hand-over. An admin then decides it and may refund the buyer.`,
  sellerParcelHelp: `The buyer can report a problem within ${orderProgressLimits.problemWindowHours} hours of the parcel’s delivery, or at any time if it is lost or returned. An admin then decides it and may refund the buyer.`,
  problemState: (status: OrderProblemStatus) =>
    (
      ({
        open: 'A problem was reported. An admin will look at it.',
        refunding: 'An admin decided to refund the payment; the refund is under way.',
        refund_failed: 'The refund failed and nothing was refunded. An admin has been told and will decide again.',
        refunded: 'An admin refunded the buyer’s payment.',
        closed: 'An admin closed the problem report without a refund.',
      }) satisfies Record<OrderProblemStatus, string>
    )[status],
  problemReason: 'The report',
  contactUs: 'Contact ReCell',
} as const;
