/**
 * Generates a large catalogue of believable used-phone listings in PostgreSQL, fast (COPY).
 *
 *   npx tsx bench/generate-catalogue.ts --count 1000000
 *   npx tsx bench/generate-catalogue.ts --count 100k --database-url postgres://postgres@127.0.0.1:5432/recell_bench_100k
 *   npx tsx bench/generate-catalogue.ts --count 1m --reset          # empty every table first
 *   npx tsx bench/generate-catalogue.ts --count 1m --recreate       # drop the (recell_bench*) database first
 *
 * Creates the database when missing and runs the app's real migrations. `--count` is the target:
 * a smaller catalogue is grown to it, a catalogue that already has that many rows is left alone.
 * Options: --jobs 2 (parallel COPY connections), --sellers 1000, --seed 42, --sold 0.1, --advertised 0.02,
 * --keep-indexes (load with the indexes in place, to compare).
 */
import { parseArgs } from 'node:util';
import { generateCatalogue } from './lib/generate.ts';
import { defaultDatabaseUrl, parseCount } from './lib/util.ts';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '1000000' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? defaultDatabaseUrl },
    reset: { type: 'boolean', default: false },
    recreate: { type: 'boolean', default: false },
    sellers: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '42' },
    sold: { type: 'string', default: '0.1' },
    advertised: { type: 'string', default: '0.02' },
    'keep-indexes': { type: 'boolean', default: false },
    jobs: { type: 'string', default: '2' },
  },
});

const databaseUrl = args['database-url']!;
console.log(`Generating ${args.count} listings into ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
await generateCatalogue({
  databaseUrl,
  count: parseCount(args.count!),
  reset: args.reset!,
  recreate: args.recreate!,
  sellers: parseCount(args.sellers!),
  seed: Number(args.seed),
  soldShare: Number(args.sold),
  advertisedShare: Number(args.advertised),
  keepIndexes: args['keep-indexes']!,
  jobs: Number(args.jobs),
});
