/**
 * HTTP benchmark of the category browse and search endpoint against a bare Fastify route.
 *
 *   npx tsx bench/http-catalogue.ts                                     # recell_bench, 10 s per scenario
 *   npx tsx bench/http-catalogue.ts --database-url postgres://postgres@127.0.0.1:5432/recell_bench \
 *     --duration 10 --connections 32 [--warmup 2] [--only browse-newest,search-rare] [--accept-encoding br]
 *
 * Starts the real API (child process, NODE_ENV=production, LOG_LEVEL=warn, SEED=none) on 127.0.0.1
 * against the database (fill it first with bench/generate-catalogue.ts), captures a real first browse
 * page, starts a bare Fastify server answering those same bytes, then loads each scenario for a fixed
 * duration (and at most --max-requests requests) with autocannon and prints requests/s, p50/p95/p99
 * and the ratio to the bare route. Requests carry a signed-in buyer's access token, as the category
 * page does. Each scenario then runs again with one connection for --latency-duration seconds
 * (default 5; 0 skips it): latency without queueing. `--connections 0` skips the pass under load:
 * one request at a time only, for --duration seconds per scenario. `--rerun-over 50` runs that pass
 * again for a scenario whose p95 reached 50 ms (a busy moment on a shared machine, or the code?) and
 * prints both, with the load average beside each. Both servers are stopped at the end.
 *
 *   npx tsx bench/http-catalogue.ts --floor [--rounds 2] [--only browse-uncached,facts-common] …
 *
 * puts the API beside its floor (bench/floor-server.ts: plain node:http and pg replaying the very
 * statements the API sends, captured on the wire) and prints each one's Node CPU per request.
 */
import { parseArgs } from 'node:util';
import {
  allScenarioKeys,
  codeFingerprint,
  countListings,
  printResults,
  printVerdicts,
  runCatalogueBench,
} from './lib/http-bench.ts';
import { defaultFloorScenarios, printFloorResults, runFloorBench } from './lib/floor-bench.ts';
import { defaultDatabaseUrl, formatInt, parseCount } from './lib/util.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? defaultDatabaseUrl },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '32' },
    'max-requests': { type: 'string', default: '500000' },
    'deep-pages': { type: 'string', default: '10' },
    only: { type: 'string' },
    skip: { type: 'string' },
    'accept-encoding': { type: 'string' },
    pool: { type: 'string', default: '10' },
    'latency-duration': { type: 'string', default: '5' },
    'rerun-over': { type: 'string' },
    floor: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '2' },
  },
});

const split = (text: string | undefined) => (text ? text.split(',').map((s) => s.trim()) : []);
for (const key of [...split(args.only), ...split(args.skip)])
  if (!allScenarioKeys.includes(key)) throw new Error(`Unknown scenario ${key}; one of ${allScenarioKeys.join(', ')}`);

const databaseUrl = args['database-url']!;
const listings = await countListings(databaseUrl);
if (args.floor) {
  // The API beside its floor (bench/floor-server.ts): Node CPU per request of each, in turns.
  const only = split(args.only).length ? split(args.only) : defaultFloorScenarios;
  console.log(
    `Catalogue API vs its floor: ${formatInt(listings)} listings in ${databaseUrl.replace(/\/\/[^@]*@/, '//')}; ` +
      `${args.duration} s per scenario and server (after ${args.warmup} s warm-up), ${args.connections} connections, ` +
      `${args.rounds} rounds` +
      (args['accept-encoding'] ? `, Accept-Encoding: ${args['accept-encoding']}` : ', no compression'),
  );
  console.log(`Code: ${codeFingerprint()}`);
  const results = await runFloorBench({
    databaseUrl,
    duration: Number(args.duration),
    warmup: Number(args.warmup),
    connections: Number(args.connections),
    maxRequests: parseCount(args['max-requests']!),
    deepPages: Number(args['deep-pages']),
    only,
    acceptEncoding: args['accept-encoding'],
    poolMax: Number(args.pool),
    rounds: Number(args.rounds),
  });
  console.log('');
  printFloorResults(results);
  process.exit(0);
}
console.log(
  `Catalogue HTTP benchmark: ${formatInt(listings)} listings in ${databaseUrl.replace(/\/\/[^@]*@/, '//')}; ` +
    `${args.duration} s per scenario (after ${args.warmup} s warm-up), ` +
    (args.connections === '0' ? 'one request at a time only' : `${args.connections} connections`) +
    (args['accept-encoding'] ? `, Accept-Encoding: ${args['accept-encoding']}` : ', no compression'),
);
console.log(`Code: ${codeFingerprint()}`);
const results = await runCatalogueBench({
  databaseUrl,
  duration: Number(args.duration),
  warmup: Number(args.warmup),
  connections: Number(args.connections),
  maxRequests: parseCount(args['max-requests']!),
  deepPages: Number(args['deep-pages']),
  only: split(args.only),
  skip: split(args.skip),
  acceptEncoding: args['accept-encoding'],
  poolMax: Number(args.pool),
  latencyDuration: Number(args['latency-duration']),
  rerunOverMs: args['rerun-over'] === undefined ? undefined : Number(args['rerun-over']),
});
console.log('');
printResults(results);
console.log('');
printVerdicts(results, listings);
