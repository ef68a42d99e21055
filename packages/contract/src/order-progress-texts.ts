/**
 * Texts of a paid order's progress: the step indicator and actions on the order's page, the
 * admin's Order problems screen, and the emails of each event. The API's refusals live in
 * order-progress.ts (`orderProgressMessages`). Shared so the browser tests find controls by the
 * names the app gives them.
 *
 * Their own module: only lazily loaded dashboard pages (and the API) use these.
 */
import { formatPrice } from './money.ts';
import { orderProgressLimits } from './order-progress-limits.ts';
import type { OrderProblemStatus } from './order-progress.ts';
import type { OrderProgress } from './constants.ts';

export const orderProgressTexts = {
  // The step indicator
  progressLabel: 'Order progress',
  steps: { paid: 'Paid', handedOver: 'Handed over', completed: 'Completed' },
  shippedStep: 'Shipped',
  currentStep: 'current step',
  doneStep: 'done',
  stepStatus: {
    awaiting_handover: 'Waiting for the seller to hand the phone over',
    handed_over: 'Handed over: waiting for the buyer to confirm receipt',
    shipped: 'Shipped: waiting for the buyer to confirm receipt',
    in_transit: 'In transit: the carrier is bringing the parcel',
    delivered: 'Delivered: waiting for the buyer to confirm receipt',
    returned_to_sender: 'Returned: the carrier is returning the parcel to the seller',
    lost: 'Lost: the carrier could not deliver the parcel',
    completed: 'Completed',
  } satisfies Record<OrderProgress, string>,
  trackingNoteShown: (note: string) => `Tracking: ${note}`,

  // Seller's actions (My Sales)
  markHandedOver: 'Mark handed over',
  markingHandedOver: 'Saving…',
  markShipped: 'Mark shipped',
  shipTitle: (productName: string) => `Ship ${productName}`,
  trackingNote: 'Tracking note (optional)',
  trackingNoteHint: 'The carrier and tracking number, if you have one',
  confirmShipped: 'Mark shipped',
  shipping: 'Saving…',
  handedOverToast: 'Marked handed over',
  shippedToast: 'Marked shipped',

  // Buyer's actions (My Orders)
  confirmReceipt: 'Confirm receipt',
  confirmingReceipt: 'Confirming…',
  receiptToast: 'Thank you! The order is completed',
  reportProblem: 'Report a problem',
  problemTitle: (productName: string) => `Report a problem with ${productName}`,
  problemReason: 'What went wrong?',
  problemHint: 'An admin reads it and may refund your payment.',
  submitProblem: 'Send report',
  sendingProblem: 'Sending…',
  problemToast: 'Your report was sent to the admins',
  cancel: 'Cancel',
  problemStatus: {
    open: 'Problem reported: an admin will look at it',
    refunding: 'Refund under way',
    refund_failed: 'Refund failed: an admin has been told',
    refunded: 'Refunded by an admin',
    closed: 'Problem report closed without a refund',
  } satisfies Record<OrderProblemStatus, string>,

  // Admin: Order problems
  adminTitle: 'Order problems',
  /** The admin's link to the order's messages while its problem is undecided. */
  readMessages: 'Read the buyer and seller’s messages',
  adminEmpty: 'No open order problems',
  columns: {
    phone: 'Phone',
    price: 'Price',
    buyer: 'Buyer',
    seller: 'Seller',
    progress: 'Progress',
    problem: 'Problem',
    action: 'Action',
  },
  paidAt: 'Paid',
  handedOverAt: 'Handed over',
  reportedAt: 'Reported',
  transaction: 'Payment',
  refund: 'Refund',
  /** The admin's flag on a report whose refund failed (Refund tries again). */
  refundFailedFlag: 'Failed, nothing was refunded: refund again, or close the report',
  close: 'Close',
  refundTitle: (productName: string) => `Refund ${productName}?`,
  refundText: (priceCents: number) =>
    `The buyer gets ${formatPrice(priceCents)} back on their card. The phone stays sold and the sale leaves the seller’s record.`,
  /** The admin's refund: all that is left of the payment unless they type less. */
  refundAmount: 'Amount to refund (USD)',
  refundAmountHint: (leftCents: number) =>
    `Up to ${formatPrice(leftCents)}, all that the buyer paid and was not refunded yet. A smaller amount refunds part of it; the seller and the marketplace’s fee each give back their share.`,
  refundAmountInvalid: 'Enter an amount in dollars and cents, more than nothing',
  confirmRefund: 'Refund',
  refunding: 'Refunding…',
  closeTitle: (productName: string) => `Close the problem with ${productName}?`,
  closeText: 'The report is closed without a refund; the order completes as usual.',
  confirmClose: 'Close without refund',
  closing: 'Closing…',
  refundedToast: 'Refunded',
  closedToast: 'Problem closed',
  loadMore: 'Load more',
} as const;

