/**
 * What a shipped order asks the carrier (docs/decisions/0073, 0076): the one boxed phone every
 * shipment is for, the carrier's answers in the API's words, and the booking's shipping quote.
 * Every call here is a network call: callers make none with a transaction open.
 */
import { orderShippingMessages } from '@recell/contract';
import {
  ShippingRefusedError,
  ShippingUnavailableError,
  type Parcel,
  type ShippingPort,
  type VerifiedAddress,
} from '../../adapters/shipping/index.ts';
import { AppError, conflict } from '../../errors.ts';

/** One boxed phone: what every label is bought for (the seller does not weigh it). */
export const phoneParcel: Parcel = { weightGrams: 400, lengthMm: 180, widthMm: 100, heightMm: 60 };

/** The carrier's refusal is the caller's to read (a rate gone); its silence a 503 to try again. */
export const carrierCall = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ShippingUnavailableError)
      throw new AppError('unavailable', orderShippingMessages.carrierUnavailable);
    if (error instanceof ShippingRefusedError) throw conflict(error.message);
    throw error;
  }
};

/**
 * What the buyer pays for shipping when they pay it: the carrier's cheapest rate for the phone
 * between the two addresses, so the booking asks the buyer to choose nothing more.
 */
export const cheapestShippingCents = async (
  shipping: ShippingPort,
  from: VerifiedAddress,
  to: VerifiedAddress,
): Promise<number> => {
  const shipment = await carrierCall(() => shipping.createShipment({ from, to, parcel: phoneParcel }));
  const amounts = shipment.rates
    .map((rate) => rate.amountCents)
    .filter((cents) => Number.isInteger(cents) && cents > 0);
  if (amounts.length === 0) throw conflict(orderShippingMessages.noRatesToAddress);
  return Math.min(...amounts);
};
