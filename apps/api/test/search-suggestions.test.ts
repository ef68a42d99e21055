/**
 * What a category page's and the all-brands search's first page offers beside the phones
 * (docs/decisions/0055): "did you mean" when the words found nothing (the closest words of live
 * listings' names, brands and models, from the search_terms view and pg_trgm), and the storage sizes
 * the scope's phones for sale come in (the Storage filter's options). PGlite by default, PostgreSQL
 * when DATABASE_URL is set: the same migration and queries on both.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProductSearchPageSchema } from '@recell/contract';
import { refreshSearchTerms } from '../src/db/search-terms.ts';
import { runJob } from '../src/jobs/jobs.ts';
import { refreshSearchTermsJob } from '../src/jobs/refresh-search-terms.job.ts';
import { jobDepsOfApp } from '../src/jobs/job-deps.ts';
import { storageSizesTtlMs } from '../src/modules/catalogue/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { insertCategories, insertUser } from './fixtures.ts';
import { useTestApp } from './support/api.ts';
import { insertListings } from './support/listings.ts';

const t = useTestApp();

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  // Only what the contract allows, and nothing else.
  const body = ProductSearchPageSchema.strict().parse(res.json());
  return { ...body, names: body.items.map((item) => item.name) };
};
const search = (q: string, scope: '1' | '2' | '3' | 'all' = 'all', extra = '') =>
  page(`${scope === 'all' ? '/api/search' : `/api/categories/${scope}/products`}?q=${encodeURIComponent(q)}${extra}`);

describe('search suggestions and storage sizes', () => {
  // Listings for sale, one sold, one of a disabled seller; then the vocabulary refreshed, as the job does.
  beforeAll(async () => {
    const seller = await insertUser(t.app.db, { role: 'seller' });
    const disabled = await insertUser(t.app.db, { role: 'seller', disabledAt: new Date() });
    const base = { sellerId: seller.id };
    await insertListings(t.app.db, [
      { ...base, categoryId: '1', brand: 'Apple', name: 'iPhone 13 Pro 128GB', model: 'iPhone 13 Pro', storageGb: 128 },
      {
        ...base,
        categoryId: '1',
        brand: 'Apple',
        name: 'iPhone 12 mini',
        model: 'iPhone 12 mini',
        storageGb: 64,
        description: 'In mint condition.',
      },
      {
        ...base,
        categoryId: '1',
        brand: 'Apple',
        name: 'Vintage Walkman',
        model: 'Walkman',
        storageGb: 256,
        status: 'sold',
      },
      {
        ...base,
        categoryId: '3',
        brand: 'Samsung',
        name: 'Galaxy S24 Ultra',
        model: 'Galaxy S24 Ultra',
        storageGb: 512,
      },
      { ...base, categoryId: '3', brand: 'Samsung', name: 'Galaxy A15', model: 'Galaxy A15', storageGb: 128 },
      { ...base, categoryId: '2', brand: 'Xiaomi', name: 'Redmi Note 12', model: 'Redmi Note 12', storageGb: 256 },
      {
        sellerId: disabled.id,
        categoryId: '2',
        brand: 'Xiaomi',
        name: 'Redmi Note 13',
        model: 'Redmi Note 13',
        storageGb: 1024,
      },
    ]);
    await refreshSearchTerms(t.app.db);
  });

  it('a typo finds nothing and suggests the word the listings hold', async () => {
    const everywhere = await search('iphne');
    expect(everywhere.items).toEqual([]);
    expect(everywhere.suggestion).toBe('iphone');

    // In a category, among its own words; the known words stay as typed.
    const apple = await search('iPhne 13 Pro', '1');
    expect(apple.items).toEqual([]);
    expect(apple.suggestion).toBe('iphone 13 Pro');
    expect((await search('galxy', '3')).suggestion).toBe('galaxy');
    expect((await search('samsng')).suggestion).toBe('samsung');
  });

  it('the suggestion is a search that finds the phones', async () => {
    const { suggestion } = await search('iphne mini', '1');
    expect(suggestion).toBe('iphone mini');
    const found = await search(suggestion!, '1');
    expect(found.names).toEqual(['iPhone 12 mini']);
    expect(found.suggestion).toBeUndefined();
  });

  it('suggests nothing for words the listings hold, even when together they find nothing', async () => {
    const exact = await search('iphone');
    expect(exact.names.sort()).toEqual(['iPhone 12 mini', 'iPhone 13 Pro 128GB']);
    expect(exact.suggestion).toBeUndefined();
    // A prefix is a word the search reads as meant ("gal" finds "Galaxy").
    expect((await search('gal', '3')).suggestion).toBeUndefined();

    const none = await search('iphone galaxy');
    expect(none.items).toEqual([]);
    expect(none.suggestion).toBeUndefined();
  });

  it('suggests nothing when a search found phones, even for a word no name holds', async () => {
    // "mint" is in a description only; "mini" is a model's word. The search found what it says.
    const mint = await search('mint', '1');
    expect(mint.names).toEqual(['iPhone 12 mini']);
    expect(mint.suggestion).toBeUndefined();
  });

  it('keeps to the scope, and to listings for sale', async () => {
    // Apple's listings hold no "galaxy": nothing to suggest there.
    expect((await search('galxy', '1')).suggestion).toBeUndefined();
    // The sold Walkman's words are not the catalogue's.
    const sold = await search('walkmn');
    expect(sold.items).toEqual([]);
    expect(sold.suggestion).toBeUndefined();
  });

  it('suggests nothing for words too unlike any, too short, or not words', async () => {
    for (const q of ['nokia', 'zq', 'qq%q', 'zz_z', "o'brienx"]) {
      const answer = await search(q);
      expect(answer.items, q).toEqual([]);
      expect(answer.suggestion, q).toBeUndefined();
    }
  });

  it('learns a new listing’s words when the refresh-search-terms job runs', async () => {
    await insertListings(t.app.db, [
      {
        sellerId: (await insertUser(t.app.db, { role: 'seller' })).id,
        categoryId: '3',
        brand: 'Samsung',
        name: 'Galaxy XCover6 Pro',
        model: 'Galaxy XCover6 Pro',
        storageGb: 128,
      },
    ]);
    expect((await search('xcovr6', '3')).suggestion).toBeUndefined();

    await runJob(refreshSearchTermsJob, jobDepsOfApp(t.app), { signal: new AbortController().signal });

    expect((await search('xcovr6', '3')).suggestion).toBe('xcover6');
  });

  it('a first page gives the storage sizes of the scope’s phones for sale, whatever the other filters', async () => {
    // The sold 256 GB Walkman is not among Apple's; the disabled seller's 1 TB Redmi is not among Xiaomi's.
    expect((await page('/api/categories/1/products')).storageSizesGb).toEqual([64, 128]);
    expect((await page('/api/categories/2/products')).storageSizesGb).toEqual([256]);
    expect((await page('/api/categories/3/products')).storageSizesGb).toEqual([128, 512]);
    expect((await page('/api/search')).storageSizesGb).toEqual([64, 128, 256, 512]);
    // The filter's options stay the scope's while filters narrow the phones (so another size can be chosen).
    const filtered = await page('/api/categories/1/products?storage=64&q=iphone');
    expect(filtered.names).toEqual(['iPhone 12 mini']);
    expect(filtered.storageSizesGb).toEqual([64, 128]);
    expect((await search('nothing-here', '3')).storageSizesGb).toEqual([128, 512]);
  });

  it('a later page carries neither', async () => {
    const first = await page('/api/categories/1/products?limit=1');
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`/api/categories/1/products?limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items).toHaveLength(1);
    expect(second.storageSizesGb).toBeUndefined();
    expect(second.suggestion).toBeUndefined();
  });
});

describe('the storage sizes a server keeps, as development and production run it', () => {
  let d: TestApp;
  beforeAll(async () => {
    // Kept for no time under NODE_ENV=test (tests write rows beside the app); as development runs here.
    d = await createTestApp({ NODE_ENV: 'development' });
    await insertCategories(d.app.db);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await d.close();
  });

  it('keeps a scope’s sizes a while, forgets them when a listing changes, and sees another server’s change in time', async () => {
    // The clock stands still unless the test moves it, however slow the machine is.
    vi.useFakeTimers({ toFake: ['Date'] });
    const seller = await insertUser(d.app.db, { role: 'seller' });
    const redmi = (storageGb: number) => ({
      sellerId: seller.id,
      categoryId: '2',
      brand: 'Xiaomi',
      name: `Redmi ${storageGb}`,
      model: 'Redmi',
      storageGb,
    });
    // Pages with words: never answered from the first pages' memory, so only the sizes are kept.
    const sizes = async () => {
      const res = await d.app.inject('/api/categories/2/products?q=redmi');
      expect(res.statusCode, res.body).toBe(200);
      return ProductSearchPageSchema.parse(res.json()).storageSizesGb;
    };
    await insertListings(d.app.db, [redmi(64)]);
    expect(await sizes()).toEqual([64]);

    // Written beside the app, so it does not know: the sizes stay as they were.
    await insertListings(d.app.db, [redmi(256)]);
    expect(await sizes()).toEqual([64]);
    d.app.listingsChanged();
    expect(await sizes()).toEqual([64, 256]);

    // Another server's new listing shows when the kept sizes are too old.
    await insertListings(d.app.db, [redmi(512)]);
    vi.setSystemTime(Date.now() + storageSizesTtlMs - 1);
    expect(await sizes()).toEqual([64, 256]);
    vi.setSystemTime(Date.now() + 1);
    expect(await sizes()).toEqual([64, 256, 512]);
  });
});
