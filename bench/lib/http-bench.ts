/**
 * The catalogue HTTP benchmark: starts the real API against a bench database and a bare Fastify
 * route serving a captured browse page (same bytes), then loads each scenario in turn on 127.0.0.1
 * and returns throughput and latency percentiles. Used by http-catalogue.ts and catalogue-scaling.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createAccessTokens } from '../../apps/api/src/modules/auth/index.ts';
import { benchBuyerEmail } from './catalogue-data.ts';
import { backendPids, cpuMeter } from './cpu.ts';
import { runLoad, type LoadResult } from './load.ts';
import { repoRoot, startApi, startBare, type RunningServer } from './servers.ts';
import { formatInt, formatMs, printTable, sleep } from './util.ts';

export interface Scenario {
  key: string;
  label: string;
  group: 'bare' | 'browse' | 'search';
  server: 'bare' | 'api';
  paths: string[];
  /** Each request gets a unique `v` query parameter (which the API ignores). */
  cacheBust?: boolean;
}

export interface ScenarioResult extends LoadResult {
  scenario: Scenario;
  /** Items on the first page of the first path, and that page's body size (uncompressed). */
  items: number;
  bodyBytes: number;
  /** CPU ms per request of the server's Node process, and of PostgreSQL's backends (Linux). */
  serverCpuMs: number;
  dbCpuMs: number;
  /** The same requests one at a time (unloaded latency), when `latencyDuration` > 0. */
  single?: SingleResult | undefined;
  /** A second pass one at a time, when the first one's p95 reached `rerunOverMs`. */
  rerun?: SingleResult | undefined;
  /** No pass under load was made (`connections` 0): the figures above are the one-at-a-time pass's. */
  loadSkipped: boolean;
}

/** A pass one request at a time, with the machine's 1-minute load average before and after it. */
export interface SingleResult extends LoadResult {
  loadBefore: number;
  loadAfter: number;
}

/** The 1-minute load average: latency on a shared machine moves with it. */
export const loadAverage = () => os.loadavg()[0]!;
export const formatLoad = (r: Pick<SingleResult, 'loadBefore' | 'loadAfter'>) =>
  `${r.loadBefore.toFixed(1)}–${r.loadAfter.toFixed(1)}`;

export interface BenchOptions {
  databaseUrl: string;
  duration: number;
  warmup: number;
  /** Connections of the pass under load; 0 skips it (one request at a time only). */
  connections: number;
  maxRequests: number;
  /** Pages followed through nextCursor for the deep-pages scenario. */
  deepPages: number;
  /** Only these scenario keys (all when empty). */
  only?: string[];
  /** Skip these scenario keys. */
  skip?: string[];
  acceptEncoding?: string | undefined;
  poolMax?: number;
  /** Seconds of a second pass with one connection (latency without queueing); 0 to skip. */
  latencyDuration?: number;
  /** Run the one-at-a-time pass again when its p95 is at or above this (ms): a busy moment or the code? */
  rerunOverMs?: number | undefined;
  log?: (line: string) => void;
}

export const allScenarioKeys = [
  'bare',
  'browse-newest',
  'browse-uncached',
  'browse-deep',
  'browse-price',
  'browse-filter',
  'search-common',
  'search-medium',
  'search-rare',
  'search-city',
  'search-miss',
  'search-typo',
  'search-price',
  'facts-common',
  'facts-rare',
  'facts-words',
  'all-browse',
  'all-search',
  'all-search-rare',
  'all-facts',
];

export const productsPath = (categoryId: string, params: Record<string, string | number | undefined> = {}) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return `/api/categories/${categoryId}/products${text ? `?${text}` : ''}`;
};

export const categories = ['1', '2', '3'];

const searchPath = (params: Record<string, string | number | undefined> = {}) =>
  productsPath('_', params).replace('/api/categories/_/products', '/api/search');

