/**
 * Texts of a shipped order's label on the order's page (docs/decisions/0073): the seller's
 * "Buy a shipping label" dialog and the printable label. The API's refusals live in
 * order-shipping.ts (`orderShippingMessages`).
 */
import { formatPrice } from './money.ts';
import { orderProgressLimits } from './order-progress-limits.ts';

export const shippingTexts = {
  buyLabel: 'Buy a shipping label',
  /** The next step of an order booked with shipping, awaiting hand-over. */
  yourTurnToShip: 'Your turn: buy a shipping label and send the phone',
  waitingForShipping: 'Waiting for the seller to ship the phone',
  dialogTitle: (productName: string) => `Ship ${productName}`,
  loadingRates: 'Asking the carrier for rates…',
  ratesLegend: 'Choose a service',
  rate: (carrier: string, service: string) => `${service} · ${carrier}`,
  ratePrice: (amountCents: number) => formatPrice(amountCents),
  deliveryDays: (days: number | null) =>
    days === null ? 'No delivery time promised' : days === 1 ? '1 business day' : `${days} business days`,
  noRates: 'The carrier offers no rate for this parcel.',
  noShipFrom: 'Choose the address you ship from before buying a label.',
  /** The booking dialog, shipping chosen: who pays for it (`SHIPPING_PAID_BY`). */
  bookingPaidByBuyer: 'The carrier’s rate for shipping is added to what you pay.',
  bookingPaidBySeller: 'Shipping is free for you: the seller pays for it.',
  /** Shown to the seller when sellers pay for shipping (`SHIPPING_PAID_BY=seller`). */
  paidFromPayout: 'The label’s cost is taken from your payout.',
  chooseShipFrom: 'Go to Addresses',
  confirm: 'Buy label',
  buying: 'Buying…',
  cancel: 'Cancel',
  bought: 'Label bought: the order is shipped',
  printLabel: 'Print label',
  preparingLabel: 'Opening the label…',
  labelFileName: (orderId: string) => `label-${orderId}.pdf`,
} as const;

/** The buyer's email when the seller bought the label (an `order_handed_over` notification). */
export const shippingEmails = {
  labelBought: (productName: string, carrier: string, trackingCode: string) => ({
    subject: `${productName} was shipped to you`,
    text:
      `The seller shipped ${productName} with ${carrier}.\n` +
      `Tracking code: ${trackingCode}\n` +
      `\nThe order's page shows where the parcel is. Once it is delivered, please confirm receipt there; if ` +
      `something is wrong, report a problem within ${orderProgressLimits.problemWindowHours} hours of the delivery. ` +
      `The order completes on its own ${orderProgressLimits.autoCompleteDays} days after the delivery.`,
  }),
} as const;
