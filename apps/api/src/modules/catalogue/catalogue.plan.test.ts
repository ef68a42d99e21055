import { describe, expect, it } from 'vitest';
import {
  choosePlan,
  factEstimate,
  factTokensToRead,
  matchShareBound,
  searchWindowRows,
  secondWalkOf,
} from './catalogue.plan.ts';
import type { BrowseFilters, FactSampleRow, LexemeStats } from './catalogue.repository.ts';

/** A sampled phone of the apple category: 128 GB, black, unlocked, an iPhone 13. */
const phone = (facts: Partial<FactSampleRow> = {}): FactSampleRow => ({
  categoryId: 'apple',
  storageGb: 128,
  colour: 'black',
  networkLock: 'unlocked',
  model: 'iphone 13',
  batteryHealth: 90,
  ...facts,
});

/**
 * A sample of 1,000 listings, 500 of them Apple's: "iphone" in 450, "pro" in 100, "mini" in 2;
 * 200 in good condition. Its 100 sampled facts: 90 phones of 128 GB, 10 of 512 GB (one red),
 * read from 1 % of the table.
 */
const lexemes: [string, number][] = [
  ['category apple', 500],
  ['category samsung', 500],
  ['condition good', 200],
  ['iphone', 450],
  ['mini', 2],
  ['pro', 100],
];
const stats: LexemeStats = {
  sampled: 1000,
  lexemes: lexemes.map(([lexeme]) => lexeme),
  counts: lexemes.map(([, count]) => count),
  facts: [
    ...Array.from({ length: 90 }, () => phone()),
    ...Array.from({ length: 9 }, () => phone({ storageGb: 512 })),
    phone({ storageGb: 512, colour: 'red' }),
  ],
  factSampleShare: 0.01,
};
const apple: BrowseFilters = { categoryId: 'apple' };
/** A page of 25 and the one row that tells whether more exist. */
const wanted = 26;

describe('the catalogue query planner', () => {
  it('walks when there are no statistics yet', () => {
    expect(choosePlan(undefined, { ...apple, model: 'iphone 13' }, ['mini'], 'newest', wanted)).toBe('walk');
  });

  it('walks for common words: the walk fills a page long before its window ends', () => {
    expect(matchShareBound(stats, apple, ['iphone'])).toBe(0.9);
    expect(choosePlan(stats, apple, ['iphone'], 'newest', wanted)).toBe('walk');
    expect(choosePlan(stats, apple, ['iphone', 'pro'], 'price_asc', wanted)).toBe('walk');
  });

  it('asks the index for a rare word, and for a word the sample has not seen (counted as 2)', () => {
    expect(matchShareBound(stats, apple, ['mini'])).toBe(2 / 500);
    expect(choosePlan(stats, apple, ['mini'], 'newest', wanted)).toBe('index');
    expect(matchShareBound(stats, apple, ['zzz'])).toBe(2 / 500);
    expect(choosePlan(stats, apple, ['zzz'], 'newest', wanted)).toBe('index');
  });

  it('bounds by the condition too, and a word begins lexemes ("i" holds "iphone")', () => {
    expect(matchShareBound(stats, { ...apple, condition: 'good' }, ['i'])).toBe(200 / 500);
    expect(choosePlan(stats, { ...apple, condition: 'good' }, ['i'], 'newest', wanted)).toBe('walk');
  });

  it('cannot bound a category the sample holds none of: the facts (none here) decide, so it walks', () => {
    expect(matchShareBound(stats, { categoryId: 'nokia' }, ['mini'])).toBeUndefined();
    expect(choosePlan(stats, { categoryId: 'nokia' }, ['mini'], 'newest', wanted)).toBe('walk');
  });

  it('walks down a common storage size: most listings it passes match', () => {
    const filters = { ...apple, storageGb: 128 };
    expect(factTokensToRead(stats, filters)).toEqual(['storageGb']);
    expect(factEstimate(stats, filters, 'newest')).toEqual({ walkShare: 1, indexRows: 9000 });
    expect(choosePlan(stats, filters, [], 'newest', wanted)).toBe('walk');
  });

  it('asks the index when the walk down a size would pass none of the colour asked for', () => {
    const filters = { ...apple, storageGb: 128, colour: 'Red' };
    // The rarest first; the size too, as its list (90) is under 100 times the one red 512 GB it spares.
    expect(factTokensToRead(stats, filters)).toEqual(['colour', 'storageGb']);
    expect(factEstimate(stats, filters, 'newest')).toEqual({ walkShare: 0, indexRows: 0 });
    expect(choosePlan(stats, filters, [], 'newest', wanted)).toBe('index');
  });

  it('counts a battery floor as the walk meets it: down the category, the index skips listings below it', () => {
    // 90 phones at 90 %, 10 at 100 %: unlocked, all of them.
    const sample = {
      ...stats,
      facts: [
        ...Array.from({ length: 90 }, () => phone()),
        ...Array.from({ length: 10 }, () => phone({ batteryHealth: 100 })),
      ],
    };
    const filters = { ...apple, networkLock: 'unlocked', minBattery: 95 };
    expect(factEstimate(sample, filters, 'newest')).toEqual({ walkShare: 1, indexRows: 10000 });
    // Down a storage size's own order the floor is a test of each listing the walk passes.
    expect(factEstimate(sample, { ...filters, storageGb: 128 }, 'newest')).toEqual({
      walkShare: 0.1,
      indexRows: 10000,
    });
  });

  it('a second walk finishes a page the first left just short, sized from what it found', () => {
    expect(secondWalkOf(5, 20)).toEqual({ limit: 8, maxRows: 2000 });
    expect(secondWalkOf(1, 1000)).toEqual({ limit: 1, maxRows: 250 });
    expect(secondWalkOf(20, 20)).toEqual({ limit: 32, maxRows: searchWindowRows });
    // Fewer found than still needed: matches are rarer than the walk is long; the index finds the rest.
    expect(secondWalkOf(30, 10)).toBeUndefined();
  });
});
