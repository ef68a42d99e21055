/**
 * Does browse and search stay flat as the catalogue grows? Runs the HTTP benchmark's browse and
 * search scenarios against catalogues of 10 k, 100 k and 1 M listings (one database each:
 * recell_bench_10k, recell_bench_100k, recell_bench_1m), and prints p95/p99 and requests/s per size.
 *
 *   npx tsx bench/catalogue-scaling.ts --generate          # creates/fills the three databases first
 *   npx tsx bench/catalogue-scaling.ts --recreate          # drops and regenerates them (schema changed)
 *   npx tsx bench/catalogue-scaling.ts --sizes 10k,1m --duration 5 --connections 32
 *   npx tsx bench/catalogue-scaling.ts --connections 0 --duration 10   # one request at a time only
 *
 * --database-url names the server and the prefix of the database names (default recell_bench).
 * `--connections 0` skips the pass under load (each scenario runs --duration seconds one request at
 * a time); a scenario whose one-at-a-time p95 reaches --rerun-over ms (default 50) runs again, and
 * both are printed with the machine's load average beside them. The last table (Markdown, to paste)
 * has p50 / p95 / p99 one request at a time per scenario and size, p95 ≥ 50 ms in bold.
 * Goals (docs/product.md, States and rules): p99 flat from 10 k to 1 M (here: 1 M p99 within 1.5× of 10 k p99 per scenario),
 * search p95 < 50 ms at 1 M. The bare route runs at every size too, as a control for machine noise.
 */
import { parseArgs } from 'node:util';
import { generateCatalogue } from './lib/generate.ts';
import {
  allScenarioKeys,
  codeFingerprint,
  countListings,
  formatLoad,
  loadAverage,
  p95GoalMs,
  printResults,
  runCatalogueBench,
  type ScenarioResult,
  type SingleResult,
} from './lib/http-bench.ts';
import {
  databaseNameOf,
  defaultDatabaseUrl,
  formatInt,
  formatMs,
  parseCount,
  printMarkdownTable,
  printTable,
  shortCount,
  withDatabaseName,
} from './lib/util.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? defaultDatabaseUrl },
    sizes: { type: 'string', default: '10k,100k,1m' },
    generate: { type: 'boolean', default: false },
    recreate: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '32' },
    'max-requests': { type: 'string', default: '500000' },
    'deep-pages': { type: 'string', default: '10' },
    only: { type: 'string' },
    skip: { type: 'string', default: '' },
    pool: { type: 'string', default: '10' },
    'latency-duration': { type: 'string', default: '5' },
    'rerun-over': { type: 'string', default: String(p95GoalMs) },
  },
});
const underLoad = Number(args.connections) > 0;

const flatFactor = 1.5;
const sizes = args.sizes!.split(',').map((s) => parseCount(s));
const prefix = databaseNameOf(args['database-url']!);
const split = (text: string | undefined) => (text ? text.split(',').map((s) => s.trim()) : []);
const only = split(args.only);
for (const key of [...only, ...split(args.skip)])
  if (!allScenarioKeys.includes(key)) throw new Error(`Unknown scenario ${key}; one of ${allScenarioKeys.join(', ')}`);

console.log(`Code: ${codeFingerprint()}`);
const bySize: { size: number; listings: number; results: ScenarioResult[] }[] = [];
for (const size of sizes) {
  const databaseUrl = withDatabaseName(args['database-url']!, `${prefix}_${shortCount(size).toLowerCase()}`);
  if (args.generate || args.recreate) await generateCatalogue({ databaseUrl, count: size, recreate: args.recreate! });
  const listings = await countListings(databaseUrl).catch(() => 0);
  if (listings < size)
    throw new Error(
      `${databaseNameOf(databaseUrl)} has ${formatInt(listings)} listings, not ${formatInt(size)}: run with --generate`,
    );
  console.log(
    `\n== ${formatInt(listings)} listings (${databaseNameOf(databaseUrl)}), load average ${loadAverage().toFixed(2)}`,
  );
  const results = await runCatalogueBench({
    databaseUrl,
    duration: Number(args.duration),
    warmup: Number(args.warmup),
    connections: Number(args.connections),
    maxRequests: parseCount(args['max-requests']!),
    deepPages: Number(args['deep-pages']),
    only,
    skip: split(args.skip),
    poolMax: Number(args.pool),
    latencyDuration: Number(args['latency-duration']),
    rerunOverMs: Number(args['rerun-over']),
  });
  console.log('');
  printResults(results);
  bySize.push({ size, listings, results });
}

