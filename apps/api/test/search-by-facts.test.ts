/**
 * Search by phone facts: category pages and the all-brands search (GET /api/search) filter by
 * storage, colour, network lock, minimum battery health and model, alone or together with the
 * words, price range, condition and sorts; cursors page through a filtered set either way (the
 * ordered walk or the indexes); bad values are a 400 with the catalogue's message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorBodySchema,
  listingMessages,
  ProductPageSchema,
  ProductQuerySchema,
  type ProductQueryInput,
} from '@recell/contract';
import {
  searchLexemeStats,
  type BrowseFilters,
  type BrowseSort,
  factEstimate,
  factTokensToRead,
  listCategoryProducts,
  searchProducts,
  searchWindowRows,
  type SearchPlan,
} from '../src/modules/catalogue/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { insertCategories, insertUser } from './fixtures.ts';
import { insertListings } from './support/listings.ts';

type Row = Awaited<ReturnType<typeof insertListings>>[number];

describe('search by phone facts', () => {
  let t: TestApp;
  const named: Record<string, Row> = {};
  /** Category 2's many listings (for paging and the two plans), in insertion order. */
  let many: Row[] = [];
  const base = Date.parse('2026-03-01T12:00:00Z');
  const minutesAgo = (minutes: number) => new Date(base - minutes * 60_000);
  const manyCount = searchWindowRows + 200;
  // One listing in 150 of category 2 is a 16 GB phone, so a page of them needs the index.
  const isRareStorage = (i: number) => i % 150 === 11;

  beforeAll(async () => {
    t = await createTestApp();
    await insertCategories(t.app.db);
    const seller = await insertUser(t.app.db, { role: 'seller' });
    const disabled = await insertUser(t.app.db, { role: 'seller', disabledAt: new Date() });
    const apple = { sellerId: seller.id, categoryId: '1', brand: 'Apple' };
    const samsung = { sellerId: seller.id, categoryId: '3', brand: 'Samsung' };
    const [blue13, midnight13, blue12, black23, blue23, sold13, legacy, hidden] = await insertListings(t.app.db, [
      {
        ...apple,
        name: 'iPhone 13 128GB Blue',
        model: 'iPhone 13',
        storageGb: 128,
        colour: 'Blue',
        networkLock: 'unlocked',
        batteryHealth: 90,
        priceCents: 50_000,
        condition: 'Excellent',
        createdAt: minutesAgo(1),
      },
      {
        ...apple,
        name: 'iPhone 13 256GB Midnight',
        model: 'iPhone 13',
        storageGb: 256,
        colour: 'Midnight',
        networkLock: 'Verizon',
        batteryHealth: 82,
        priceCents: 55_000,
        condition: 'Good',
        createdAt: minutesAgo(2),
      },
      {
        ...apple,
        name: 'iPhone 12 64GB Blue',
        model: 'iPhone 12',
        storageGb: 64,
        colour: 'blue',
        networkLock: 'unlocked',
        batteryHealth: null,
        priceCents: 30_000,
        condition: 'Good',
        createdAt: minutesAgo(3),
      },
      {
        ...samsung,
        name: 'Galaxy S23 128GB Phantom Black',
        model: 'Galaxy S23',
        storageGb: 128,
        colour: 'Phantom Black',
        networkLock: 'T-Mobile',
        batteryHealth: 95,
        priceCents: 60_000,
        condition: 'Excellent',
        createdAt: minutesAgo(4),
      },
      {
        ...samsung,
        name: 'Galaxy S23 256GB Blue',
        model: 'Galaxy S23',
        storageGb: 256,
        colour: 'Blue',
        networkLock: 'unlocked',
        batteryHealth: 88,
        priceCents: 45_000,
        condition: 'Good',
        createdAt: minutesAgo(5),
      },
      {
        ...apple,
        name: 'iPhone 13 128GB Blue sold',
        model: 'iPhone 13',
        storageGb: 128,
        colour: 'Blue',
        networkLock: 'unlocked',
        batteryHealth: 99,
        status: 'sold',
        createdAt: minutesAgo(0),
      },
      // Listed before sellers gave the facts: no fact filter finds it.
      { ...apple, name: 'iPhone X legacy', model: 'iPhone X', createdAt: minutesAgo(6) },
      {
        ...apple,
        sellerId: disabled.id,
        name: 'iPhone 13 128GB Blue hidden',
        model: 'iPhone 13',
        storageGb: 128,
        colour: 'Blue',
        networkLock: 'unlocked',
        batteryHealth: 100,
        createdAt: minutesAgo(0),
      },
    ]);
    Object.assign(named, { blue13, midnight13, blue12, black23, blue23, sold13, legacy, hidden });

    many = await insertListings(
      t.app.db,
      Array.from({ length: manyCount }, (_, i) => ({
        sellerId: seller.id,
        categoryId: '2',
        brand: 'Xiaomi',
        name: `Redmi Note ${i}`,
        model: i % 2 === 0 ? 'Redmi Note 12' : 'Poco F5',
        storageGb: isRareStorage(i) ? 16 : i % 3 === 0 ? 128 : 256,
        colour: i % 4 === 0 ? 'Ice Blue' : 'Graphite Gray',
        networkLock: i % 5 === 0 ? 'AT&T' : 'unlocked',
        batteryHealth: 70 + (i % 31),
        priceCents: 10_000 + ((i * 37) % 40) * 1_000,
        // Pairs share a time, so the id must break ties.
        createdAt: new Date(base - 3_600_000 - Math.floor(i / 2) * 60_000),
      })),
    );
  });
  afterAll(() => t.close());

  const page = async (url: string) => {
    const response = await t.app.inject(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return ProductPageSchema.parse(response.json());
  };
  const namesOf = async (url: string) => (await page(url)).items.map((p) => p.name);
  const names = (...keys: string[]) => keys.map((key) => named[key]!.name);

  it.each([
    ['storage=128', ['blue13']],
    ['storage=64', ['blue12']],
    ['colour=blue', ['blue13', 'blue12']],
    ['colour=%20BLUE%20', ['blue13', 'blue12']],
    ['network=unlocked', ['blue13', 'blue12']],
    ['network=Unlocked', ['blue13', 'blue12']],
    ['network=verizon', ['midnight13']],
    ['minBattery=85', ['blue13']],
    ['minBattery=82', ['blue13', 'midnight13']],
    ['model=iphone%2013', ['blue13', 'midnight13']],
    ['model=iPhone', []],
  ])('a category page filtered by %s lists just the matching phones for sale', async (query, keys) => {
    expect(await namesOf(`/api/categories/1/products?${query}`)).toEqual(names(...keys));
  });

  it('combines every fact filter with the words, a price range, the condition and a sort', async () => {
    const all = 'storage=128&colour=Blue&network=unlocked&minBattery=85&model=iPhone%2013';
    expect(await namesOf(`/api/categories/1/products?${all}`)).toEqual(names('blue13'));
    expect(await namesOf(`/api/categories/1/products?${all}&q=iphone&condition=Excellent&maxPrice=500`)).toEqual(
      names('blue13'),
    );
    // Every filter at once, across brands: the longest statement name there is (PostgreSQL keeps 63 bytes).
    const everything = `${all}&q=iphone&condition=Excellent&minPrice=1&maxPrice=500&sort=price_asc`;
    expect(await page(`/api/search?${everything}&limit=1`)).toMatchObject({
      items: [{ id: named.blue13!.id }],
      nextCursor: null,
    });
    expect(await namesOf(`/api/search?${everything.replace('storage=128', 'storage=256')}&limit=1`)).toEqual([]);
    expect(await namesOf(`/api/categories/1/products?${all}&condition=Good`)).toEqual([]);
    expect(await namesOf(`/api/categories/1/products?${all}&minPrice=501`)).toEqual([]);
    expect(await namesOf('/api/categories/1/products?colour=blue&sort=price_asc')).toEqual(names('blue12', 'blue13'));
    expect(await namesOf('/api/categories/1/products?model=iPhone%2013&sort=price_desc&q=13')).toEqual(
      names('midnight13', 'blue13'),
    );
    // Empty parameters are no filter.
    expect(await namesOf('/api/categories/3/products?storage=&colour=&network=&minBattery=&model=')).toEqual(
      names('black23', 'blue23'),
    );
  });

  it.each([
    ['storage=100', { storage: listingMessages.storageFilterInvalid }],
    ['storage=lots', { storage: listingMessages.storageFilterInvalid }],
    ['storage=128GB', { storage: listingMessages.storageFilterInvalid }],
    ['minBattery=49', { minBattery: listingMessages.minBatteryInvalid }],
    ['minBattery=101', { minBattery: listingMessages.minBatteryInvalid }],
    ['minBattery=85.5', { minBattery: listingMessages.minBatteryInvalid }],
    ['minBattery=-80', { minBattery: listingMessages.minBatteryInvalid }],
    [`colour=${'x'.repeat(31)}`, { colour: listingMessages.tooLong('Colour', 30) }],
    [`network=${'x'.repeat(41)}`, { network: listingMessages.tooLong('Network lock', 40) }],
    [`model=${'x'.repeat(81)}`, { model: listingMessages.tooLong('Model', 80) }],
  ])('refuses %s with 400 and the message saying what is wrong, on both endpoints', async (query, fields) => {
    for (const url of [`/api/categories/1/products?${query}`, `/api/search?${query}`]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(400);
      const { error } = ErrorBodySchema.parse(response.json());
      expect(error.fields).toEqual(fields);
      expect(error.message).toBe(Object.values(fields)[0]);
    }
  });

  it('searches every brand at once, with the same filters and sorts, signed out too', async () => {
    expect(await namesOf('/api/search?storage=128&q=128gb')).toEqual(names('blue13', 'black23'));
    expect(await namesOf('/api/search?storage=64')).toEqual(names('blue12'));
    expect(await namesOf('/api/search?colour=blue&network=unlocked')).toEqual(names('blue13', 'blue12', 'blue23'));
    expect(await namesOf('/api/search?colour=blue&network=unlocked&sort=price_asc')).toEqual(
      names('blue12', 'blue23', 'blue13'),
    );
    expect(await namesOf('/api/search?q=s23&minBattery=90')).toEqual(names('black23'));
    expect(await namesOf('/api/search?q=galaxy&condition=Good')).toEqual(names('blue23'));
    expect(await namesOf('/api/search?q=nothing%20like%20it')).toEqual([]);
    // No filters: every brand's phones for sale, newest first (sold ones and disabled sellers' never).
    const first = await page('/api/search?limit=6');
    expect(first.items.map((p) => p.name)).toEqual(
      names('blue13', 'midnight13', 'blue12', 'black23', 'blue23', 'legacy'),
    );
    expect(first.nextCursor).not.toBeNull();
    const ids = (await page('/api/search?limit=100&q=iphone')).items.map((p) => p.id);
    expect(ids).not.toContain(named.sold13!.id);
    expect(ids).not.toContain(named.hidden!.id);
  });

  it('pages the all-brands search by cursor in each sort, without repeats or gaps', async () => {
    const pageAllHttp = async (query: string, limit: number) => {
      const ids: string[] = [];
      let cursor = '';
      for (let pages = 0; pages < 50; pages++) {
        const result = await page(`/api/search?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        ids.push(...result.items.map((p) => p.id));
        if (!result.nextCursor) return ids;
        cursor = result.nextCursor;
      }
      throw new Error('too many pages');
    };
    const blue = [named.blue13!, named.blue12!, named.blue23!];
    expect(await pageAllHttp('colour=BLUE&network=unlocked', 1)).toEqual(blue.map((r) => r.id));
    expect(await pageAllHttp('colour=BLUE&network=unlocked&sort=price_desc', 2)).toEqual(
      [...blue].sort((a, b) => b.priceCents - a.priceCents).map((r) => r.id),
    );
    const rare = many.filter((_, i) => isRareStorage(i));
    expect(await pageAllHttp('storage=16', 3)).toEqual(
      [...rare]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        .map((r) => r.id),
    );
  });

  describe('paging a filtered category either way (the ordered walk, or the indexes)', () => {
    const newestFirst = (a: Row, b: Row) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);
    const cheapestFirst = (a: Row, b: Row) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : 1);
    const dearestFirst = (a: Row, b: Row) => b.priceCents - a.priceCents || (a.id < b.id ? 1 : -1);

    const pageAll = async (scope: 'category' | 'all', input: ProductQueryInput, plan: SearchPlan) => {
      const ids: string[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 400; pages++) {
        const query = ProductQuerySchema.parse({ ...input, cursor });
        const result = ProductPageSchema.parse(
          scope === 'all'
            ? await searchProducts(t.app.db, query, { plan })
            : await listCategoryProducts(t.app.db, '2', query, { plan }),
        );
        ids.push(...result.items.map((p) => p.id));
        if (!result.nextCursor) return ids;
        expect(result.items).toHaveLength(query.limit);
        cursor = result.nextCursor;
      }
      throw new Error('too many pages');
    };

    it.each([
      ['a rare storage size', { storage: '16', limit: 4 }, (i: number) => isRareStorage(i), newestFirst],
      [
        'a rare storage size by price',
        { storage: '16', sort: 'price_asc', limit: 5 },
        (i: number) => isRareStorage(i),
        cheapestFirst,
      ],
      [
        'colour, carrier and model together',
        { colour: 'ice blue', network: 'at&t', model: 'REDMI NOTE 12', limit: 25 },
        (i: number) => i % 4 === 0 && i % 5 === 0 && i % 2 === 0,
        newestFirst,
      ],
      [
        'a minimum battery health with a price range',
        { minBattery: '99', minPrice: '200', maxPrice: '300', sort: 'price_asc', limit: 10 },
        (i: number) => 70 + (i % 31) >= 99 && many[i]!.priceCents >= 20_000 && many[i]!.priceCents <= 30_000,
        cheapestFirst,
      ],
      [
        'storage and words',
        { storage: '128', q: 'poco', limit: 50 },
        (i: number) => !isRareStorage(i) && i % 3 === 0 && i % 2 === 1,
        newestFirst,
      ],
      // Down the category's own order the battery floor is checked in the index (the walk passes
      // only the listings at or above it).
      [
        'words and a battery floor',
        { q: 'poco', minBattery: '98', limit: 9 },
        (i: number) => i % 2 === 1 && 70 + (i % 31) >= 98,
        newestFirst,
      ],
      [
        'words and a battery floor by price, dearest first',
        { q: 'poco', minBattery: '98', sort: 'price_desc', limit: 20 },
        (i: number) => i % 2 === 1 && 70 + (i % 31) >= 98,
        dearestFirst,
      ],
      [
        // Matches too few for the walk (it ends after 3,000 listings at or above the floor): the
        // index finds the rest after the last one it passed.
        'a rare word and a battery floor',
        { q: '31', minBattery: '71', limit: 25 },
        (i: number) => String(i).startsWith('31') && 70 + (i % 31) >= 71,
        newestFirst,
      ],
      // The walk goes down a fact's own order (storage, model, colour by price) from each cursor.
      [
        'a storage size and a battery health by price',
        { storage: '128', minBattery: '97', sort: 'price_asc', limit: 7 },
        (i: number) => !isRareStorage(i) && i % 3 === 0 && 70 + (i % 31) >= 97,
        cheapestFirst,
      ],
      [
        'a model by price, dearest first',
        { model: 'poco f5', minBattery: '90', sort: 'price_desc', limit: 30 },
        (i: number) => i % 2 === 1 && 70 + (i % 31) >= 90,
        dearestFirst,
      ],
      [
        'a colour and a carrier by price',
        { colour: 'ICE BLUE', network: 'at&t', sort: 'price_asc', limit: 6 },
        (i: number) => i % 4 === 0 && i % 5 === 0,
        cheapestFirst,
      ],
      [
        'a model, a storage size and a colour by price',
        { model: 'Redmi Note 12', storage: '256', colour: 'graphite gray', sort: 'price_asc', limit: 25 },
        (i: number) => i % 2 === 0 && !isRareStorage(i) && i % 3 !== 0 && i % 4 !== 0,
        cheapestFirst,
      ],
    ] as const)(
      '%s: the same listings in the same order either way, in the category and across brands',
      async (_label, input, matches, order) => {
        const expected = many
          .filter((_, i) => matches(i))
          .sort(order)
          .map((r) => r.id);
        expect(expected.length).toBeGreaterThan(0);
        for (const plan of ['walk', 'index'] as const) {
          expect(await pageAll('category', input, plan), plan).toEqual(expected);
          // Category 2 alone holds these facts, so every brand gives the same answer.
          expect(await pageAll('all', input, plan), plan).toEqual(expected);
        }
      },
    );
  });
  it('the sampled facts send a rare combination to the index and a common one down the walk', async () => {
    const stats = await searchLexemeStats(t.app.db);
    // A small catalogue is sampled whole.
    expect(stats.factSampleShare).toBe(1);
    const wanted = 25;
    const plan = (filters: Omit<BrowseFilters, 'categoryId'>, sort: BrowseSort = 'newest') => {
      const estimate = factEstimate(stats, { categoryId: '2', ...filters }, sort)!;
      return estimate.indexRows * estimate.walkShare < wanted ? 'index' : 'walk';
    };
    // Every fact alone is common here, the three together are not (1 listing in 60).
    expect(plan({ colour: 'ice blue', networkLock: 'at&t', storageGb: 128 })).toBe('index');
    expect(plan({ colour: 'Ice Blue' })).toBe('walk');
    expect(plan({ colour: 'ice blue', networkLock: 'at&t', model: 'redmi note 12' })).toBe('index');
    // The facts index reads the rarest token, and each other one that spares many rows: not the
    // model or the category here, which every listing of that colour on AT&T has.
    expect(
      factTokensToRead(stats, { categoryId: '2', colour: 'Ice Blue', networkLock: 'AT&T', model: 'Redmi Note 12' }),
    ).toEqual(['networkLock', 'colour']);
    expect(factTokensToRead(stats, { categoryId: '2', storageGb: 16 })).toEqual(['storageGb']);
    // Category 1 holds five listings: its list alone is shorter than what 128 GB would spare.
    expect(factTokensToRead(stats, { categoryId: '1', storageGb: 128 })).toEqual(['categoryId']);
    // The walk down the 16 GB listings fills a page at once, but there are fewer than a page: the index.
    expect(plan({ storageGb: 16 })).toBe('index');
    expect(plan({ storageGb: 256, minBattery: 95 }, 'price_asc')).toBe('walk');
    // A model the sample does not hold.
    expect(plan({ model: 'galaxy s99' })).toBe('index');
    // Battery health alone is no index's to find.
    expect(factEstimate(stats, { categoryId: '2', minBattery: 100 }, 'newest')).toBeUndefined();

    // And the HTTP answers, on whatever plan they chose, are the exact ones.
    const rare = many
      .filter((_, i) => i % 20 === 0)
      .sort((a, b) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : 1));
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/categories/2/products?colour=ice%20blue&network=AT%26T&model=Redmi%20Note%2012&sort=price_asc&limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const result = await page(url);
      ids.push(...result.items.map((p) => p.id));
      cursor = result.nextCursor;
    } while (cursor);
    expect(ids).toEqual(rare.map((r) => r.id));
  });
});
