/**
 * Helpers for tests of delivery addresses: a form the built-in test carrier verifies (its rules:
 * src/adapters/shipping/test-addresses.ts), and adding it through the real API.
 *
 *   const address = await addAddress(t, cast.buyer);                // POST /api/me/addresses → the Address (201 or throws)
 *   const other = await addAddress(t, cast.buyer, { city: 'Austin' });
 */
import { AddressSchema, type Address } from '@recell/contract';
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
