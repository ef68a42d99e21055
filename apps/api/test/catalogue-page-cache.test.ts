/**
 * Public first pages (category pages without words, the home grid) are answered from memory for
 * a second, as development and production run the API. A listing change made through the app
 * clears them at once; browsers are told never to keep them.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProductPageSchema } from '@recell/contract';
import { pageCacheTtlMs } from '../src/modules/catalogue/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { advertise, insertCategories, insertProduct } from './fixtures.ts';
import { callerWithRole, type Caller } from './support/listings.ts';

describe('first pages served from memory', () => {
  let t: TestApp;
  let seller: Caller;

  beforeAll(async () => {
    // The cache is off under NODE_ENV=test (tests write rows beside the app); on as development runs.
    t = await createTestApp({ NODE_ENV: 'development' });
    await insertCategories(t.app.db);
    seller = await callerWithRole(t, 'seller');
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const idsOf = async (url: string) => {
    const response = await t.app.inject(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return ProductPageSchema.parse(response.json()).items.map((p) => p.id);
  };

  it('answers the same first page for its second, or until listings change', async () => {
    // The clock stands still unless the test moves it, however slow the machine is.
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = await insertProduct(t.app.db, seller.id, { categoryId: '2', brand: 'Xiaomi', name: 'Redmi One' });
    const url = '/api/categories/2/products?sort=newest';
    expect(await idsOf(url)).toEqual([first.id]);

    // Written beside the app, so it does not know: the page stays as it was for its second.
    const second = await insertProduct(t.app.db, seller.id, { categoryId: '2', brand: 'Xiaomi', name: 'Redmi Two' });
    expect(await idsOf(url)).toEqual([first.id]);
    // Searches and later pages are never served from memory.
    expect(await idsOf('/api/categories/2/products?q=redmi')).toEqual(expect.arrayContaining([first.id, second.id]));
    // Another URL is another page: computed now.
    expect(await idsOf('/api/categories/2/products')).toHaveLength(2);

    t.app.listingsChanged();
    expect(await idsOf(url)).toHaveLength(2);

    // Another replica's change (not signalled here) shows when the second is up.
    const third = await insertProduct(t.app.db, seller.id, { categoryId: '2', brand: 'Xiaomi', name: 'Redmi Three' });
    vi.setSystemTime(Date.now() + pageCacheTtlMs - 1);
    expect(await idsOf(url)).not.toContain(third.id);
    vi.setSystemTime(Date.now() + 1);
    expect(await idsOf(url)).toContain(third.id);
  });

  it('keeps no page for an address with a parameter the page does not read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    t.app.listingsChanged();
    for (const url of [
      '/api/categories/2/products?sort=newest&v=1',
      '/api/categories/2/products?x=&sort=newest',
      '/api/search?utm_source=mail',
      '/api/advertised?v=2',
    ]) {
      const before = await idsOf(url);
      // Written beside the app: a kept page would not show it within its second.
      const phone = await insertProduct(t.app.db, seller.id, { categoryId: '2', brand: 'Xiaomi', name: 'Redmi New' });
      await advertise(t.app.db, phone.id);
      expect(await idsOf(url), url).toEqual([phone.id, ...before]);
    }
  });

  it('drops a phone from the category page and the home grid as soon as its seller removes it', async () => {
    const phone = await insertProduct(t.app.db, seller.id, { categoryId: '3', brand: 'Samsung', name: 'Going soon' });
    await advertise(t.app.db, phone.id);
    t.app.listingsChanged();
    expect(await idsOf('/api/categories/3/products')).toContain(phone.id);
    expect(await idsOf('/api/advertised')).toContain(phone.id);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/products/${phone.id}`, headers: seller.headers });
    expect(removed.statusCode).toBe(204);
    expect(await idsOf('/api/categories/3/products')).not.toContain(phone.id);
    expect(await idsOf('/api/advertised')).not.toContain(phone.id);
  });

  it('answers compressed pages to browsers that accept br or gzip, the same JSON as plain', async () => {
    // Enough phones for a page long enough to compress.
    for (let i = 0; i < 6; i++) await insertProduct(t.app.db, seller.id, { categoryId: '1' });
    t.app.listingsChanged();
    const url = '/api/categories/1/products?sort=price_asc';
    const plain = await t.app.inject(url);
    // The first answer is computed (and compressed by the app), the next ones come from memory.
    for (let i = 0; i < 2; i++) {
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
      ] as const) {
        const response = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
      }
    }
  });

  it('never keeps an error: an unknown category stays a 404 and a bad query a 400', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject('/api/categories/9/products')).statusCode).toBe(404);
      expect((await t.app.inject('/api/categories/1/products?sort=oldest')).statusCode).toBe(400);
    }
  });
});