/** The scenarios whose paths are known up front; browse-deep is built by following cursors. */
export const staticScenarios = (): Scenario[] => [
  { key: 'bare', label: 'bare Fastify route (same bytes)', group: 'bare', server: 'bare', paths: ['/bare'] },
  {
    key: 'browse-newest',
    label: 'browse newest, page 1',
    group: 'browse',
    server: 'api',
    paths: categories.map((id) => productsPath(id)),
  },
  {
    // The API keeps public first pages in memory for a second: each request here carries a new
    // value of a parameter the API ignores (`v`), so it is the same plain first page, never
    // answered from memory: the price of computing one.
    key: 'browse-uncached',
    label: 'browse newest, page 1, never from memory',
    group: 'browse',
    server: 'api',
    paths: categories.map((id) => productsPath(id)),
    cacheBust: true,
  },
  {
    key: 'browse-price',
    label: 'browse by price (asc, desc), page 1',
    group: 'browse',
    server: 'api',
    paths: categories.flatMap((id) => ['price_asc', 'price_desc'].map((sort) => productsPath(id, { sort }))),
  },
  {
    key: 'browse-filter',
    label: 'browse, condition + price range',
    group: 'browse',
    server: 'api',
    paths: [
      productsPath('1', { condition: 'Good', minPrice: 200, maxPrice: 400 }),
      productsPath('2', { condition: 'Excellent', minPrice: 100, maxPrice: 250 }),
      productsPath('3', { condition: 'Fair', minPrice: 150, maxPrice: 600, sort: 'price_asc' }),
    ],
  },
  {
    key: 'search-common',
    label: "search common ('galax', 'iphon', 'redm')",
    group: 'search',
    server: 'api',
    paths: [productsPath('3', { q: 'galax' }), productsPath('1', { q: 'iphon' }), productsPath('2', { q: 'redm' })],
  },
  {
    key: 'search-medium',
    label: "search medium ('fold', 'mini', 'poco')",
    group: 'search',
    server: 'api',
    paths: [productsPath('3', { q: 'fold' }), productsPath('1', { q: 'mini' }), productsPath('2', { q: 'poco' })],
  },
  {
    key: 'search-rare',
    label: "search rare ('xcov', 'shark')",
    group: 'search',
    server: 'api',
    paths: [productsPath('3', { q: 'xcov' }), productsPath('2', { q: 'shark' })],
  },
  {
    // ~1.8 % of a category: rarer than a search window usually finds a page in, common enough that
    // fetching every match is costly on a large catalogue (the hardest frequency for window+index).
    key: 'search-city',
    label: "search a city ('anchorage', 'spokane', 'boise')",
    group: 'search',
    server: 'api',
    paths: [
      productsPath('3', { q: 'anchorage' }),
      productsPath('1', { q: 'spokane' }),
      productsPath('2', { q: 'boise' }),
    ],
  },
  {
    key: 'search-miss',
    label: "search, no match ('nokia')",
    group: 'search',
    server: 'api',
    paths: categories.map((id) => productsPath(id, { q: 'nokia' })),
  },
  {
    // Words no listing holds, typed wrong: nothing matches, and the answer suggests the closest
    // words of the catalogue ("Did you mean iphone?"), from the small vocabulary table.
    key: 'search-typo',
    label: "search, a typo ('iphne', 'galxy', 'redmy'; 'samsng' everywhere)",
    group: 'search',
    server: 'api',
    paths: [
      productsPath('1', { q: 'iphne' }),
      productsPath('3', { q: 'galxy' }),
      productsPath('2', { q: 'redmy' }),
      searchPath({ q: 'samsng' }),
    ],
  },
  {
    key: 'search-price',
    label: "search + price sort ('galax', 'pro max')",
    group: 'search',
    server: 'api',
    paths: [
      productsPath('3', { q: 'galax', sort: 'price_asc' }),
      productsPath('1', { q: 'pro max', sort: 'price_desc' }),
    ],
  },
  // Phone facts. Pages without words are kept in memory for a second, so these requests bypass
  // it (cacheBust): each is computed.
  {
    key: 'facts-common',
    label: 'facts, common (128 GB; unlocked + colour; 90 %+ and 256 GB)',
    group: 'search',
    server: 'api',
    paths: [
      productsPath('1', { storage: 128 }),
      productsPath('2', { network: 'unlocked', colour: 'Ice Blue' }),
      productsPath('3', { minBattery: 90, storage: 256, sort: 'price_asc' }),
    ],
    cacheBust: true,
  },
  {
    key: 'facts-rare',
    label: 'facts, rare (a 0.1 % model; 1 TB on Verizon; colour + carrier + size)',
    group: 'search',
    server: 'api',
    paths: [
      productsPath('3', { model: 'Galaxy XCover6 Pro' }),
      productsPath('1', { storage: 1024, network: 'Verizon' }),
      productsPath('1', { colour: 'Red', network: 'AT&T', storage: 512, sort: 'price_desc' }),
    ],
    cacheBust: true,
  },
  {
    key: 'facts-words',
    label: "facts + words ('pro' 256 GB unlocked; 'austin' 95 %+)",
    group: 'search',
    server: 'api',
    paths: [
      productsPath('1', { q: 'pro', storage: 256, network: 'unlocked' }),
      productsPath('3', { q: 'austin', minBattery: 95 }),
    ],
  },
  {
    key: 'all-browse',
    label: 'every brand, no words (newest, price), never from memory',
    group: 'search',
    server: 'api',
    paths: [searchPath(), searchPath({ sort: 'price_asc' }), searchPath({ sort: 'price_desc' })],
    cacheBust: true,
  },
  {
    key: 'all-search',
    label: "every brand: 'galax', 'fold', 'anchorage', 'nokia'",
    group: 'search',
    server: 'api',
    paths: [
      searchPath({ q: 'galax' }),
      searchPath({ q: 'fold' }),
      searchPath({ q: 'anchorage' }),
      searchPath({ q: 'nokia' }),
    ],
  },
  {
    key: 'all-search-rare',
    label: "every brand, rare: 'xcov', 'shark'",
    group: 'search',
    server: 'api',
    paths: [searchPath({ q: 'xcov' }), searchPath({ q: 'shark' })],
  },
  {
    key: 'all-facts',
    label: 'every brand, facts (1 TB on Verizon; a rare model; colour + 95 %+ by price)',
    group: 'search',
    server: 'api',
    paths: [
      searchPath({ storage: 1024, network: 'Verizon' }),
      searchPath({ model: 'Black Shark 5' }),
      searchPath({ colour: 'Midnight', minBattery: 95, sort: 'price_asc' }),
    ],
    cacheBust: true,
  },
];

