import { buyingTexts, messages, type OrderStatus, type ProductStatus } from '@recell/contract';

/** A phone's sales status as the tables show it: 'Available', 'Sold' (spec §4) or 'Removed'. */
export const productStatusLabel = (status: ProductStatus) =>
  status === 'available'
    ? messages.statusAvailable
    : status === 'sold'
      ? messages.statusSold
      : buyingTexts.statusRemoved;

/** An order's state as My Sales shows it: 'Paid', 'Booked' or 'Cancelled'. */
export const orderStatusLabel = (status: OrderStatus) =>
  status === 'paid' ? messages.paid : status === 'booked' ? buyingTexts.statusBooked : buyingTexts.statusCancelled;
