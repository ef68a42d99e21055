import {
  buyingTexts,
  messages,
  orderShortStatusTexts,
  type Order,
  type OrderShortStatus,
  type OrderStatus,
  type ProductStatus,
} from '@recell/contract';

/** A phone's sales status as the tables show it: 'Available', 'Sold' (docs/product.md, States and rules) or 'Removed'. */
export const productStatusLabel = (status: ProductStatus) =>
  status === 'available'
    ? messages.statusAvailable
    : status === 'sold'
      ? messages.statusSold
      : buyingTexts.statusRemoved;

/** An order's state as a payment shows it: 'Paid', 'Booked' or 'Cancelled'. */
export const orderStatusLabel = (status: OrderStatus) =>
  status === 'paid' ? messages.paid : status === 'booked' ? buyingTexts.statusBooked : buyingTexts.statusCancelled;

type StatusView = Pick<Order, 'status' | 'progress' | 'refundedAt' | 'problem'>;

/**
 * Where an order stands, in a word or two: booked, then (once paid) the step it is at; a refund or
 * a problem report being decided comes before the step, as it is what the parties need to know.
 */
export const orderShortStatusOf = (order: StatusView): OrderShortStatus => {
  if (order.status !== 'paid') return order.status;
  if (order.refundedAt) return 'refunded';
  // A refund that failed is back with an admin, as a new report is.
  if (order.problem?.status === 'open' || order.problem?.status === 'refund_failed') return 'problem';
  if (order.problem?.status === 'refunding') return 'refunding';
  return order.progress ?? 'awaiting_handover';
};

export const orderShortStatusLabel = (order: StatusView) => orderShortStatusTexts[orderShortStatusOf(order)];

/** The pill's colour: green once completed, amber while something waits for an admin, grey when over. */
export const orderShortStatusTone = (order: StatusView) => {
  const status = orderShortStatusOf(order);
  if (status === 'completed') return 'good';
  if (status === 'problem' || status === 'refunding' || status === 'lost' || status === 'returned_to_sender')
    return 'bad';
  if (status === 'refunded' || status === 'cancelled') return 'muted';
  return 'neutral';
};