/** The emails of each event (plain text). */
export const orderProgressEmails = {
  handedOver: (productName: string) => ({
    subject: `${productName} was handed over to you`,
    text:
      `The seller marked ${productName} as handed over to you.\n\n` +
      `Please confirm receipt on the order's page. If something is wrong, report a problem there within ` +
      `${orderProgressLimits.problemWindowHours} hours. The order completes on its own after ` +
      `${orderProgressLimits.autoCompleteDays} days.`,
  }),
  shipped: (productName: string, trackingNote: string | null) => ({
    subject: `${productName} was shipped to you`,
    text:
      `The seller shipped ${productName}.\n` +
      (trackingNote ? `Tracking: ${trackingNote}\n` : '') +
      `\nPlease confirm receipt on the order's page when it arrives. If something is wrong, report a problem there ` +
      `within ${orderProgressLimits.problemWindowHours} hours of the shipping. The order completes on its own ` +
      `after ${orderProgressLimits.autoCompleteDays} days.`,
  }),
  /** To the buyer: the carrier's delivered scan starts the problem window. */
  parcelDelivered: (productName: string) => ({
    subject: `${productName} was delivered`,
    text:
      `The carrier delivered ${productName} to you.\n\n` +
      `You have ${orderProgressLimits.problemWindowHours} hours to report a problem on the order's page. ` +
      `Please confirm receipt there once you have checked the phone. The order completes on its own ` +
      `${orderProgressLimits.autoCompleteDays} days after the delivery.`,
  }),
  /** To the buyer and the seller: the carrier is returning the parcel. */
  parcelReturned: (productName: string, to: 'buyer' | 'seller') => ({
    subject: `${productName} is being returned to the seller`,
    text:
      `The carrier reports that the parcel with ${productName} is being returned to the seller.\n\n` +
      (to === 'buyer'
        ? `The order will not complete on its own. You can report a problem on the order's page at any time, and an admin may refund your payment.`
        : `The order will not complete on its own. The buyer can report a problem, and an admin may refund them.`),
  }),
  /** To the buyer and the seller: the carrier lost the parcel (or could not deliver it). */
  parcelLost: (productName: string, to: 'buyer' | 'seller') => ({
    subject: `The parcel with ${productName} was lost`,
    text:
      `The carrier reports that it could not deliver the parcel with ${productName}.\n\n` +
      (to === 'buyer'
        ? `The order will not complete on its own. You can report a problem on the order's page at any time, and an admin may refund your payment.`
        : `The order will not complete on its own. The buyer can report a problem, and an admin may refund them.`),
  }),
  completed: (productName: string, automatically: boolean) => ({
    subject: `The sale of ${productName} is completed`,
    text: automatically
      ? `The sale of ${productName} completed on its own ${orderProgressLimits.autoCompleteDays} days after the hand-over (or the delivery).`
      : `The buyer confirmed receiving ${productName}. The sale is completed.`,
  }),
  refunded: (productName: string, priceCents: number) => ({
    subject: `Problem report on ${productName}: refunded`,
    text:
      `An admin decided the problem report on the order of ${productName}: the buyer's payment of ` +
      `${formatPrice(priceCents)} was refunded to their card.`,
  }),
  partlyRefunded: (productName: string, refundCents: number) => ({
    subject: `Problem report on ${productName}: partly refunded`,
    text:
      `An admin decided the problem report on the order of ${productName}: ${formatPrice(refundCents)} of ` +
      `the buyer's payment was refunded to their card.`,
  }),
  closed: (productName: string) => ({
    subject: `Problem report on ${productName}: closed`,
    text:
      `An admin decided the problem report on the order of ${productName}: it was closed without a refund. ` +
      `The order completes as usual.`,
  }),
} as const;