const keys = bySize[0]!.results.map((r) => r.scenario.key);
const labelOf = (key: string) => bySize[0]!.results.find((r) => r.scenario.key === key)!.scenario.label;
const find = (index: number, key: string) => bySize[index]!.results.find((r) => r.scenario.key === key);
const sizeHeaders = bySize.map((s) => shortCount(s.size));

const singleMs = (value: number | undefined) => (value === undefined ? '–' : formatMs(value));
for (const [title, pick, ratioOf] of [
  [
    `p99 latency (ms), ${args.connections} connections`,
    (r: ScenarioResult) => formatMs(r.p99),
    (r: ScenarioResult) => r.p99,
  ],
  [
    `p95 latency (ms), ${args.connections} connections`,
    (r: ScenarioResult) => formatMs(r.p95),
    (r: ScenarioResult) => r.p95,
  ],
  [
    'p99 latency (ms), one request at a time',
    (r: ScenarioResult) => singleMs(r.single?.p99),
    (r: ScenarioResult) => r.single?.p99 ?? NaN,
  ],
  [
    'p95 latency (ms), one request at a time',
    (r: ScenarioResult) => singleMs(r.single?.p95),
    (r: ScenarioResult) => r.single?.p95 ?? NaN,
  ],
  [`requests/s, ${args.connections} connections`, (r: ScenarioResult) => formatInt(r.rps), undefined],
  [
    'PostgreSQL CPU ms per request (load-independent: flat means the queries do not grow with the catalogue)',
    (r: ScenarioResult) => (r.scenario.server === 'bare' ? '–' : r.dbCpuMs.toFixed(2)),
    (r: ScenarioResult) => r.dbCpuMs,
  ],
  [
    'API (Node) CPU ms per request',
    (r: ScenarioResult) => r.serverCpuMs.toFixed(2),
    (r: ScenarioResult) => r.serverCpuMs,
  ],
] as const) {
  if (!underLoad && (title.includes(' connections') || title.includes('requests/s'))) continue;
  const digits = ratioOf !== undefined;
  console.log(`\n${title}`);
  printTable(
    ['scenario', ...sizeHeaders, ...(digits && bySize.length > 1 ? [`${sizeHeaders.at(-1)}/${sizeHeaders[0]}`] : [])],
    keys.map((key) => {
      const cells = bySize.map((_, i) => {
        const r = find(i, key);
        return r ? pick(r) : '–';
      });
      const first = find(0, key);
      const last = find(bySize.length - 1, key);
      const growth = ratioOf && bySize.length > 1 && first && last ? ratioOf(last) / ratioOf(first) : undefined;
      const ratio = growth === undefined ? [] : [Number.isFinite(growth) ? `${growth.toFixed(2)}×` : '–'];
      return [labelOf(key), ...cells, ...ratio];
    }),
  );
}

