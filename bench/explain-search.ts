/**
 * Why is a catalogue page slow? Calls the catalogue service (as search-facts.ts does) for one page
 * and prints every statement it ran with its plan, `EXPLAIN (ANALYZE, BUFFERS)` style, through
 * PostgreSQL's auto_explain (loaded in this session only; the server's settings are untouched).
 *
 *   npx tsx bench/explain-search.ts --database-url postgres://postgres@127.0.0.1:5432/recell_bench_1m \
 *     --scope 3 --query 'q=austin&minBattery=95'
 *   # --scope all (every brand) --plan walk|index (force the way) --calls 3 --brief (timings and buffers only)
 *
 * The page is asked `--calls` times after one call that starts the word statistics (and a pause
 * for them to arrive); the plans of the last call are printed, the time of each.
 */
import { parseArgs } from 'node:util';
import { ProductQuerySchema } from '@recell/contract';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { listCategoryProducts, searchProducts } from '../apps/api/src/modules/catalogue/index.ts';
import { defaultDatabaseUrl, formatMs, sleep } from './lib/util.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? defaultDatabaseUrl },
    scope: { type: 'string', default: '1' },
    query: { type: 'string', default: 'q=austin&minBattery=95' },
    calls: { type: 'string', default: '3' },
    plan: { type: 'string' },
    brief: { type: 'boolean', default: false },
  },
});
if (args.plan !== undefined && args.plan !== 'walk' && args.plan !== 'index') throw new Error('--plan walk or index');
const plan = args.plan as 'walk' | 'index' | undefined;

// One connection, started with auto_explain loaded and its plans sent to this client as notices.
const url = new URL(args['database-url']!);
url.searchParams.set(
  'options',
  [
    'session_preload_libraries=auto_explain',
    'auto_explain.log_min_duration=0',
    'auto_explain.log_analyze=on',
    'auto_explain.log_buffers=on',
    'auto_explain.log_nested_statements=on',
    'auto_explain.log_level=notice',
  ]
    .map((setting) => `-c ${setting}`)
    .join(' '),
);
const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 1 });
let printing = false;
handle.pool!.on('connect', (client) => {
  client.on('notice', (notice) => {
    if (!printing || !notice.message) return;
    const lines = notice.message.split('\n');
    console.log(
      args.brief
        ? lines
            .filter((line) => /^duration|Scan using|Scan on products|Buffers|Rows Removed|Cond:/.test(line.trim()))
            .join('\n')
        : notice.message,
    );
  });
});
const input = ProductQuerySchema.parse(Object.fromEntries(new URLSearchParams(args.query!)));
const scope = args.scope === 'all' ? undefined : args.scope;
const list = () =>
  scope === undefined
    ? searchProducts(handle.db, input, { plan })
    : listCategoryProducts(handle.db, scope, input, { plan });

try {
  await list();
  await sleep(4000);
  const calls = Math.max(1, Number(args.calls));
  for (let call = 1; call <= calls; call++) {
    printing = call === calls;
    const started = performance.now();
    const page = await list();
    console.log(
      `--- call ${call}: ${formatMs(performance.now() - started)} ms, ${page.items.length} listings` +
        (page.nextCursor ? ', more' : ''),
    );
  }
} finally {
  await handle.close();
}
