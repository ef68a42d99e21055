/**
 * The API beside its floor (bench/floor-server.ts): the same requests to both, in turns, and the
 * Node CPU per request of each. First the statements the API sends for every URL of the chosen
 * scenarios are captured on the wire (a second API process, one connection, behind
 * bench/lib/pg-capture.ts), then the floor replays them. Used by `http-catalogue.ts --floor`.
 */
import { accessTokenAudience, accessTokenIssuer, createAccessTokens } from '../../apps/api/src/modules/auth/index.ts';
import type { FloorPlan, FloorRoute, FloorStatement } from '../floor-server.ts';
import { backendPids, cpuMeter } from './cpu.ts';
import {
  benchBuyerId,
  categories,
  getPage,
  productsPath,
  staticScenarios,
  type Page,
  type Scenario,
} from './http-bench.ts';
import { runLoad, type LoadResult } from './load.ts';
import { startPgCapture, type CapturedStatement } from './pg-capture.ts';
import { startApi, startFloor, type RunningServer } from './servers.ts';
import { formatInt, formatMs, printTable, sleep } from './util.ts';

export interface FloorBenchOptions {
  databaseUrl: string;
  duration: number;
  warmup: number;
  connections: number;
  maxRequests: number;
  deepPages: number;
  /** Scenario keys (the API's); each gets its floor twin. */
  only: string[];
  acceptEncoding?: string | undefined;
  poolMax: number;
  /** API, floor, API, floor…: this many of each per scenario. */
  rounds: number;
  log?: (line: string) => void;
}

export const defaultFloorScenarios = [
  'browse-uncached',
  'browse-deep',
  'search-common',
  'facts-common',
  'facts-rare',
  'facts-words',
  'all-facts',
];

interface Measured {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  nodeCpuMs: number;
  pgCpuMs: number;
  errors: number;
}

export interface FloorResult {
  scenario: Scenario;
  api: Measured[];
  floor: Measured[];
  /** Paths whose floor answer differed from the API's (bytes, uncompressed). */
  mismatches: string[];
}

