/**
 * Fixtures of the shipping port's tests (the built-in test carrier and the EasyPost client): a
 * seller's and a buyer's postal address in Illinois that both carriers verify, and a phone's parcel.
 *
 *   const from = await verified(sellerAddress);
 *   const shipment = await carrier.createShipment({ from, to: await verified(buyerAddress), parcel: phoneParcel });
 */
import type { Parcel, PostalAddress } from '../../src/adapters/shipping/index.ts';

export const sellerAddress: PostalAddress = {
  name: 'Sam Seller',
  line1: '1 Main Street',
  line2: null,
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '',
};

export const buyerAddress: PostalAddress = {
  ...sellerAddress,
  name: 'Bo Buyer',
  line1: '9 Oak Avenue',
  city: 'Chicago',
  postalCode: '60601',
};

/** A boxed phone: 400 g, 18 × 11 × 6 cm. */
export const phoneParcel: Parcel = { weightGrams: 400, lengthMm: 180, widthMm: 110, heightMm: 60 };
