/**
 * The fair-price guide and the seller page at scale (docs/decisions/0039): their queries against a
 * large catalogue, timed one after another, p50/p95/max per kind of call.
 *
 *   npx tsx bench/generate-catalogue.ts --count 1m --database-url postgres://postgres@127.0.0.1:5432/recell_bench
 *   npx tsx bench/fair-price.ts --database-url postgres://postgres@127.0.0.1:5432/recell_bench
 *
 * The generator makes sold phones but no orders: the first run gives every sold phone a paid order
 * (the bench buyer's, at the phone's price, paid 1–20 days after it was listed), so about a
 * quarter of them fall in the guide's 180 days. It runs the app's migrations first (the guide's
 * indexes). Options: --calls 400 (per kind), --seed 7.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { fairPrice } from '../apps/api/src/modules/fair-price/index.ts';
import { listSellerProducts } from '../apps/api/src/modules/sellers/index.ts';
import { productConditions, type ProductCondition } from '@recell/contract';
import { benchBuyerEmail } from './lib/catalogue-data.ts';
import { createRandom, defaultDatabaseUrl, formatInt, formatMs, printTable, seconds } from './lib/util.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? defaultDatabaseUrl },
    calls: { type: 'string', default: '400' },
    seed: { type: 'string', default: '7' },
  },
});
const calls = Number(args.calls);
const random = createRandom(Number(args.seed));

const handle = await openDatabase({ databaseUrl: args['database-url']!, poolMax: 2 });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of the hand-written SQL below
type Rows = { rows: any[] };
const client = (handle.db as unknown as { $client: { query: (text: string, values?: unknown[]) => Promise<Rows> } })
  .$client;
try {
  const migrateStarted = performance.now();
  await handle.migrate();
  console.log(`migrations (the guide's indexes) in ${seconds(performance.now() - migrateStarted)}`);

  const paid = Number((await client.query(`select count(*) as n from orders where status = 'paid'`)).rows[0].n);
  if (paid === 0) {
    const started = performance.now();
    const { rows } = await client.query(
      `insert into orders (product_id, buyer_id, phone, location, price_cents, status, created_at, paid_at, transaction_id)
       select p.id, b.id, '+15550000000', p.location, p.price_cents, 'paid', t.paid_at - interval '1 day', t.paid_at,
              'bench_' || p.id
         from products p
         cross join (select id from users where email = $1) b
         cross join lateral (
           select least(now(), p.created_at + (1 + (hashtext(p.id::text) & 1023) % 20) * interval '1 day') as paid_at
         ) t
        where p.status = 'sold'
       returning 1`,
      [benchBuyerEmail],
    );
    await client.query('vacuum (analyze) orders, products');
    console.log(`paid orders: ${formatInt(rows.length)} inserted in ${seconds(performance.now() - started)}`);
  }
  const facts = (
    await client.query(`
      select (select count(*) from products) as products,
             (select count(*) from products where status = 'available') as available,
             (select count(*) from orders where status = 'paid') as paid,
             (select count(*) from orders where status = 'paid' and paid_at >= now() - interval '180 days') as recent`)
  ).rows[0];
  console.log(
    `${formatInt(Number(facts.products))} listings (${formatInt(Number(facts.available))} for sale), ` +
      `${formatInt(Number(facts.paid))} paid orders (${formatInt(Number(facts.recent))} in the last 180 days)`,
  );

  const combos = (
    await client.query(`select model, storage_gb, count(*)::int as n from products group by 1, 2 order by 3 desc`)
  ).rows as { model: string; storage_gb: number; n: number }[];
  const largest = combos[0]!;
  const sellers = (await client.query(`select id from users where role = 'seller' order by id`)).rows.map(
    (row) => row.id as string,
  );

  const time = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  const summary = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
    return [formatMs(at(50)), formatMs(at(95)), formatMs(sorted.at(-1)!)];
  };
  const model = (m: string) => (random.chance(0.5) ? m.toLowerCase() : ` ${m} `);
  const kinds: [string, () => Promise<unknown>][] = [
    [
      'fair price: any model and storage',
      () => {
        const combo = random.pick(combos);
        return fairPrice(handle.db, { model: model(combo.model), storageGb: combo.storage_gb });
      },
    ],
    [
      'fair price: with a condition',
      () => {
        const combo = random.pick(combos);
        const condition: ProductCondition = random.pick([...productConditions]);
        return fairPrice(handle.db, { model: model(combo.model), storageGb: combo.storage_gb, condition });
      },
    ],
    [
      `fair price: the largest (${largest.model} ${largest.storage_gb} GB, ${formatInt(largest.n)} listings)`,
      () => fairPrice(handle.db, { model: largest.model, storageGb: largest.storage_gb, condition: 'Good' }),
    ],
    ['fair price: a model nobody sells', () => fairPrice(handle.db, { model: 'Nokia 3310', storageGb: 16 })],
    [
      'seller page: first page of phones for sale',
      () => listSellerProducts(handle.db, random.pick(sellers), { limit: 24 }),
    ],
  ];
  const rows: (string | number)[][] = [];
  for (const [name, run] of kinds) {
    for (let i = 0; i < 20; i++) await run(); // warm-up: plans, caches
    const times: number[] = [];
    for (let i = 0; i < calls; i++) times.push(await time(run));
    rows.push([name, calls, ...summary(times)]);
  }
  console.log();
  printTable(['call (one at a time, ms)', 'calls', 'p50', 'p95', 'max'], rows);
  const example = await fairPrice(handle.db, { model: largest.model, storageGb: largest.storage_gb });
  console.log('\nexample:', JSON.stringify(example));
} finally {
  await handle.close();
}
