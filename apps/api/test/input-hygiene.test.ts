/**
 * A NUL (or another control character) in any text a caller sends is refused at the contract: a
 * 400 that names the field with the catalogue's message, never a database error turned into a 500.
 */
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, messages } from '@recell/contract';
import { callerWithRole, headersOf, signUp, uniqueEmail, useCast, photo } from './support/accounts.ts';
import { useTestApp, unknownId } from './support/api.ts';
import { bookingFor, listPhone, postBooking, reportPhone } from './support/buying.ts';
import { filledListing, postListingForm, postListingJson } from './support/listings.ts';
import { isBadInputDatabaseError } from '../src/db/bad-input.ts';

const t = useTestApp();
const cast = useCast(t);

const nul = '\u0000';

/** 400 with `field` named by the control-character message. */
const expectRefused = (response: { statusCode: number; body: string; json: () => unknown }, field: string) => {
  expect(response.statusCode, response.body).toBe(400);
  const { error } = ErrorBodySchema.parse(response.json());
  expect(error.code).toBe('validation');
  expect(error.fields?.[field], response.body).toBeDefined();
  expect(error.fields?.[field], response.body).toBe(messages.controlCharacters);
};

describe('a NUL in the query string or the path', () => {
  it('is refused in the search of a category page', async () => {
    expectRefused(await t.app.inject({ url: `/api/categories/1/products?q=gal${encodeURIComponent(nul)}axy` }), 'q');
  });

  it('is refused in a category id', async () => {
    expectRefused(await t.app.inject({ url: `/api/categories/1${encodeURIComponent(nul)}/products` }), 'id');
  });

  it('is refused in a cursor and in a product id', async () => {
    expectRefused(await t.app.inject({ url: `/api/advertised?cursor=${encodeURIComponent(nul)}` }), 'cursor');
    expectRefused(await t.app.inject({ url: `/api/products/${encodeURIComponent(`${unknownId}${nul}`)}` }), 'id');
  });

  it("is refused in the admin's search and in an account id", async () => {
    const headers = headersOf(cast.admin);
    expectRefused(
      await t.app.inject({ url: `/api/admin/users?role=user&q=a${encodeURIComponent(nul)}`, headers }),
      'q',
    );
    expectRefused(
      await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${encodeURIComponent(nul)}`, headers }),
      'id',
    );
  });

  it('is refused in a wishlist and an order id', async () => {
    const headers = headersOf(cast.buyer);
    expectRefused(
      await t.app.inject({ method: 'PUT', url: `/api/me/wishlist/${encodeURIComponent(nul)}`, headers }),
      'productId',
    );
    expectRefused(await t.app.inject({ url: `/api/orders/${encodeURIComponent(nul)}`, headers }), 'id');
  });
});

describe('a NUL in a JSON body', () => {
  it.each(['name', 'brand', 'model', 'used', 'location', 'authenticity', 'features', 'description'])(
    "is refused in a listing's %s",
    async (field) => {
      const body = { ...filledListing({ [field]: `Pixel${nul}8` }), imageId: 'a'.repeat(64) };
      expectRefused(await postListingJson(t, headersOf(cast.seller), body), field);
    },
  );

  it("is refused in a booking's location", async () => {
    const phone = await listPhone(t, cast.seller);
    expectRefused(await postBooking(t, cast.buyer, bookingFor(phone.id, { location: `Chicago${nul}` })), 'location');
  });

  it("is refused in a report's text, though its line breaks are kept", async () => {
    const phone = await listPhone(t, cast.seller);
    expectRefused(await reportPhone(t, cast.buyer, phone.id, { reason: 'other', text: `Fake${nul}` }), 'text');
    const lines = await reportPhone(t, cast.buyer, phone.id, { reason: 'other', text: 'Fake.\r\nThe box\tis empty.' });
    expect(lines.statusCode, lines.body).toBe(201);
  });

  it('is refused in a new name and on logging in', async () => {
    const buyer = await callerWithRole(t, 'user');
    const rename = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: buyer.headers,
      payload: { name: `Dan${nul}` },
    });
    expectRefused(rename, 'name');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.test', password: `secret${nul}x` },
    });
    expectRefused(login, 'password');
  });

  it("is refused in a payment's processor ids", async () => {
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${unknownId}/pay`,
      headers: headersOf(cast.buyer),
      payload: { paymentIntentId: `pi_${nul}` },
    });
    expectRefused(pay, 'paymentIntentId');
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/test-processor/payment-intents/${encodeURIComponent(`pi_${nul}`)}/confirm`,
      payload: { clientSecret: 'secret', number: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expectRefused(confirm, 'id');
    const secret = await t.app.inject({
      method: 'POST',
      url: '/api/test-processor/payment-intents/pi_1/confirm',
      payload: { clientSecret: `s${nul}`, number: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expectRefused(secret, 'clientSecret');
  });
});

describe('a NUL in a multipart form', () => {
  it("is refused in a listing's field", async () => {
    const response = await postListingForm(t, headersOf(cast.seller), filledListing({ location: `Austin${nul}` }), {
      bytes: await photo(),
    });
    expectRefused(response, 'location');
  });

  it("is refused in sign-up's name", async () => {
    const response = await signUp(t, {
      name: `Eve${nul}`,
      email: uniqueEmail(),
      password: 'secret-passphrase',
      role: 'user',
    });
    expectRefused(response, 'name');
  });

  it('refuses a line break in a single-line field', async () => {
    const body = { ...filledListing({ name: 'Pixel\n8' }), imageId: 'a'.repeat(64) };
    expectRefused(await postListingJson(t, headersOf(cast.seller), body), 'name');
  });
});

describe('the net behind the contract', () => {
  it('knows the database errors that bad input raises (answered 400 by the error handler)', async () => {
    // A query the contract never sees: text the database cannot take.
    const client = (t.app.db as unknown as { $client: { query: (sql: string, params: unknown[]) => Promise<unknown> } })
      .$client;
    const error = await client.query('select $1::text as value', [`a${nul}b`]).then(
      () => undefined,
      (e: unknown) => e,
    );
    const uuid = await client.query('select $1::uuid as value', ['not-a-uuid']).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isBadInputDatabaseError(uuid)).toBe(true);
    if (error !== undefined) expect(isBadInputDatabaseError(error)).toBe(true);
  });
});
