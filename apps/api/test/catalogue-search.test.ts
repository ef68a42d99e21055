/**
 * A filtered page is found in one of two ways, chosen per request from word statistics: walking
 * the category in sort order (stopping once a page matched, or after searchWindowRows listings,
 * then the index for the rest), or through the search index alone. Both must give exactly the
 * same pages, in the same order, with cursors that continue each other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductPageSchema, ProductQuerySchema, type ProductQueryInput } from '@recell/contract';
import {
  searchLexemeStats,
  listCategoryProducts,
  matchShareBound,
  searchWindowRows,
  type SearchPlan,
} from '../src/modules/catalogue/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { insertCategories, insertUser } from './fixtures.ts';
import { insertListings } from './support/listings.ts';

type Row = Awaited<ReturnType<typeof insertListings>>[number];

describe('filtered pages: the ordered walk and the search index agree', () => {
  let t: TestApp;
  let rows: Row[];
  const total = searchWindowRows + 300;
  const base = Date.parse('2026-03-01T12:00:00Z');
  // 'medium' fills a page inside the walk; 'scarce' does not (two inside it, three past it).
  const isMedium = (i: number) => i % 40 === 7;
  const scarceAt = [3, searchWindowRows - 1, searchWindowRows, searchWindowRows + 150, total - 1];
  // 'edgewater' just misses a page inside the walk (24 of 25), then two lie past a short second walk.
  const edgeAt = [...Array.from({ length: 24 }, (_, k) => k * 100), searchWindowRows + 280, searchWindowRows + 290];

  beforeAll(async () => {
    t = await createTestApp();
    await insertCategories(t.app.db);
    const seller = await insertUser(t.app.db, { role: 'seller' });
    rows = await insertListings(
      t.app.db,
      Array.from({ length: total }, (_, i) => ({
        sellerId: seller.id,
        categoryId: '2',
        brand: 'Xiaomi',
        name: `Redmi Common ${i}`,
        model: isMedium(i) ? 'Poco Medium' : 'Redmi Note',
        features: scarceAt.includes(i) ? 'Scarcebird edition' : 'Plain',
        location: edgeAt.includes(i) ? 'Edgewater, NJ' : 'Austin, TX',
        condition: i % 3 === 0 ? 'Fair' : 'Good',
        // Pairs share a time and many share a price, so the id must break ties.
        priceCents: 10_000 + ((i * 37) % 40) * 1_000,
        createdAt: new Date(base - Math.floor(i / 2) * 60_000),
      })),
    );
    // Other categories hold the same words: the category must still bound every answer.
    await insertListings(t.app.db, [
      { sellerId: seller.id, categoryId: '1', name: 'Scarcebird iPhone', model: 'Poco Medium Redmi Common' },
    ]);
  });
  afterAll(() => t.close());

  const newestFirst = (a: Row, b: Row) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);
  const cheapestFirst = (a: Row, b: Row) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : 1);
  const dearestFirst = (a: Row, b: Row) => b.priceCents - a.priceCents || (a.id < b.id ? 1 : -1);

  /** Every page of a query with a forced plan, through the service; the ids in page order. */
  const pageAll = async (input: ProductQueryInput, plan: SearchPlan) => {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 200; pages++) {
      const query = ProductQuerySchema.parse({ ...input, cursor });
      const page = ProductPageSchema.parse(await listCategoryProducts(t.app.db, '2', query, { plan }));
      expect(page.items.length).toBeLessThanOrEqual(query.limit);
      ids.push(...page.items.map((p) => p.id));
      if (!page.nextCursor) return ids;
      // A full page always, until the last.
      expect(page.items).toHaveLength(query.limit);
      cursor = page.nextCursor;
    }
    throw new Error('too many pages');
  };

  it.each([
    ['medium', { q: 'poco medi', limit: 7 }, (i: number) => isMedium(i), newestFirst],
    ['medium by price', { q: 'medium', sort: 'price_asc', limit: 9 }, (i: number) => isMedium(i), cheapestFirst],
    ['scarce', { q: 'scarceb', limit: 2 }, (i: number) => scarceAt.includes(i), newestFirst],
    [
      'scarce by price',
      { q: 'scarcebird', sort: 'price_desc', limit: 1 },
      (i: number) => scarceAt.includes(i),
      dearestFirst,
    ],
    [
      'scarce and a condition',
      { q: 'scarce', condition: 'Fair', limit: 1 },
      (i: number) => scarceAt.includes(i) && i % 3 === 0,
      newestFirst,
    ],
    [
      'medium in a price range',
      { q: 'poco', minPrice: '200', maxPrice: '300', sort: 'price_asc', limit: 4 },
      (i: number) => isMedium(i) && rows[i]!.priceCents >= 20_000 && rows[i]!.priceCents <= 30_000,
      cheapestFirst,
    ],
    ['just short of a page within the walk', { q: 'edgewater' }, (i: number) => edgeAt.includes(i), newestFirst],
    ['no match', { q: 'nokia' }, () => false, newestFirst],
  ] as const)('%s: the same listings in the same order either way', async (_label, input, matches, order) => {
    const expected = rows
      .filter((_, i) => matches(i))
      .sort(order)
      .map((r) => r.id);
    expect(await pageAll(input, 'walk')).toEqual(expected);
    expect(await pageAll(input, 'index')).toEqual(expected);
  });

  it('pages a very common word across the whole category either way', async () => {
    // Every listing of the category matches: the walk fills each page at once.
    const expected = [...rows].sort(newestFirst).map((r) => r.id);
    expect(await pageAll({ q: 'redmi common', limit: 100 }, 'walk')).toEqual(expected);
    expect(await pageAll({ q: 'common', limit: 100 }, 'index')).toEqual(expected);
  });

  it('a cursor from one plan continues in the other', async () => {
    const expected = rows
      .filter((_, i) => scarceAt.includes(i))
      .sort(newestFirst)
      .map((r) => r.id);
    const first = await listCategoryProducts(t.app.db, '2', ProductQuerySchema.parse({ q: 'scarce', limit: 2 }), {
      plan: 'walk',
    });
    const second = await listCategoryProducts(
      t.app.db,
      '2',
      ProductQuerySchema.parse({ q: 'scarce', limit: 10, cursor: first.nextCursor }),
      { plan: 'index' },
    );
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual(expected);
    expect(second.nextCursor).toBeNull();
  });

  it('the sampled word statistics send a scarce word to the index and a common one down the walk', async () => {
    const stats = await searchLexemeStats(t.app.db);
    // A small catalogue is sampled whole; lexemes of a single listing (category 1's marker) are left out.
    expect(stats.sampled).toBe(total);
    const wanted = 25;
    const bound = (words: string[], condition?: string) =>
      matchShareBound(stats, { categoryId: '2', condition }, words)!;
    // Too rare for a page within the walk: straight to the index.
    expect(bound(['scarcebird']) * searchWindowRows).toBeLessThan(wanted);
    expect(bound(['nokia']) * searchWindowRows).toBeLessThan(wanted);
    // Common enough that the walk may fill a page: walk first.
    expect(bound(['redmi']) * searchWindowRows).toBeGreaterThanOrEqual(wanted);
    expect(bound(['poco']) * searchWindowRows).toBeGreaterThanOrEqual(wanted);
    expect(bound([], 'Fair') * searchWindowRows).toBeGreaterThanOrEqual(wanted);
    // The rarest word of several bounds them all.
    expect(bound(['redmi', 'scarcebird'])).toBe(bound(['scarcebird']));

    // And the HTTP answers, on whatever plan they chose, are the exact ones.
    for (const [q, matches] of [
      ['scarcebird', (i: number) => scarceAt.includes(i)],
      ['poco', (i: number) => isMedium(i)],
    ] as const) {
      const expected = rows
        .filter((_, i) => matches(i))
        .sort(newestFirst)
        .map((r) => r.id);
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/categories/2/products?q=${q}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
        const response = await t.app.inject(url);
        expect(response.statusCode).toBe(200);
        const page = ProductPageSchema.parse(response.json());
        ids.push(...page.items.map((p) => p.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(ids).toEqual(expected);
    }
  });
});