console.log('');
if (bySize.length > 1) {
  for (const [how, p99Of] of [
    [`${args.connections} connections`, (r: ScenarioResult) => (underLoad ? r.p99 : NaN)],
    ['one request at a time', (r: ScenarioResult) => r.single?.p99 ?? NaN],
  ] as const) {
    const flat = keys
      .filter((key) => key !== 'bare')
      .map((key) => ({ key, ratio: p99Of(find(bySize.length - 1, key)!) / p99Of(find(0, key)!) }))
      .filter((row) => Number.isFinite(row.ratio));
    if (flat.length === 0) continue;
    const worst = flat.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    console.log(
      `p99 flat ${sizeHeaders[0]} → ${sizeHeaders.at(-1)}, ${how} (within ${flatFactor}×): worst ` +
        `${worst.ratio.toFixed(2)}× (${worst.key}) → ${worst.ratio <= flatFactor ? 'PASS' : 'FAIL'}`,
    );
  }
}
if (bySize.length > 1) {
  // Latency on a shared machine moves with everything else running; PostgreSQL's CPU per request
  // does not, so it is the steadier reading of "does the work grow with the catalogue".
  const growth = keys
    .filter((key) => key !== 'bare')
    .map((key) => ({ key, ratio: find(bySize.length - 1, key)!.dbCpuMs / find(0, key)!.dbCpuMs }))
    .filter((row) => Number.isFinite(row.ratio));
  if (growth.length) {
    const worst = growth.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    console.log(
      `PostgreSQL CPU per request flat ${sizeHeaders[0]} → ${sizeHeaders.at(-1)} (within ${flatFactor}×): worst ` +
        `${worst.ratio.toFixed(2)}× (${worst.key}) → ${worst.ratio <= flatFactor ? 'PASS' : 'FAIL'}`,
    );
  }
}
// The table to paste: one request at a time, p50 / p95 / p99 per size, p95 at the goal or over in bold.
const cellOf = (r: SingleResult | undefined) =>
  r === undefined
    ? '–'
    : `${formatMs(r.p50)} / ${r.p95 >= p95GoalMs ? `**${formatMs(r.p95)}**` : formatMs(r.p95)} / ${formatMs(r.p99)}`;
const loadsOf = (index: number) => {
  const loads = bySize[index]!.results.flatMap((r) => (r.single ? [r.single.loadBefore, r.single.loadAfter] : []));
  return loads.length ? `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}` : '–';
};
console.log(
  `\nOne request at a time, ms: p50 / p95 / p99 (p95 ≥ ${p95GoalMs} ms in bold); load average over each size's run` +
    ` ${bySize.map((_, i) => `${sizeHeaders[i]} ${loadsOf(i)}`).join(', ')}`,
);
printMarkdownTable(
  ['scenario', ...sizeHeaders.map((size) => `${size} p50 / p95 / p99`), 'load avg (largest)'],
  keys.map((key) => [
    labelOf(key),
    ...bySize.map((_, i) => cellOf(find(i, key)?.single)),
    (() => {
      const single = find(bySize.length - 1, key)?.single;
      return single ? formatLoad(single) : '–';
    })(),
  ]),
);
const reruns = bySize.flatMap((s, i) => s.results.filter((r) => r.rerun).map((r) => ({ r, size: sizeHeaders[i]! })));
if (reruns.length) {
  console.log(`\nRun again (one at a time, p95 ≥ ${args['rerun-over']} ms the first time), ms: p50 / p95 / p99`);
  printMarkdownTable(
    ['scenario', 'size', 'first run', 'load avg', 're-run', 'load avg '],
    reruns.map(({ r, size }) => [
      r.scenario.label,
      size,
      cellOf(r.single),
      formatLoad(r.single!),
      cellOf(r.rerun),
      formatLoad(r.rerun!),
    ]),
  );
}

console.log('');
const largest = bySize.at(-1)!;
for (const [what, rows] of [
  ['search', largest.results.filter((r) => r.scenario.group === 'search')],
  ['every API scenario', largest.results.filter((r) => r.scenario.server === 'api')],
] as const) {
  for (const [how, p95Of] of [
    [`${args.connections} connections`, (r: ScenarioResult) => (underLoad ? r.p95 : NaN)],
    ['one request at a time', (r: ScenarioResult) => r.single?.p95 ?? NaN],
  ] as const) {
    const measured = rows.filter((r) => Number.isFinite(p95Of(r)));
    if (measured.length === 0) continue;
    const worst = measured.reduce((a, b) => (p95Of(b) > p95Of(a) ? b : a));
    const over = measured.filter((r) => p95Of(r) >= p95GoalMs).map((r) => r.scenario.key);
    console.log(
      `${what} p95 < ${p95GoalMs} ms at ${shortCount(largest.size)}, ${how}: worst ${formatMs(p95Of(worst))} ms ` +
        `(${worst.scenario.key}) → ${p95Of(worst) < p95GoalMs ? 'PASS' : `FAIL (${over.join(', ')})`}`,
    );
  }
}