export interface Page {
  items: unknown[];
  nextCursor: string | null;
}

export const getPage = async (api: RunningServer, path: string, headers: Record<string, string>) => {
  const response = await fetch(api.url + path, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 300)}`);
  return { page: JSON.parse(body) as Page, bytes: Buffer.byteLength(body) };
};

/** The bench buyer's id (created when missing), to sign an access token as a signed-in visitor. */
export const benchBuyerId = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into users (name, email, role) values ('Bench Buyer', $1, 'user') on conflict do nothing`,
      [benchBuyerEmail],
    );
    const row = await client.query<{ id: string }>('select id from users where lower(email) = lower($1)', [
      benchBuyerEmail,
    ]);
    return row.rows[0]!.id;
  } finally {
    await client.end();
  }
};

/**
 * Which code was measured: the last migration and a short hash of the catalogue module and schema
 * (the working tree, committed or not), printed with the figures.
 */
export const codeFingerprint = () => {
  const files = [
    'apps/api/src/db/schema.ts',
    'apps/api/src/modules/catalogue/catalogue.repository.ts',
    'apps/api/src/modules/catalogue/catalogue.service.ts',
    'apps/api/src/modules/catalogue/catalogue.routes.ts',
  ];
  const hash = createHash('sha256');
  for (const file of files) {
    try {
      hash.update(readFileSync(path.join(repoRoot, file)));
    } catch {
      hash.update(`missing ${file}`);
    }
  }
  let migration = 'unknown';
  try {
    const journal = JSON.parse(
      readFileSync(path.join(repoRoot, 'apps/api/src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as {
      entries: { tag: string }[];
    };
    migration = journal.entries.at(-1)?.tag ?? 'none';
  } catch {
    // no journal
  }
  return `migration ${migration}, catalogue code ${hash.digest('hex').slice(0, 10)}`;
};

export const countListings = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('select count(*) as n from products')).rows[0]!.n);
  } finally {
    await client.end();
  }
};

