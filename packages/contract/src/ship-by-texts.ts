/**
 * Texts of a shipped order's deadline (docs/decisions/0075): the order's page line, the seller's
 * reminder, the cancellation both parties read, and the admins' Missed drop-offs page.
 */
import { formatPrice } from './money.ts';

/** The deadline in words, in UTC (the business days are UTC's): "Tue, Dec 1, 14:05 UTC". */
export const formatShipBy = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  })} UTC`;

export const shipByTexts = {
  /** The order's page, while the parcel is not yet with the carrier. */
  shipBy: (iso: string) => `Ship by ${formatShipBy(iso)}`,
  sellerHint:
    'Hand the parcel to the carrier by then: a label alone does not count. If the carrier has not scanned it by then, the order is cancelled and the buyer refunded.',
  buyerHint: 'If the carrier has not scanned the parcel by then, the order is cancelled and you are refunded in full.',
  /** The order's page once the deadline was missed. */
  missed: (iso: string) => `Cancelled: the phone was not shipped by ${formatShipBy(iso)}`,
  /** The reason of the problem report the job opens for the refund. */
  problemReason: (iso: string) =>
    `The seller did not ship by ${formatShipBy(iso)}: the order was cancelled and the buyer refunded.`,
} as const;

export const shipByEmails = {
  reminder: (productName: string, shipByIso: string) => ({
    subject: `Ship ${productName} by ${formatShipBy(shipByIso)}`,
    text:
      `You sold ${productName}. Please hand the parcel to the carrier by ${formatShipBy(shipByIso)}.\n` +
      `\nBuying the label is not enough: the carrier must have scanned the parcel by then. Otherwise the order ` +
      `is cancelled and the buyer refunded.`,
  }),
  missedSeller: (productName: string, shipByIso: string) => ({
    subject: `Order of ${productName} cancelled: not shipped in time`,
    text:
      `The carrier had not scanned the parcel of ${productName} by ${formatShipBy(shipByIso)}, so the order ` +
      `was cancelled and the buyer is refunded. You will not be paid for it; an unused label is refunded ` +
      `at the carrier. Please do not send the phone.`,
  }),
  missedBuyer: (productName: string, shipByIso: string, amountCents: number) => ({
    subject: `Order of ${productName} cancelled: you are refunded`,
    text:
      `The seller did not ship ${productName} by ${formatShipBy(shipByIso)}, so the order was cancelled. ` +
      `Your payment of ${formatPrice(amountCents)} is being refunded in full to your card.`,
  }),
} as const;

/** The admins' Missed drop-offs page. */
export const missedDropOffTexts = {
  heading: 'Missed drop-offs',
  menu: 'Missed drop-offs',
  intro:
    'Paid orders whose parcel the carrier had not scanned by their ship-by time: each was cancelled and its buyer refunded.',
  tableLabel: 'Missed drop-offs, newest first',
  empty: 'No order has missed its drop-off.',
  loadFailed: 'Missed drop-offs could not be loaded. Try again.',
  loadMore: 'Show older',
  columns: {
    order: 'Order',
    seller: 'Seller',
    shipBy: 'Ship by',
    label: 'Label',
    outcome: 'Outcome',
  },
  missedCount: (count: number) => (count === 1 ? '1 missed drop-off' : `${count} missed drop-offs`),
  labelNone: 'None bought',
  labelBought: (isRefunded: boolean) => (isRefunded ? 'Bought, refunded' : 'Bought, not refunded'),
  outcome: (refund: string | null) =>
    refund === 'refunded'
      ? 'Cancelled, buyer refunded'
      : refund === 'refund_failed'
        ? 'Cancelled, refund failed: see Order problems'
        : refund === 'refunding'
          ? 'Cancelled, refund under way'
          : 'Cancelled',
} as const;
