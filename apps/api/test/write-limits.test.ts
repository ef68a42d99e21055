/**
 * Write limits: uploads (per account and per IP), bookings, reports, wishlist writes and payment
 * attempts (per account, per IP when anonymous) answer 429 with Retry-After past their limit,
 * before anything is written; two API instances sharing Redis share each limit; with Redis
 * unreachable the writes are refused with 503 (fail closed).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, messages } from '@recell/contract';
import { defaultWriteLimits, loadConfig } from '../src/config.ts';
import { addresses, orders, products, reports, wishlist } from '../src/db/schema.ts';
import { insertCategories, insertUser } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { callerWithRole, password, randomIp, signUp, uniqueEmail, type Caller } from './support/accounts.ts';
import { addAddress, addressFormFor, postAddress, removeAddress } from './support/addresses.ts';
import { bookingFor, listPhone, postBooking } from './support/buying.ts';
import { multipartBody, phoneJpeg } from './support/images.ts';
import { filledListing } from './support/listings.ts';
import { bookAdvertisedPhone, requestIntent } from './support/payments.ts';
import { testRedis } from './support/redis.ts';

const windowSeconds = 600;
const small = {
  uploads: 3,
  uploadsPerIp: 5,
  bookings: 3,
  reports: 2,
  wishlist: 4,
  payments: 3,
  listingEdits: 3,
  addresses: 3,
};
/** Small limits through the environment, so the tests stay quick (and the variables are proven). */
const limitsEnv = {
  WRITE_LIMIT_WINDOW_SECONDS: String(windowSeconds),
  UPLOADS_PER_ACCOUNT: String(small.uploads),
  UPLOADS_PER_IP: String(small.uploadsPerIp),
  BOOKINGS_PER_ACCOUNT: String(small.bookings),
  REPORTS_PER_ACCOUNT: String(small.reports),
  WISHLIST_WRITES_PER_ACCOUNT: String(small.wishlist),
  PAYMENT_ATTEMPTS_PER_ACCOUNT: String(small.payments),
  LISTING_EDITS_PER_ACCOUNT: String(small.listingEdits),
  ADDRESS_WRITES_PER_ACCOUNT: String(small.addresses),
};

const expectLimited = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(ErrorBodySchema.parse(response.json())).toEqual({
    error: { code: 'rate_limited', message: messages.tooManyRequests },
  });
};

const wishlistWrite = (t: TestApp, caller: Pick<Caller, 'headers'>, productId: string, method: 'PUT' | 'DELETE') =>
  t.app.inject({ method, url: `/api/me/wishlist/${productId}`, headers: caller.headers });

describe('write limit configuration', () => {
  it('defaults per 10 minutes, 100 times higher under NODE_ENV=test unless set', () => {
    expect(loadConfig({}).writeLimits).toEqual({ windowSeconds: 600, ...defaultWriteLimits });
    expect(defaultWriteLimits).toEqual({
      uploadsPerAccount: 30,
      uploadsPerIp: 60,
      bookingsPerAccount: 20,
      reportsPerAccount: 10,
      wishlistWritesPerAccount: 120,
      paymentAttemptsPerAccount: 20,
      contactMessagesPerIp: 5,
      messagesPerAccount: 60,
      listingEditsPerAccount: 30,
      questionsPerAccount: 10,
      addressWritesPerAccount: 20,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).writeLimits.bookingsPerAccount).toBe(2000);
    expect(loadConfig({ NODE_ENV: 'test', BOOKINGS_PER_ACCOUNT: '3' }).writeLimits.bookingsPerAccount).toBe(3);
  });
});