export const runCatalogueBench = async (opts: BenchOptions): Promise<ScenarioResult[]> => {
  const log = opts.log ?? ((line: string) => console.log(line));
  const jwtSecret = `bench-${'x'.repeat(40)}`;
  const userId = await benchBuyerId(opts.databaseUrl);
  const { token } = await createAccessTokens(jwtSecret, 86_400).sign({ userId, role: 'user' });
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (opts.acceptEncoding) headers['accept-encoding'] = opts.acceptEncoding;
  const plainHeaders = { authorization: `Bearer ${token}` };

  const wanted = (key: string) => (!opts.only?.length || opts.only.includes(key)) && !opts.skip?.includes(key);
  const servers: RunningServer[] = [];
  try {
    const api = await startApi({ databaseUrl: opts.databaseUrl, jwtSecret, poolMax: opts.poolMax ?? 10 });
    servers.push(api);
    // The bare route answers the bytes of a real first browse page.
    const firstPath = productsPath('3');
    const firstResponse = await fetch(api.url + firstPath, { headers: plainHeaders });
    const firstBody = await firstResponse.text();
    if (!firstResponse.ok)
      throw new Error(`GET ${firstPath} answered ${firstResponse.status}: ${firstBody.slice(0, 300)}`);
    const bare = await startBare(firstBody);
    servers.push(bare);
    log(
      `API ${api.url} (pid ${api.pid}), bare ${bare.url} (pid ${bare.pid}); browse page: ${formatInt(Buffer.byteLength(firstBody))} bytes`,
    );

    const scenarios = staticScenarios().filter((s) => wanted(s.key));
    if (wanted('browse-deep')) {
      // Follow nextCursor from page 1 of each category; load pages 2..deepPages.
      const paths: string[] = [];
      for (const id of categories) {
        let cursor: string | null = null;
        for (let page = 1; page < opts.deepPages; page++) {
          const result: { page: Page } = await getPage(
            api,
            productsPath(id, { cursor: cursor ?? undefined }),
            plainHeaders,
          );
          cursor = result.page.nextCursor;
          if (!cursor) break;
          paths.push(productsPath(id, { cursor }));
        }
      }
      scenarios.splice(2, 0, {
        key: 'browse-deep',
        label: `browse newest, pages 2–${opts.deepPages} via cursor`,
        group: 'browse',
        server: 'api',
        paths,
      });
    }

    // The API's code paths are compiled by the JIT on first use: warm them all up (and fill the
    // database's caches) before the first scenario, which would otherwise measure the compiling.
    const apiPaths = scenarios.filter((s) => s.server === 'api').flatMap((s) => s.paths);
    if (opts.warmup > 0 && apiPaths.length > 0)
      await runLoad({
        url: api.url,
        paths: apiPaths,
        headers,
        connections: Math.min(8, Math.max(2, opts.connections)),
        duration: Math.max(3, opts.warmup),
        maxRequests: opts.maxRequests,
      });

    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) {
      const server = scenario.server === 'bare' ? bare : api;
      // Every path must answer 200 before it is loaded; the first one's page is reported.
      let items = 0;
      let bodyBytes = 0;
      for (const [index, path] of scenario.paths.entries()) {
        if (scenario.server === 'bare') {
          bodyBytes = Buffer.byteLength(firstBody);
          items = (JSON.parse(firstBody) as Page).items.length;
          break;
        }
        const { page, bytes } = await getPage(api, path, plainHeaders);
        if (index === 0) {
          items = page.items.length;
          bodyBytes = bytes;
        }
      }
      const load = {
        url: server.url,
        paths: scenario.paths,
        headers,
        connections: opts.connections,
        maxRequests: opts.maxRequests,
        cacheBust: scenario.cacheBust,
      };
      const latencyDuration = opts.connections > 0 ? (opts.latencyDuration ?? 0) : opts.duration;
      const measured = async <T>(run: () => Promise<T>) => {
        const serverCpu = cpuMeter(async () => [server.pid]);
        const dbCpu = cpuMeter(() => backendPids(opts.databaseUrl));
        await Promise.all([serverCpu.start(), dbCpu.start()]);
        const value = await run();
        const [serverMs, dbMs] = await Promise.all([serverCpu.stop(), dbCpu.stop()]);
        return { value, serverMs, dbMs };
      };
      const singlePass = async (): Promise<SingleResult> => {
        const loadBefore = loadAverage();
        const result = await runLoad({ ...load, connections: 1, duration: latencyDuration });
        return { ...result, loadBefore, loadAfter: loadAverage() };
      };
      if (opts.warmup > 0)
        await runLoad({ ...load, connections: Math.max(1, opts.connections), duration: opts.warmup });
      let result: ScenarioResult;
      if (opts.connections > 0) {
        const { value, serverMs, dbMs } = await measured(() => runLoad({ ...load, duration: opts.duration }));
        result = {
          ...value,
          scenario,
          items,
          bodyBytes,
          serverCpuMs: value.requests ? serverMs / value.requests : NaN,
          dbCpuMs: value.requests ? dbMs / value.requests : NaN,
          loadSkipped: false,
        };
        // Requests the load generator gave up on at the end are still running: let them finish.
        await sleep(1500);
        if (latencyDuration > 0) {
          result.single = await singlePass();
          await sleep(200);
        }
      } else {
        // One request at a time only: the CPU per request is read over that pass.
        const { value, serverMs, dbMs } = await measured(singlePass);
        result = {
          ...value,
          scenario,
          items,
          bodyBytes,
          serverCpuMs: value.requests ? serverMs / value.requests : NaN,
          dbCpuMs: value.requests ? dbMs / value.requests : NaN,
          single: value,
          loadSkipped: true,
        };
      }
      if (result.single && opts.rerunOverMs !== undefined && result.single.p95 >= opts.rerunOverMs) {
        await sleep(2000);
        result.rerun = await singlePass();
      }
      results.push(result);
      const single = result.single;
      const rerun = result.rerun;
      log(
        `  ${scenario.key.padEnd(15)} ` +
          (result.loadSkipped
            ? ''
            : `${formatInt(result.rps).padStart(7)} req/s  p50 ${formatMs(result.p50)} ms  ` +
              `p95 ${formatMs(result.p95)} ms  p99 ${formatMs(result.p99)} ms  | `) +
          (single
            ? `1 conn: p50 ${formatMs(single.p50)} p95 ${formatMs(single.p95)} p99 ${formatMs(single.p99)} ms` +
              ` (${formatInt(single.requests)} req, load ${formatLoad(single)})`
            : '') +
          (rerun
            ? `  re-run: p50 ${formatMs(rerun.p50)} p95 ${formatMs(rerun.p95)} p99 ${formatMs(rerun.p99)} ms` +
              ` (load ${formatLoad(rerun)})`
            : '') +
          (result.non2xx || result.errors ? `  (${result.non2xx} non-2xx, ${result.errors} errors)` : ''),
      );
    }
    return results;
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
};

