/**
 * Search by phone facts at scale (docs/decisions/0038): a grid of fact filters × the three sorts ×
 * each category and every brand, each request through the catalogue service (the plan it would
 * choose, its SQL and indexes; no HTTP), one at a time. Prints p50 and max per combination, then
 * the slowest ones and p50/p95 over the whole grid.
 *
 *   npx tsx bench/generate-catalogue.ts --count 1m --database-url postgres://postgres@127.0.0.1:5432/recell_bench_1m
 *   npx tsx bench/search-facts.ts --database-url postgres://postgres@127.0.0.1:5432/recell_bench_1m
 *
 * Options: --calls 5 (timed calls per combination, after one untimed), --pages 2 (also follow
 * the cursor to later pages, timing each), --only storage (filter sets whose label holds the
 * text), --all (print every combination, not just the slowest 25).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ProductQuerySchema, type ProductQueryInput } from '@recell/contract';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { listCategoryProducts, searchProducts } from '../apps/api/src/modules/catalogue/index.ts';
import { defaultDatabaseUrl, formatMs, printTable, sleep } from './lib/util.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? defaultDatabaseUrl },
    calls: { type: 'string', default: '5' },
    pages: { type: 'string', default: '1' },
    only: { type: 'string' },
    all: { type: 'boolean', default: false },
  },
});
const calls = Number(args.calls);
const pages = Number(args.pages);

type Filters = Omit<ProductQueryInput, 'sort' | 'cursor' | 'limit'>;
/** Filter sets; a function gets the scope (a category id, or undefined for every brand). */
const filterSets: [string, (scope: string | undefined) => Filters][] = [
  ['128 GB', () => ({ storage: '128' })],
  ['256 GB', () => ({ storage: '256' })],
  ['512 GB', () => ({ storage: '512' })],
  ['1 TB', () => ({ storage: '1024' })],
  ['256 GB + 90 %+', () => ({ storage: '256', minBattery: '90' })],
  ['1 TB on Verizon', () => ({ storage: '1024', network: 'Verizon' })],
  ['64 GB unlocked', () => ({ storage: '64', network: 'unlocked' })],
  ['512 GB, a colour, AT&T', (s) => ({ storage: '512', colour: colourOf(s), network: 'AT&T' })],
  ['unlocked + a colour', (s) => ({ network: 'unlocked', colour: colourOf(s) })],
  ['a colour + 95 %+', (s) => ({ colour: colourOf(s), minBattery: '95' })],
  ['a colour', (s) => ({ colour: colourOf(s) })],
  ['Verizon', () => ({ network: 'Verizon' })],
  ['95 %+', () => ({ minBattery: '95' })],
  ['100 %', () => ({ minBattery: '100' })],
  ['a common model', (s) => ({ model: commonModelOf(s) })],
  ['a common model, 256 GB', (s) => ({ model: commonModelOf(s), storage: '256' })],
  ['a rare model', (s) => ({ model: rareModelOf(s) })],
  ["'pro' + 256 GB unlocked", () => ({ q: 'pro', storage: '256', network: 'unlocked' })],
  ["'austin' + 95 %+", () => ({ q: 'austin', minBattery: '95' })],
];
const colourOf = (scope: string | undefined) => (scope === '2' ? 'Ice Blue' : scope === '3' ? 'Lavender' : 'Midnight');
const commonModelOf = (scope: string | undefined) =>
  scope === '2' ? 'Redmi Note 12' : scope === '3' ? 'Galaxy S24 Ultra' : 'iPhone 15 Pro Max';
const rareModelOf = (scope: string | undefined) =>
  scope === '2' ? 'Black Shark 5' : scope === '3' ? 'Galaxy XCover6 Pro' : 'Black Shark 5';
const scopes = ['1', '2', '3', undefined];
const sorts = ['newest', 'price_asc', 'price_desc'] as const;

const handle = await openDatabase({ databaseUrl: args['database-url']!, poolMax: 2 });
const db = handle.db;
const list = (scope: string | undefined, input: ProductQueryInput) => {
  const query = ProductQuerySchema.parse(input);
  return scope === undefined ? searchProducts(db, query) : listCategoryProducts(db, scope, query);
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

const loadBefore = os.loadavg()[0]!;
try {
  // The word statistics load in the background on a database's first filtered page.
  await list('1', { q: 'iphone' });
  await sleep(3000);
  const rows: { label: string; p50: number; max: number; items: number }[] = [];
  const every: number[] = [];
  for (const [label, filtersOf] of filterSets) {
    if (args.only && !label.includes(args.only)) continue;
    for (const scope of scopes) {
      for (const sort of sorts) {
        const base = { ...filtersOf(scope), sort };
        const times: number[] = [];
        let items = 0;
        for (let call = 0; call <= calls; call++) {
          let cursor: string | undefined;
          for (let p = 0; p < pages; p++) {
            const started = performance.now();
            const page = await list(scope, { ...base, ...(cursor ? { cursor } : {}) });
            const ms = performance.now() - started;
            if (call > 0) times.push(ms);
            if (call === 0 && p === 0) items = page.items.length;
            if (!page.nextCursor) break;
            cursor = page.nextCursor;
          }
        }
        times.sort((a, b) => a - b);
        every.push(...times);
        rows.push({
          label: `${label}, ${scope === undefined ? 'every brand' : `category ${scope}`}, ${sort}`,
          p50: percentile(times, 50),
          max: times.at(-1)!,
          items,
        });
      }
    }
  }
  const shown = args.all ? rows : [...rows].sort((a, b) => b.max - a.max).slice(0, 25);
  printTable(
    ['filters, scope, sort', 'items', 'p50 ms', 'max ms'],
    shown.map((row) => [row.label, row.items, formatMs(row.p50), formatMs(row.max)]),
  );
  every.sort((a, b) => a - b);
  console.log(
    `\n${rows.length} combinations, ${every.length} requests: p50 ${formatMs(percentile(every, 50))} ms, ` +
      `p95 ${formatMs(percentile(every, 95))} ms, p99 ${formatMs(percentile(every, 99))} ms, ` +
      `max ${formatMs(every.at(-1)!)} ms; over 50 ms: ${rows.filter((row) => row.max > 50).length} combinations` +
      ` (load average ${loadBefore.toFixed(1)}–${os.loadavg()[0]!.toFixed(1)})`,
  );
} finally {
  await handle.close();
}