/** Statements no request sends: the word statistics' background sample. */
const isBackground = (statement: CapturedStatement) => /tablesample|ts_stat\(/i.test(statement.text);

const withParam = (path: string, param: string) => `${path}${path.includes('?') ? '&' : '?'}${param}`;

/** The floor's route of a URL: its sort, page size, whether it is a first page, and its scope. */
const routeOf = (path: string, statements: FloorStatement[]): FloorRoute => {
  const url = new URL(path, 'http://x');
  const category = /^\/api\/categories\/([^/]+)\/products$/.exec(url.pathname)?.[1];
  return {
    sort: (url.searchParams.get('sort') ?? 'newest') as FloorRoute['sort'],
    limit: Number(url.searchParams.get('limit') ?? 24),
    first: !url.searchParams.has('cursor'),
    scope: category ?? '',
    statements,
  };
};

const toFloorStatement = (statement: CapturedStatement): FloorStatement => ({
  protocol: statement.protocol,
  name: statement.name,
  text: statement.text,
  values: statement.values,
  ...(statement.startupOptions === undefined ? {} : { startupOptions: statement.startupOptions }),
});

/**
 * Every statement the API sends for each path, as PostgreSQL receives it: an API process of its
 * own (one connection, no background jobs) behind the capturing proxy answers each path once to
 * warm up (its word statistics, its storage sizes), then once more, recorded. Every request
 * carries a new `v` so none is answered from memory.
 */
const captureFloorPlan = async (opts: {
  databaseUrl: string;
  jwtSecret: string;
  headers: Record<string, string>;
  paths: string[];
  log: (line: string) => void;
}): Promise<FloorPlan> => {
  const capture = await startPgCapture(opts.databaseUrl);
  let api: RunningServer | undefined;
  try {
    api = await startApi({ databaseUrl: capture.url, jwtSecret: opts.jwtSecret, poolMax: 1, env: { JOBS: 'off' } });
    let n = 0;
    for (const path of opts.paths) await getPage(api, withParam(path, `v=warm${++n}`), opts.headers);
    // Until the background sample of the word statistics has been read.
    for (let waited = 0, seen = -1; waited < 30_000 && seen !== capture.statements.length; waited += 1000) {
      seen = capture.statements.length;
      await sleep(1000);
    }
    const routes: Record<string, FloorRoute> = {};
    for (const path of opts.paths) {
      const before = capture.statements.length;
      await getPage(api, withParam(path, `v=capture${++n}`), opts.headers);
      const sent = capture.statements.slice(before).filter((statement) => !isBackground(statement));
      routes[path] = routeOf(path, sent.map(toFloorStatement));
    }
    const storageSizes: Record<string, FloorStatement> = {};
    for (const statement of capture.statements)
      if (statement.name?.startsWith('catalogue_storage_sizes'))
        storageSizes[statement.name.endsWith('_all') ? '' : (statement.values[1] ?? '')] = toFloorStatement(statement);
    opts.log(
      `captured ${formatInt(Object.values(routes).reduce((sum, route) => sum + route.statements.length, 0))} statements ` +
        `for ${opts.paths.length} URLs`,
    );
    return {
      jwtSecret: opts.jwtSecret,
      issuer: accessTokenIssuer,
      audience: accessTokenAudience,
      routes,
      storageSizes,
    };
  } finally {
    await api?.stop();
    await capture.close();
  }
};

export const runFloorBench = async (opts: FloorBenchOptions): Promise<FloorResult[]> => {
  const log = opts.log ?? ((line: string) => console.log(line));
  const jwtSecret = `bench-${'x'.repeat(40)}`;
  const userId = await benchBuyerId(opts.databaseUrl);
  const { token } = await createAccessTokens(jwtSecret, 86_400).sign({ userId, role: 'user' });
  const plainHeaders = { authorization: `Bearer ${token}` };
  const headers: Record<string, string> = { ...plainHeaders };
  if (opts.acceptEncoding) headers['accept-encoding'] = opts.acceptEncoding;

  const servers: RunningServer[] = [];
  try {
    const api = await startApi({ databaseUrl: opts.databaseUrl, jwtSecret, poolMax: opts.poolMax });
    servers.push(api);
    const scenarios = staticScenarios().filter((s) => opts.only.includes(s.key));
    if (opts.only.includes('browse-deep')) {
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
      scenarios.unshift({
        key: 'browse-deep',
        label: `browse newest, pages 2–${opts.deepPages} via cursor`,
        group: 'browse',
        server: 'api',
        paths,
      });
    }
    const order = (key: string) => opts.only.indexOf(key);
    scenarios.sort((a, b) => order(a.key) - order(b.key));

    const plan = await captureFloorPlan({
      databaseUrl: opts.databaseUrl,
      jwtSecret,
      headers: plainHeaders,
      paths: [...new Set(scenarios.flatMap((s) => s.paths))],
      log,
    });
    const floor = await startFloor({ plan, databaseUrl: opts.databaseUrl, poolMax: opts.poolMax });
    servers.push(floor);
    log(`API ${api.url} (pid ${api.pid}), floor ${floor.url} (pid ${floor.pid})`);

    // Both warm (JIT, prepared statements, the API's word statistics) before anything is measured.
    const allPaths = scenarios.flatMap((s) => s.paths);
    for (const server of [api, floor])
      await runLoad({
        url: server.url,
        paths: allPaths,
        headers,
        connections: Math.min(8, opts.connections),
        duration: Math.max(3, opts.warmup),
        maxRequests: opts.maxRequests,
        cacheBust: true,
      });

    const measure = async (server: RunningServer, scenario: Scenario): Promise<Measured> => {
      const load = {
        url: server.url,
        paths: scenario.paths,
        headers,
        connections: opts.connections,
        maxRequests: opts.maxRequests,
        cacheBust: scenario.cacheBust,
      };
      if (opts.warmup > 0) await runLoad({ ...load, duration: opts.warmup });
      const nodeCpu = cpuMeter(async () => [server.pid]);
      const pgCpu = cpuMeter(() => backendPids(opts.databaseUrl));
      await Promise.all([nodeCpu.start(), pgCpu.start()]);
      const result: LoadResult = await runLoad({ ...load, duration: opts.duration });
      const [nodeMs, pgMs] = await Promise.all([nodeCpu.stop(), pgCpu.stop()]);
      // Requests the load generator gave up on at the end are still running: let them finish.
      await sleep(1000);
      return {
        requests: result.requests,
        rps: result.rps,
        p50: result.p50,
        p95: result.p95,
        nodeCpuMs: result.requests ? nodeMs / result.requests : NaN,
        pgCpuMs: result.requests ? pgMs / result.requests : NaN,
        errors: result.non2xx + result.errors,
      };
    };

    const results: FloorResult[] = [];
    for (const scenario of scenarios) {
      // The floor is a twin only if it answers the same bytes.
      const mismatches: string[] = [];
      for (const [index, path] of scenario.paths.entries()) {
        const asked = withParam(path, `v=check${index}`);
        const [mine, its] = await Promise.all(
          [api, floor].map(async (server) => (await fetch(server.url + asked, { headers: plainHeaders })).text()),
        );
        if (mine !== its) mismatches.push(path);
      }
      const result: FloorResult = { scenario, api: [], floor: [], mismatches };
      for (let round = 0; round < opts.rounds; round++) {
        result.api.push(await measure(api, scenario));
        result.floor.push(await measure(floor, scenario));
      }
      const last = (m: Measured[]) => m.at(-1)!;
      log(
        `  ${scenario.key.padEnd(16)} API ${last(result.api).nodeCpuMs.toFixed(2)} ms CPU/req (${formatInt(last(result.api).rps)} req/s), ` +
          `floor ${last(result.floor).nodeCpuMs.toFixed(2)} (${formatInt(last(result.floor).rps)} req/s)` +
          (mismatches.length ? `  ANSWERS DIFFER: ${mismatches.length} of ${scenario.paths.length} URLs` : ''),
      );
      results.push(result);
    }
    return results;
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const printFloorResults = (results: FloorResult[]) => {
  const each = (values: number[], digits = 2) => values.map((v) => v.toFixed(digits)).join(' / ');
  printTable(
    [
      'scenario',
      'API node CPU ms/req',
      'floor node CPU ms/req',
      'ratio (median)',
      'API pg CPU ms/req',
      'floor pg CPU ms/req',
      'API req/s',
      'floor req/s',
      'API p95 ms',
      'floor p95 ms',
      'same answers',
    ],
    results.map((r) => [
      r.scenario.label,
      each(r.api.map((m) => m.nodeCpuMs)),
      each(r.floor.map((m) => m.nodeCpuMs)),
      `${(median(r.api.map((m) => m.nodeCpuMs)) / median(r.floor.map((m) => m.nodeCpuMs))).toFixed(2)}×`,
      each(r.api.map((m) => m.pgCpuMs)),
      each(r.floor.map((m) => m.pgCpuMs)),
      r.api.map((m) => formatInt(m.rps)).join(' / '),
      r.floor.map((m) => formatInt(m.rps)).join(' / '),
      r.api.map((m) => formatMs(m.p95)).join(' / '),
      r.floor.map((m) => formatMs(m.p95)).join(' / '),
      r.mismatches.length ? `NO (${r.mismatches.length} of ${r.scenario.paths.length})` : 'yes',
    ]),
  );
  const errors = results.filter((r) => [...r.api, ...r.floor].some((m) => m.errors > 0));
  if (errors.length) console.log(`WARNING: non-2xx or errors in ${errors.map((r) => r.scenario.key).join(', ')}`);
};