export const printResults = (results: ScenarioResult[]) => {
  const bare = results.find((r) => r.scenario.key === 'bare');
  const loaded = (r: ScenarioResult, text: string) => (r.loadSkipped ? '–' : text);
  printTable(
    [
      'scenario',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'vs bare',
      '1-conn p50',
      '1-conn p95',
      '1-conn p99',
      '1-conn max',
      'load avg',
      're-run p50/p95/p99 (load)',
      'node CPU ms/req',
      'pg CPU ms/req',
      'items',
      'body B',
      'requests',
      'non-2xx',
    ],
    results.map((r) => [
      r.scenario.label,
      loaded(r, formatInt(r.rps)),
      loaded(r, formatMs(r.p50)),
      loaded(r, formatMs(r.p95)),
      loaded(r, formatMs(r.p99)),
      loaded(r, formatMs(r.max)),
      bare && !r.loadSkipped ? `${(r.rps / bare.rps).toFixed(2)}×` : '–',
      r.single ? formatMs(r.single.p50) : '–',
      r.single ? formatMs(r.single.p95) : '–',
      r.single ? formatMs(r.single.p99) : '–',
      r.single ? formatMs(r.single.max) : '–',
      r.single ? formatLoad(r.single) : '–',
      r.rerun
        ? `${formatMs(r.rerun.p50)}/${formatMs(r.rerun.p95)}/${formatMs(r.rerun.p99)} (${formatLoad(r.rerun)})`
        : '–',
      r.serverCpuMs.toFixed(2),
      r.scenario.server === 'bare' ? '–' : r.dbCpuMs.toFixed(2),
      r.items,
      formatInt(r.bodyBytes),
      formatInt(r.requests),
      r.non2xx + r.errors,
    ]),
  );
};

