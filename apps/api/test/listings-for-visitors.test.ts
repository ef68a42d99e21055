/**
 * A phone's page and a seller's page open for anyone a link is sent to: their answers are public.
 * A visitor's answer names the seller (name, verified mark) but never carries their email; a
 * signed-in caller's answer does (the cards show it). A token that is expired, forged or of a
 * disabled account is a visitor's, never a refusal. The home grid's first page, served from
 * memory, keeps the two kinds of answer apart.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProductPageSchema, ProductWithPhotosSchema, type Product } from '@recell/contract';
import { advertise, disableUser, insertCategories, insertProduct, insertUser } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { useTestApp } from './support/api.ts';
import { callerWithRole, headersOf, uniqueEmail, type Caller } from './support/accounts.ts';

const sellerOf = (email: string) => ({ role: 'seller' as const, name: 'Rana Phones', verified: true, email });

/** The listing answers of the pages a visitor opens: a phone's page, a seller's page, the home grid. */
const listingUrls = (productId: string, sellerId: string) => [
  `/api/products/${productId}`,
  `/api/sellers/${sellerId}/products`,
  '/api/advertised',
];

const sellersOf = (url: string, body: unknown): Product['seller'][] =>
  url.startsWith('/api/products/')
    ? [ProductWithPhotosSchema.parse(body).seller]
    : ProductPageSchema.parse(body).items.map((item) => item.seller);

describe('listings as a visitor and as someone signed in see them', () => {
  const t = useTestApp();
  const email = uniqueEmail('rana');
  let seller: Awaited<ReturnType<typeof insertUser>>;
  let productId: string;
  let buyer: Caller;

  beforeAll(async () => {
    seller = await insertUser(t.app.db, sellerOf(email));
    const product = await insertProduct(t.app.db, seller.id, { categoryId: '1', sellerPhone: '5125550199' });
    await advertise(t.app.db, product.id);
    productId = product.id;
    buyer = await callerWithRole(t, 'user');
  });

  it('answers a visitor 200 with the seller’s name and verified mark, never their email or phone number', async () => {
    for (const url of listingUrls(productId, seller.id)) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      const sellers = sellersOf(url, response.json());
      expect(sellers.length, url).toBeGreaterThan(0);
      expect(sellers[0], url).toEqual(
        expect.objectContaining({ id: seller.id, name: 'Rana Phones', isVerified: true }),
      );
      expect(
        sellers.every((summary) => !('email' in summary)),
        url,
      ).toBe(true);
      expect(response.body, url).not.toContain(email);
      expect(response.body, url).not.toContain('5125550199');
    }
    const profile = await t.app.inject({ url: `/api/sellers/${seller.id}` });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain(email);
  });

  it('gives someone signed in the seller’s email (not the phone number), whatever their role', async () => {
    const otherSeller = await callerWithRole(t, 'seller');
    const admin = await callerWithRole(t, 'admin');
    for (const caller of [buyer, otherSeller, admin])
      for (const url of listingUrls(productId, seller.id)) {
        const response = await t.app.inject({ url, headers: headersOf(caller) });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        expect(sellersOf(url, response.json())[0]?.email, url).toBe(email);
        expect(response.body, url).not.toContain('5125550199');
      }
  });

  it('answers a forged, expired or disabled account’s token as a visitor: no email, and no 401', async () => {
    const disabled = await callerWithRole(t, 'user');
    await disableUser(t.app.db, disabled.id);
    // Signed a day ago: long expired.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 86_400_000 });
    const expired = await t.app.accessTokens.sign({ userId: buyer.id, role: 'user' });
    vi.useRealTimers();
    const tokens = ['not-a-token', expired.token, disabled.headers.authorization.replace('Bearer ', '')];
    for (const token of tokens)
      for (const url of listingUrls(productId, seller.id)) {
        const response = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        expect(response.body, url).not.toContain(email);
      }
  });
});

describe('the home grid served from memory, to visitors and to someone signed in', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The page cache is off under NODE_ENV=test; on as development and production run.
    t = await createTestApp({ NODE_ENV: 'development' });
    await insertCategories(t.app.db);
  });
  afterAll(() => t.close());

  it('never hands a visitor the page a signed-in caller was answered, nor the other way round', async () => {
    const email = uniqueEmail('cached');
    const seller = await insertUser(t.app.db, sellerOf(email));
    const product = await insertProduct(t.app.db, seller.id, { categoryId: '2', brand: 'Xiaomi' });
    await advertise(t.app.db, product.id);
    const buyer = await callerWithRole(t, 'user');
    const url = '/api/advertised';
    expect((await t.app.inject({ url, headers: headersOf(buyer) })).body).toContain(email);
    expect((await t.app.inject({ url })).body).not.toContain(email);
    // And once more each, now both are in memory.
    expect((await t.app.inject({ url, headers: headersOf(buyer) })).body).toContain(email);
    expect((await t.app.inject({ url })).body).not.toContain(email);
    // The other way round: a visitor first.
    t.app.listingsChanged();
    expect((await t.app.inject({ url })).body).not.toContain(email);
    expect((await t.app.inject({ url, headers: headersOf(buyer) })).body).toContain(email);
  });
});
