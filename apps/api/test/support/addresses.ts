/**
 * Helpers for tests of delivery addresses: a form the built-in test carrier verifies (its rules:
 * src/adapters/shipping/test-addresses.ts), and adding it through the real API.
 *
 *   const address = await addAddress(t, cast.buyer);                // POST /api/me/addresses → the Address (201 or throws)
 *   const other = await addAddress(t, cast.buyer, { city: 'Austin' });
 *   await chooseShipFrom(t, cast.seller);                           // an address of the seller's, shipped from
 *   const shipTo = await verifiedShipTo(t);                         // the form as the carrier corrects it, for an order
 */
import { AddressListSchema, AddressSchema, type Address } from '@recell/contract';
import type { TestApp } from '../helpers.ts';
import { headersOf, type Caller } from './accounts.ts';

/** An address in Springfield, IL the test carrier verifies (typed carelessly: it tidies it). */
export const addressFormFor = (overrides: Record<string, unknown> = {}) => ({
  name: 'Daniel Kim',
  line1: '742 evergreen terrace',
  line2: 'apt 2',
  city: 'springfield',
  region: 'il',
  postalCode: '627019999',
  country: 'US',
  phone: '(217) 555-0134',
  ...overrides,
});

/** POST /api/me/addresses as `caller` with this body; the raw response. */
export const postAddress = (t: TestApp, caller: Caller | null, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/me/addresses',
    headers: { ...headersOf(caller), ...headers },
    payload: body as object,
  });

/** Adds an address for `caller` through the API and returns it; throws unless it is created. */
export const addAddress = async (
  t: TestApp,
  caller: Caller,
  overrides: Record<string, unknown> = {},
): Promise<Address> => {
  const response = await postAddress(t, caller, addressFormFor(overrides));
  if (response.statusCode !== 201) throw new Error(`adding an address failed: ${response.statusCode} ${response.body}`);
  return AddressSchema.parse(response.json());
};

/** DELETE /api/me/addresses/:id as `caller`; the raw response. */
export const removeAddress = (t: TestApp, caller: Caller | null, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/me/addresses/${id}`, headers: headersOf(caller) });

/** Adds an address for `seller` and makes it the one sold phones ship from (PUT /api/me/ship-from-address). */
export const chooseShipFrom = async (
  t: TestApp,
  seller: Caller,
  overrides: Record<string, unknown> = {},
): Promise<Address> => {
  const address = await addAddress(t, seller, overrides);
  const chosen = await t.app.inject({
    method: 'PUT',
    url: '/api/me/ship-from-address',
    headers: headersOf(seller),
    payload: { addressId: address.id },
  });
  if (chosen.statusCode !== 200) throw new Error(`choosing the ship-from address failed: ${chosen.body}`);
  return AddressListSchema.parse(chosen.json()).items.find((item) => item.id === address.id)!;
};

/** The address form as the app's carrier corrects it: what an order booked with shipping keeps (`shipTo`). */
export const verifiedShipTo = async (t: TestApp, overrides: Record<string, unknown> = {}) => {
  const verification = await t.app.shipping.verifyAddress(addressFormFor(overrides));
  if (!verification.verified) throw new Error(verification.reason);
  return verification.address;
};