describe('write limits, counted in memory (the default)', () => {
  let t: TestApp;
  let seller: Caller;
  let image: Buffer;
  beforeAll(async () => {
    t = await createTestApp(limitsEnv);
    await insertCategories(t.app.db);
    seller = await callerWithRole(t, 'seller');
    image = await phoneJpeg(64, 48);
  });
  afterAll(() => t.close());

  const upload = (caller: Caller, remoteAddress = randomIp()) => {
    const form = multipartBody([{ name: 'image', filename: 'phone.jpg', contentType: 'image/jpeg', bytes: image }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...caller.headers, ...form.headers },
      payload: form.payload,
      remoteAddress,
    });
  };

  it('refuses an account’s upload past its limit, from any IP; another account still uploads', async () => {
    const caller = await callerWithRole(t, 'seller');
    for (let i = 0; i < small.uploads; i++) expect((await upload(caller)).statusCode).toBe(201);
    expectLimited(await upload(caller));
    expect((await upload(await callerWithRole(t, 'seller'))).statusCode).toBe(201);
  });

  it('refuses uploads from one IP past its limit, whatever the accounts', async () => {
    const ip = randomIp();
    for (let i = 0; i < small.uploadsPerIp; i++) {
      expect((await upload(await callerWithRole(t, 'user'), ip)).statusCode).toBe(201);
    }
    expectLimited(await upload(await callerWithRole(t, 'user'), ip));
  });

  it('counts sign-up’s photo against the IP’s upload limit (there is no account yet)', async () => {
    const ip = randomIp();
    const signUpFrom = () =>
      signUp(t, { name: 'Ann', email: uniqueEmail(), password, role: 'user' }, { remoteAddress: ip });
    for (let i = 0; i < small.uploadsPerIp; i++) expect((await signUpFrom()).statusCode).toBe(201);
    expectLimited(await signUpFrom());
  });

  it('refuses a booking past the limit and books nothing', async () => {
    const buyer = await callerWithRole(t, 'user');
    for (let i = 0; i < small.bookings; i++) {
      const phone = await listPhone(t, seller);
      expect((await postBooking(t, buyer, bookingFor(phone.id))).statusCode).toBe(201);
    }
    const phone = await listPhone(t, seller);
    expectLimited(await postBooking(t, buyer, bookingFor(phone.id)));
    expect(await t.app.db.select().from(orders).where(eq(orders.productId, phone.id))).toEqual([]);
    // Another buyer is not affected.
    expect((await postBooking(t, await callerWithRole(t, 'user'), bookingFor(phone.id))).statusCode).toBe(201);
  });

  it('refuses a seller’s listing edit past the limit (fields or photos) and changes nothing', async () => {
    const editor = await callerWithRole(t, 'seller');
    const phone = await listPhone(t, editor, { name: 'Edited Often', priceCents: 30_000 });
    const edit = (price: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/products/${phone.id}`,
        headers: editor.headers,
        payload: filledListing({ name: 'Edited Often', price }),
      });
    for (let i = 0; i < small.listingEdits; i++) expect((await edit(String(300 - i))).statusCode).toBe(200);
    expectLimited(await edit('250'));
    const [row] = await t.app.db.select().from(products).where(eq(products.id, phone.id));
    expect(row?.priceCents).toBe(29_800);
    expectLimited(
      await t.app.inject({
        method: 'PUT',
        url: `/api/products/${phone.id}/photos`,
        headers: editor.headers,
        payload: { imageIds: ['0'.repeat(64)] },
      }),
    );
    // Another seller still edits.
    const other = await callerWithRole(t, 'seller');
    const theirs = await listPhone(t, other, { name: 'Edited Once', priceCents: 30_000 });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${theirs.id}`,
      headers: other.headers,
      payload: filledListing({ name: 'Edited Once', price: '290' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('refuses a report past the limit and files nothing', async () => {
    const buyer = await callerWithRole(t, 'user');
    const report = (productId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/products/${productId}/reports`,
        headers: buyer.headers,
        payload: { reason: 'fake', text: 'Looks like a replica.' },
      });
    for (let i = 0; i < small.reports; i++)
      expect((await report((await listPhone(t, seller)).id)).statusCode).toBe(201);
    const phone = await listPhone(t, seller);
    expectLimited(await report(phone.id));
    expect(await t.app.db.select().from(reports).where(eq(reports.productId, phone.id))).toEqual([]);
  });

  it('counts adding to and taking out of the wishlist, and refuses past the limit', async () => {
    const buyer = await callerWithRole(t, 'user');
    const phone = await listPhone(t, seller);
    for (let i = 0; i < small.wishlist; i++) {
      expect((await wishlistWrite(t, buyer, phone.id, i % 2 === 0 ? 'PUT' : 'DELETE')).statusCode).toBe(204);
    }
    expectLimited(await wishlistWrite(t, buyer, phone.id, 'PUT'));
    expect(await t.app.db.select().from(wishlist).where(eq(wishlist.userId, buyer.id))).toEqual([]);
    // Reading the wishlist is not a write.
    expect((await t.app.inject({ method: 'GET', url: '/api/me/wishlist', headers: buyer.headers })).statusCode).toBe(
      200,
    );
  });

  it('counts adding and removing addresses together, and refuses past the limit', async () => {
    const buyer = await callerWithRole(t, 'user');
    const kept = await addAddress(t, buyer);
    const removed = await addAddress(t, buyer, { line1: '1 Elm Street' });
    expect((await removeAddress(t, buyer, removed.id)).statusCode).toBe(204);
    expectLimited(await postAddress(t, buyer, addressFormFor({ line1: '2 Elm Street' })));
    expectLimited(await removeAddress(t, buyer, kept.id));
    const live = await t.app.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, buyer.id))
      .orderBy(addresses.createdAt);
    expect(live.map((row) => [row.line1, row.removedAt === null])).toEqual([
      ['742 Evergreen Terrace', true],
      ['1 Elm Street', false],
    ]);
    // Reading the addresses is not a write.
    expect((await t.app.inject({ url: '/api/me/addresses', headers: buyer.headers })).statusCode).toBe(200);
  });

  it('counts payment intents and payments together, and refuses past the limit', async () => {
    const buyer = await callerWithRole(t, 'user');
    const { order } = await bookAdvertisedPhone(t, seller, buyer);
    for (let i = 0; i < small.payments - 1; i++) expect((await requestIntent(t, buyer, order.id)).statusCode).toBe(200);
    const payment = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/pay`,
      headers: buyer.headers,
      payload: {},
    });
    expect(payment.statusCode).not.toBe(429);
    expectLimited(await requestIntent(t, buyer, order.id));
  });

  it('counts the test processor’s card confirmations per IP (they are anonymous)', async () => {
    const ip = randomIp();
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/test-processor/payment-intents/pi_unknown/confirm`,
        payload: { clientSecret: 'pi_unknown_secret', number: '4242424242424242', expiry: '12/40', cvc: '123' },
        remoteAddress: ip,
      });
    for (let i = 0; i < small.payments; i++) expect((await confirm()).statusCode).not.toBe(429);
    expectLimited(await confirm());
  });
});

/** A database of its own, so the keys written here never meet another suite's. */
const { url: redisDbUrl, hasRedis } = await testRedis(11);

describe.skipIf(!hasRedis)(`write limits shared through Redis (${redisDbUrl})`, () => {
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(redisDbUrl);
    [a, b] = await Promise.all([
      createTestApp({ ...limitsEnv, REDIS_URL: redisDbUrl }),
      createTestApp({ ...limitsEnv, REDIS_URL: redisDbUrl }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    const keys = await redis.keys('recell:write-limit:*');
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('two API instances share an account’s wishlist limit', async () => {
    // The same account in both instances' databases.
    const id = randomUUID();
    const callers = await Promise.all(
      [a, b].map(async (t) => {
        const user = await insertUser(t.app.db, { id, role: 'user' });
        const { token } = await t.app.accessTokens.sign({ userId: user.id, role: user.role });
        return { t, caller: { id, role: user.role, headers: { authorization: `Bearer ${token}` } } };
      }),
    );
    const unknownPhone = randomUUID();
    for (let i = 0; i < small.wishlist; i++) {
      const { t, caller } = callers[i % 2]!;
      expect((await wishlistWrite(t, caller, unknownPhone, 'PUT')).statusCode).toBe(404);
    }
    for (const { t, caller } of callers) expectLimited(await wishlistWrite(t, caller, unknownPhone, 'PUT'));
    expect((await redis.keys(`recell:write-limit:*wishlist:user:${id}`)).length).toBe(1);
  });

  describe('with Redis unreachable', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ ...limitsEnv, REDIS_URL: 'redis://127.0.0.1:1' });
      await insertCategories(t.app.db);
    });
    afterAll(() => t.close());

    it('refuses the writes with 503 and Retry-After (fail closed), and books nothing', async () => {
      const seller = await callerWithRole(t, 'seller');
      const buyer = await callerWithRole(t, 'user');
      const phone = await listPhone(t, seller);
      const response = await postBooking(t, buyer, bookingFor(phone.id));
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(ErrorBodySchema.parse(response.json())).toEqual({
        error: { code: 'unavailable', message: messages.serviceUnavailable },
      });
      expect(await t.app.db.select().from(orders).where(eq(orders.productId, phone.id))).toEqual([]);
      // Reads do not depend on the limit store.
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${phone.id}` })).statusCode).toBe(200);
    });
  });
});
