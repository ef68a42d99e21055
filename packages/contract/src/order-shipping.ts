/**
 * A shipped order's label (docs/decisions/0073): the order's seller asks the carrier's rates for
 * the parcel, from their ship-from address to the buyer's, and buys one label; the order is then
 * shipped and follows its parcel (decision 0072). Only for an order booked with shipping, paid,
 * not refunded and still awaiting hand-over; one label per order.
 */
import { z } from './zod.ts';
import { text } from './text.ts';

/** The API's refusals of the label's steps. */
export const orderShippingMessages = {
  notShipping: 'This order is handed over at a meeting, so it has no shipping label',
  shipsWithLabel: 'This order ships: buy a shipping label for it',
  noShipFrom: 'Choose the address you ship from on the Addresses page first',
  labelAlreadyBought: 'A label was already bought for this order',
  noRates: 'Get the shipping rates first',
  noLabel: 'No label was bought for this order',
  rateRequired: 'Choose a rate',
  carrierUnavailable: 'The carrier could not be reached. Try again in a moment.',
  noRatesToAddress: 'The carrier has no rate to this address: book a meeting instead',
} as const;

/** One of the carrier's offers for the parcel. */
export const ShippingRateSchema = z
  .object({
    id: z.string(),
    carrier: z.string(),
    service: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    /** Business days the carrier promises; null when it promises none. */
    deliveryDays: z.number().int().nullable(),
  })
  .meta({ id: 'ShippingRate' });
export type ShippingRate = z.infer<typeof ShippingRateSchema>;

export const ShippingRatesSchema = z.object({ rates: z.array(ShippingRateSchema) }).meta({ id: 'ShippingRates' });
export type ShippingRates = z.infer<typeof ShippingRatesSchema>;

/** Buy the label of one of the rates the last rates call answered. */
export const BuyLabelSchema = z
  .object({
    rateId: text({ error: orderShippingMessages.rateRequired })
      .trim()
      .min(1, orderShippingMessages.rateRequired)
      .max(100),
  })
  .meta({ id: 'BuyLabel' });
export type BuyLabelInput = z.input<typeof BuyLabelSchema>;
