/**
 * Category pages: only phones for sale, full-text search tolerant of partial words, filters, three
 * sorts, and keyset pages that never repeat or skip a listing while new ones arrive.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorBodySchema,
  listingMessages,
  pageMessages,
  ProductPageSchema,
  type ListedProduct,
} from '@recell/contract';
import { users } from '../src/db/schema.ts';
import { searchWindowRows } from '../src/modules/catalogue/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { advertise, insertCategories, insertUser } from './fixtures.ts';
import { insertListings } from './support/listings.ts';

type Row = Awaited<ReturnType<typeof insertListings>>[number];

describe('GET /api/categories/:id/products', () => {
  let t: TestApp;
  let sellerId: string;
  /** Category 3's listings by label. */
  const samsung: Record<string, Row> = {};

  const minutesAgo = (minutes: number) => new Date(Date.parse('2026-03-01T12:00:00Z') - minutes * 60_000);

  beforeAll(async () => {
    t = await createTestApp();
    await insertCategories(t.app.db);
    sellerId = (await insertUser(t.app.db, { role: 'seller', name: 'Sam Sung', verified: true })).id;
    const disabled = await insertUser(t.app.db, { role: 'seller', disabledAt: new Date() });
    const base = { sellerId, categoryId: '3', brand: 'Samsung', location: 'Chicago, IL', description: 'Works well.' };
    const [ultra, s23, a54, flip, note, sold, removed, hidden, otherCategory] = await insertListings(t.app.db, [
      {
        ...base,
        name: 'Galaxy S23 Ultra 256GB',
        model: 'Galaxy S23 Ultra',
        features: 'S Pen stylus, 200 MP camera',
        location: 'Austin, TX',
        priceCents: 89_900,
        condition: 'Excellent',
        createdAt: minutesAgo(10),
      },
      {
        ...base,
        name: 'Galaxy S23 128GB',
        model: 'Galaxy S23',
        features: '120 Hz display',
        location: 'Seattle, WA',
        priceCents: 59_900,
        condition: 'Good',
        createdAt: minutesAgo(20),
      },
      {
        ...base,
        name: 'Galaxy A54 5G',
        model: 'Galaxy A54',
        description: 'Battery replaced at an authorised centre.',
        priceCents: 29_900,
        condition: 'Fair',
        createdAt: minutesAgo(30),
      },
      {
        ...base,
        name: 'Galaxy Z Flip4',
        model: 'Galaxy Z Flip4',
        features: 'Foldable, wireless charging',
        priceCents: 45_000,
        condition: 'Good',
        createdAt: minutesAgo(40),
      },
      {
        ...base,
        name: 'Note20 Ultra',
        model: 'Galaxy Note20 Ultra',
        location: 'Austin, TX',
        priceCents: 45_000,
        condition: 'Excellent',
        createdAt: minutesAgo(50),
      },
      { ...base, name: 'Galaxy S22 sold', model: 'Galaxy S22', status: 'sold', createdAt: minutesAgo(1) },
      { ...base, name: 'Galaxy S21 removed', model: 'Galaxy S21', status: 'removed', createdAt: minutesAgo(2) },
      {
        ...base,
        sellerId: disabled.id,
        name: 'Galaxy S23 FE hidden',
        model: 'Galaxy S23 FE',
        createdAt: minutesAgo(3),
      },
      { ...base, categoryId: '1', brand: 'Apple', name: 'iPhone 13 with Galaxy case', model: 'iPhone 13' },
    ]);
    Object.assign(samsung, { ultra, s23, a54, flip, note, sold, removed, hidden, otherCategory });
    await advertise(t.app.db, hidden!.id);
  });
  afterAll(() => t.close());

  const page = async (url: string) => {
    const response = await t.app.inject(url);
    expect(response.statusCode, response.body).toBe(200);
    return ProductPageSchema.parse(response.json());
  };
  const namesOf = async (query: string) =>
    (await page(`/api/categories/3/products${query ? `?${query}` : ''}`)).items.map((p) => p.name);
  const labels = (...keys: string[]) => keys.map((key) => samsung[key]!.name);

  it('lists the category’s phones for sale, newest first, without sold, removed or disabled sellers’ ones', async () => {
    const response = await t.app.inject('/api/categories/3/products');
    const result = ProductPageSchema.parse(response.json());
    expect(result.items.map((p) => p.name)).toEqual(labels('ultra', 's23', 'a54', 'flip', 'note'));
    expect(result.nextCursor).toBeNull();
    expect(result.items[0]).toMatchObject({
      categoryId: '3',
      priceCents: 89_900,
      status: 'available',
      seller: { id: sellerId, name: 'Sam Sung', isVerified: true },
    });
    expect(response.body).not.toContain('5125550100');
    // The disabled seller's advertised phone is not on the home grid either.
    const home = await page('/api/advertised');
    expect(home.items.map((p) => p.id)).not.toContain(samsung.hidden!.id);
  });

  it('answers 404 for an unknown category, and an empty page for a known empty one', async () => {
    for (const id of ['9', 'abc', '0', "1'--"]) {
      for (const query of ['', '?q=galaxy', '?sort=price_asc&condition=Good']) {
        const response = await t.app.inject(`/api/categories/${encodeURIComponent(id)}/products${query}`);
        expect(response.statusCode, `${id} ${query}`).toBe(404);
        expect(ErrorBodySchema.parse(response.json()).error.message).toBe(listingMessages.categoryNotFound);
      }
    }
    expect(await page('/api/categories/2/products?q=nothing')).toEqual({ items: [], nextCursor: null });
  });

  it.each([
    ['gal', ['ultra', 's23', 'a54', 'flip', 'note']],
    ['GALAXY', ['ultra', 's23', 'a54', 'flip', 'note']],
    ['s23', ['ultra', 's23']],
    ['S23 ult', ['ultra']],
    ['ultra', ['ultra', 'note']],
    ['note', ['note']],
    ['flip', ['flip']],
    ['austin', ['ultra', 'note']],
    ['stylus', ['ultra']],
    ['wireless', ['flip']],
    ['authorised', ['a54']],
    ['samsung chicago', ['a54', 'flip']],
    ['  galaxy   a54  ', ['a54']],
    ['xyz', []],
    ['s22', []],
    ['s21', []],
    ['fe', []],
  ])('searching %j finds exactly the matching phones for sale', async (q, expected) => {
    expect(await namesOf(`q=${encodeURIComponent(q)}`)).toEqual(labels(...expected));
  });

  it('takes any text as words to look for, never as query syntax', async () => {
    for (const q of [
      "'",
      "''",
      '\\',
      "\\'",
      'a:*|b',
      '!(galaxy)',
      'galaxy <-> ultra',
      'galaxy & !ultra',
      "'); drop table products; --",
      '%_%',
      ':*',
      '"galaxy"',
      'ঢাকা',
      '😀 galaxy',
      '(PRODUCT)RED',
      "x'y",
    ]) {
      const response = await t.app.inject(`/api/categories/3/products?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(200);
    }
    expect(await namesOf(`q=${encodeURIComponent("'galaxy'")}`)).toHaveLength(5);
    expect(await namesOf(`q=${encodeURIComponent('!(ultra)')}`)).toEqual(labels('ultra', 'note'));
    // Only punctuation is no search at all.
    expect(await namesOf(`q=${encodeURIComponent('!!! ---')}`)).toHaveLength(5);
  });

  it('filters by condition and by a price range in dollars (inclusive), with or without a search', async () => {
    expect(await namesOf('condition=Good')).toEqual(labels('s23', 'flip'));
    expect(await namesOf('minPrice=450&maxPrice=599')).toEqual(labels('s23', 'flip', 'note'));
    expect(await namesOf('minPrice=450.01')).toEqual(labels('ultra', 's23'));
    expect(await namesOf('maxPrice=299')).toEqual(labels('a54'));
    expect(await namesOf('q=galaxy&condition=Excellent&maxPrice=500')).toEqual(labels('note'));
    expect(await namesOf('q=&minPrice=&maxPrice=&condition=&sort=')).toEqual(
      labels('ultra', 's23', 'a54', 'flip', 'note'),
    );
  });

  it('sorts by price both ways, ties in a fixed order', async () => {
    const [first, second] = [samsung.flip!, samsung.note!].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(await namesOf('sort=price_asc')).toEqual([
      samsung.a54!.name,
      first!.name,
      second!.name,
      ...labels('s23', 'ultra'),
    ]);
    expect(await namesOf('sort=price_desc')).toEqual([
      ...labels('ultra', 's23'),
      second!.name,
      first!.name,
      samsung.a54!.name,
    ]);
    expect(await namesOf('sort=price_asc&q=ultra')).toEqual(labels('note', 'ultra'));
  });

  it('answers a price range the wrong way round with the catalogue message saying how to fix it', async () => {
    const response = await t.app.inject('/api/categories/3/products?minPrice=900&maxPrice=600');
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).error).toEqual({
      code: 'validation',
      message: 'The minimum price must not be more than the maximum.',
      fields: { maxPrice: 'The minimum price must not be more than the maximum.' },
    });
  });

  it('refuses bad parameters and foreign or forged cursors with 400', async () => {
    const fieldsOf = async (query: string) => {
      const response = await t.app.inject(`/api/categories/3/products?${query}`);
      expect(response.statusCode, query).toBe(400);
      return ErrorBodySchema.parse(response.json()).error.fields;
    };
    expect(await fieldsOf('minPrice=cheap')).toEqual({ minPrice: listingMessages.minPriceInvalid });
    expect(await fieldsOf('maxPrice=-1')).toEqual({ maxPrice: listingMessages.maxPriceInvalid });
    expect(await fieldsOf('minPrice=500&maxPrice=100')).toEqual({ maxPrice: listingMessages.priceRangeInverted });
    expect(await fieldsOf('condition=Mint')).toEqual({ condition: listingMessages.conditionInvalid });
    expect(await fieldsOf('sort=oldest')).toEqual({ sort: listingMessages.sortInvalid });
    expect(await fieldsOf(`q=${'a'.repeat(101)}`)).toEqual({ q: listingMessages.searchTooLong });
    for (const limit of ['0', '101', 'ten', '2.5']) {
      expect(await fieldsOf(`limit=${limit}`)).toEqual({ limit: pageMessages.limitInvalid });
    }
    expect(await fieldsOf(`cursor=${'a'.repeat(513)}`)).toEqual({ cursor: pageMessages.cursorInvalid });

    const newest = (await page('/api/categories/3/products?limit=1')).nextCursor!;
    expect(await fieldsOf(`sort=price_asc&limit=1&cursor=${newest}`)).toEqual({
      cursor: listingMessages.cursorOtherSort,
    });
    const priced = (await page('/api/categories/3/products?limit=1&sort=price_desc')).nextCursor!;
    expect(await fieldsOf(`sort=price_asc&cursor=${priced}`)).toEqual({ cursor: listingMessages.cursorOtherSort });
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const [sort, cursor] of [
      ['newest', 'bm90LWEtY3Vyc29y'],
      ['newest', forged({ s: 'newest', us: 'now()', id: samsung.ultra!.id })],
      ['newest', forged({ s: 'newest', us: '1', id: "x' or 1=1" })],
      ['price_asc', forged({ s: 'price_asc', p: 'a', id: samsung.ultra!.id })],
      ['price_asc', forged({ s: 'price_asc', p: 1e12, id: samsung.ultra!.id })],
      ['newest', forged([1, 2])],
    ]) {
      expect(Object.keys((await fieldsOf(`sort=${sort}&cursor=${cursor}`))!)).toEqual(['cursor']);
    }
  });

  describe('pages while listings are added between requests', () => {
    /** Pages through category 1 with `query`, adding a listing after each page; returns the ids seen. */
    const pageThrough = async (query: string, addBetween: (pageIndex: number) => Promise<void>) => {
      const seen: ListedProduct[] = [];
      let cursor: string | null = null;
      let pageIndex = 0;
      do {
        const url: string = `/api/categories/1/products?limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`;
        const result = await page(url);
        seen.push(...result.items);
        cursor = result.nextCursor;
        await addBetween(pageIndex++);
        expect(pageIndex).toBeLessThan(50);
      } while (cursor);
      return seen;
    };

    it.each([
      ['sort=newest', (a: Row, b: Row) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)],
      ['sort=price_asc', (a: Row, b: Row) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : 1)],
      ['sort=price_desc', (a: Row, b: Row) => b.priceCents - a.priceCents || (a.id < b.id ? 1 : -1)],
      [
        'sort=newest&q=pager',
        (a: Row, b: Row) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
      ],
      ['sort=price_asc&condition=Fair', (a: Row, b: Row) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : 1)],
    ])('%s: every listing once, in order, no duplicates', async (query, order) => {
      const tag = Math.random().toString(36).slice(2, 8);
      // Shared timestamps and prices, so ties must be broken by id.
      const originals = await insertListings(
        t.app.db,
        Array.from({ length: 9 }, (_, i) => ({
          sellerId,
          name: `Pager ${tag} ${i}`,
          priceCents: 10_000 + (i % 3) * 5_000,
          condition: 'Fair',
          createdAt: minutesAgo(100 + (i % 4)),
        })),
      );
      const matching = (await t.app.inject(`/api/categories/1/products?limit=100&${query}`)).json() as {
        items: ListedProduct[];
      };
      const expected = matching.items.filter((p) => originals.some((o) => o.id === p.id));
      expect(expected).toHaveLength(9);
      expect(expected.map((p) => p.id)).toEqual([...originals].sort(order).map((o) => o.id));
      // Meanwhile sellers keep listing: new phones at every price, all newer than the originals.
      const seen = await pageThrough(query, async (i) => {
        await insertListings(t.app.db, [
          { sellerId, name: `Pager new ${tag} ${i}`, priceCents: 5_000 + i * 4_000, condition: 'Fair' },
        ]);
      });
      const ids = seen.map((p) => p.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.filter((id) => expected.some((p) => p.id === id))).toEqual(expected.map((p) => p.id));
      if (query.startsWith('sort=newest')) {
        // Newer listings belong before the first page, never inside a later one.
        expect(seen.filter((p) => p.name.startsWith('Pager new'))).toEqual([]);
      }
      // Clean up, so the next sort starts from the same shelf.
      const { products } = await import('../src/db/schema.ts');
      const { like } = await import('drizzle-orm');
      await t.app.db
        .update(products)
        .set({ status: 'removed' })
        .where(like(products.name, `Pager%${tag}%`));
    });
  });

  describe(`a category larger than the search window (${searchWindowRows} listings)`, () => {
    let rows: Row[];
    const total = searchWindowRows + 150;
    // Two rare listings inside the first window, two beyond it.
    const rareAt = [5, Math.floor(searchWindowRows * 0.6), searchWindowRows + 40, searchWindowRows + 120];
    const isRare = (i: number) => rareAt.includes(i);

    beforeAll(async () => {
      rows = await insertListings(
        t.app.db,
        Array.from({ length: total }, (_, i) => ({
          sellerId,
          categoryId: '2',
          brand: 'Xiaomi',
          name: isRare(i) ? `Redmi Rarity ${i}` : `Redmi Note ${i}`,
          model: i === total - 1 ? 'Mi Ancient' : 'Redmi Note',
          condition: i % 97 === 0 ? 'Fair' : 'Good',
          // Many prices repeat, so ties are common.
          priceCents: 10_000 + ((i * 37) % 50) * 1_000,
          createdAt: minutesAgo(1000 + i),
        })),
      );
    });

    const pageAll = async (query: string, limit: number) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/categories/2/products?limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ''}`;
        const result = await page(url);
        expect(result.items.length).toBeLessThanOrEqual(limit);
        ids.push(...result.items.map((p) => p.id));
        cursor = result.nextCursor;
      } while (cursor);
      return ids;
    };

    const newestFirst = (a: Row, b: Row) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);
    const cheapestFirst = (a: Row, b: Row) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : 1);
    const dearestFirst = (a: Row, b: Row) => b.priceCents - a.priceCents || (a.id < b.id ? 1 : -1);

    it('finds rare matches beyond the window, in order, on as few pages as they fill', async () => {
      const rare = rows.filter((_, i) => isRare(i));
      expect(await pageAll('q=rarity', 24)).toEqual([...rare].sort(newestFirst).map((r) => r.id));
      expect(await pageAll('q=rar&sort=price_desc', 3)).toEqual([...rare].sort(dearestFirst).map((r) => r.id));
      expect(await pageAll('q=ancient', 24)).toEqual([rows.at(-1)!.id]);
      const first = await page('/api/categories/2/products?q=rarity&limit=4');
      expect(first.items).toHaveLength(4);
      expect(first.nextCursor).toBeNull();
    });

    it.each([
      ['condition=Fair', (r: Row) => r.condition === 'Fair', newestFirst],
      ['condition=Fair&sort=price_asc', (r: Row) => r.condition === 'Fair', cheapestFirst],
      ['condition=Fair&sort=price_desc', (r: Row) => r.condition === 'Fair', dearestFirst],
      ['minPrice=590&maxPrice=590&sort=price_asc', (r: Row) => r.priceCents === 59_000, cheapestFirst],
      ['minPrice=590&maxPrice=590', (r: Row) => r.priceCents === 59_000, newestFirst],
      [
        'minPrice=589.5&maxPrice=600&sort=price_desc',
        (r: Row) => r.priceCents >= 58_950 && r.priceCents <= 60_000,
        dearestFirst,
      ],
      // Every listing here is a "Redmi Note" (by name or model).
      ['q=note&condition=Fair&maxPrice=300', (r: Row) => r.condition === 'Fair' && r.priceCents <= 30_000, newestFirst],
    ])('%s gives exactly the matching listings across the window', async (query, matches, order) => {
      const expected = rows
        .filter(matches)
        .sort(order)
        .map((r) => r.id);
      expect(expected.length).toBeGreaterThan(2);
      expect(await pageAll(query, 5)).toEqual(expected);
    });

    it('pages through the plain category: every listing once, newest first', async () => {
      const ids = await pageAll('', 100);
      expect(ids).toEqual([...rows].sort(newestFirst).map((r) => r.id));
    });

    it('leaves out a phone removed or sold after it was listed, and a seller disabled since', async () => {
      const target = rows[rareAt[1]!]!;
      const { products } = await import('../src/db/schema.ts');
      await t.app.db.update(products).set({ status: 'sold' }).where(eq(products.id, target.id));
      expect(await pageAll('q=rarity', 24)).not.toContain(target.id);
      await t.app.db.update(products).set({ status: 'available' }).where(eq(products.id, target.id));

      await t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, sellerId));
      expect(await pageAll('q=rarity', 24)).toEqual([]);
      expect(await pageAll('condition=Fair', 24)).toEqual([]);
      expect((await page('/api/categories/2/products')).items).toEqual([]);
      await t.app.db.update(users).set({ disabledAt: null }).where(eq(users.id, sellerId));
    });
  });
});