/** The goal's bar: every search (and any API page) p95 under this, one request at a time, at 1 M listings. */
export const p95GoalMs = 50;

/** The issue's goals that one run can judge (flatness needs catalogue-scaling.ts). */
export const printVerdicts = (results: ScenarioResult[], listings: number) => {
  const bare = results.find((r) => r.scenario.key === 'bare');
  const browse = results.find((r) => r.scenario.key === 'browse-newest');
  const lines: string[] = [];
  if (bare && browse && !browse.loadSkipped) {
    const ratio = browse.rps / bare.rps;
    lines.push(`browse ≥ 0.5× bare route: ${ratio.toFixed(2)}× → ${ratio >= 0.5 ? 'PASS' : 'FAIL'}`);
  }
  const at = listings >= 1_000_000 ? '' : ` (goal is at 1 M listings; this catalogue has ${formatInt(listings)})`;
  const searches = results.filter((r) => r.scenario.group === 'search');
  const underLoad = searches.filter((r) => !r.loadSkipped);
  if (underLoad.length) {
    const worst = underLoad.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    lines.push(
      `search p95 < ${p95GoalMs} ms, loaded (saturating): worst ${formatMs(worst.p95)} ms ` +
        `(${worst.scenario.key}) → ${worst.p95 < p95GoalMs ? 'PASS' : 'FAIL'}${at}`,
    );
  }
  for (const [what, rows] of [
    ['search', searches],
    ['every API scenario', results.filter((r) => r.scenario.server === 'api')],
  ] as const) {
    const singles = rows.filter((r) => r.single);
    if (singles.length === 0) continue;
    const worst = singles.reduce((a, b) => (b.single!.p95 > a.single!.p95 ? b : a));
    const p95 = worst.single!.p95;
    const over = singles.filter((r) => r.single!.p95 >= p95GoalMs);
    lines.push(
      `${what} p95 < ${p95GoalMs} ms, one request at a time: worst ${formatMs(p95)} ms (${worst.scenario.key}) → ` +
        `${p95 < p95GoalMs ? 'PASS' : 'FAIL'}${at}` +
        over
          .filter((r) => r.rerun)
          .map((r) => `; ${r.scenario.key} re-run p95 ${formatMs(r.rerun!.p95)} ms (load ${formatLoad(r.rerun!)})`)
          .join(''),
    );
  }
  const failed = results.filter((r) => r.non2xx || r.errors);
  if (failed.length) lines.push(`WARNING: non-2xx or errors in ${failed.map((r) => r.scenario.key).join(', ')}`);
  for (const line of lines) console.log(line);
};
