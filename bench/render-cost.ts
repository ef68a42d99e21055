/**
 * What a page rendered on the server costs the server's Node process: CPU ms per render that no
 * kept page answered, and per answer from the rendered-page cache, for each page the API renders
 * (a brand's page and the search, with the signed-in hint; a phone's and a seller's page, as a
 * visitor). Goal: a render costs at most 3 ms of Node CPU at 100 k listings (decision 0077).
 *
 *   npm run build
 *   npx tsx bench/generate-catalogue.ts --count 100k --database-url postgres://postgres@127.0.0.1:5432/recell_bench_render_100k
 *   npx tsx bench/render-cost.ts --database-url postgres://postgres@127.0.0.1:5432/recell_bench_render_100k
 *   # --renders 200 (per page, each a new address) --cached 1000 --warmup 60 --only product,seller
 *
 * Starts the real API as `npm run start:prod` runs it (the compiled apps/api/dist/server.js,
 * production settings, the built web app) on the database. Each render is a
 * page nobody asked for yet: another phone, another seller, a brand's page or a search with another
 * price limit, so neither the rendered-page cache nor the catalogue's first-page cache answers it
 * (its API calls go to PostgreSQL). Requests go one at a time and accept brotli, as a browser does.
 * CPU comes from /proc (utime + stime of the server process and of PostgreSQL's backends), never
 * from wall-clock time: a figure that holds while other work shares the machine.
 * `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` profiles the server.
 */
import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signedInHintCookie } from '@recell/contract';
import { createAccessTokens } from '../apps/api/src/modules/auth/index.ts';
import { backendPids, cpuMeter } from './lib/cpu.ts';
import { repoRoot, startApi } from './lib/servers.ts';
import { defaultDatabaseUrl, formatInt, formatMs, printTable } from './lib/util.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? defaultDatabaseUrl },
    renders: { type: 'string', default: '200' },
    cached: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '60' },
    only: { type: 'string' },
  },
});
const databaseUrl = values['database-url']!;
const renders = Number(values.renders);
const cachedAnswers = Number(values.cached);
const warmup = Number(values.warmup);
const only = values.only?.split(',');

/** Ids from the catalogue: phones for sale, sellers with phones for sale, the models' words. */
async function catalogueIds(count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const products = await client.query<{ id: string; model: string; storage_gb: number | null; condition: string }>(
      `select id, model, storage_gb, condition from products where status = 'available' order by random() limit $1`,
      [count],
    );
    const sellers = await client.query<{ id: string }>(
      `select seller_id as id from products where status = 'available'
         group by seller_id order by random() limit $1`,
      [count],
    );
    const listings = Number((await client.query<{ n: string }>('select count(*) as n from products')).rows[0]!.n);
    return { products: products.rows, sellers: sellers.rows.map((row) => row.id), listings };
  } finally {
    await client.end();
  }
}

/** The signed-in hint a sign-in sets: the session's end, signed with the API's cookie key. */
const signedHint = (jwtSecret: string) => {
  const value = String(Math.floor(Date.now() / 1000) + 86_400);
  const { cookieSecret } = createAccessTokens(jwtSecret, 900);
  const signature = createHmac('sha256', cookieSecret).update(value).digest('base64').replace(/=+$/, '');
  return `${value}.${signature}`;
};

/**
 * A page: the address of its `n`th new render, the API calls that page makes (what its frame's
 * code would ask the API for instead), and an address to ask for again and again.
 */
type PageKind = {
  name: string;
  signedIn: boolean;
  fresh: (n: number) => string;
  calls: (n: number) => string[];
  cached: string;
};

/** The fair-price guide's question on a phone's page (the web's productFairPriceQuestion). */
const fairPriceCall = (product: (typeof ids.products)[number]) =>
  product.storage_gb === null
    ? []
    : [
        `/api/fair-price?${new URLSearchParams({ model: product.model, storageGb: String(product.storage_gb), condition: product.condition, exclude: product.id })}`,
      ];

const jwtSecret = `bench-${randomBytes(24).toString('hex')}`;
const ids = await catalogueIds(warmup + renders + 10);
if (ids.products.length < warmup + renders) throw new Error('too few phones for sale: generate a larger catalogue');
const searchWords = ['iphone', 'galaxy', 'redmi', 'pro', 'max', 'ultra', 'note', 'plus', 'mini', 'poco'];
const allKinds: PageKind[] = [
  {
    name: 'brand (signed in)',
    signedIn: true,
    fresh: (n) => `/categories/${(n % 3) + 1}?maxPrice=${300 + n}`,
    calls: (n) => ['/api/categories', `/api/categories/${(n % 3) + 1}/products?maxPrice=${300 + n}`],
    cached: '/categories/1',
  },
  {
    name: 'product',
    signedIn: false,
    fresh: (n) => `/products/${ids.products[n]!.id}`,
    calls: (n) => [`/api/products/${ids.products[n]!.id}`, ...fairPriceCall(ids.products[n]!)],
    cached: `/products/${ids.products.at(-1)!.id}`,
  },
  {
    name: 'seller',
    signedIn: false,
    fresh: (n) => `/sellers/${ids.sellers[n % ids.sellers.length]!}`,
    calls: (n) => [
      `/api/sellers/${ids.sellers[n % ids.sellers.length]!}`,
      `/api/sellers/${ids.sellers[n % ids.sellers.length]!}/products?limit=12`,
    ],
    cached: `/sellers/${ids.sellers.at(-1)!}`,
  },
  {
    name: 'search (signed in)',
    signedIn: true,
    fresh: (n) => `/search?q=${searchWords[n % searchWords.length]!}&maxPrice=${300 + n}`,
    calls: (n) => [`/api/search?q=${searchWords[n % searchWords.length]!}&maxPrice=${300 + n}`],
    cached: '/search?q=iphone',
  },
];
const kinds = allKinds.filter((kind) => !only || only.some((name) => kind.name.startsWith(name)));

const api = await startApi({
  databaseUrl,
  jwtSecret,
  webDistDir: path.join(repoRoot, 'apps/web/dist'),
  compiled: true,
  // Every render here comes from one address.
  env: { PAGE_RENDERS_PER_IP: '1000000' },
});
const nodeCpu = cpuMeter(async () => [api.pid]);
const pgCpu = cpuMeter(() => backendPids(databaseUrl));
const hint = `${signedInHintCookie}=${signedHint(jwtSecret)}`;

/** Loads `url` as a browser would; whether the server rendered it (not the frame), and its size as sent. */
async function load(kind: PageKind, url: string) {
  const response = await fetch(api.url + url, {
    headers: { 'accept-encoding': 'br', ...(kind.signedIn ? { cookie: hint } : {}) },
  });
  const html = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return {
    rendered: html.includes('id="page-data"'),
    sent: Number(response.headers.get('content-length') ?? 0),
    raw: Buffer.byteLength(html),
  };
}

/** CPU ms of the server (and of PostgreSQL) per request while `urls` are loaded one at a time. */
async function measure(kind: PageKind, urls: string[]) {
  await nodeCpu.start();
  await pgCpu.start();
  let rendered = 0;
  let sent = 0;
  let raw = 0;
  for (const url of urls) {
    const page = await load(kind, url);
    if (page.rendered) rendered += 1;
    sent = page.sent;
    raw = page.raw;
  }
  const node = await nodeCpu.stop();
  const postgres = await pgCpu.stop();
  return { node: node / urls.length, postgres: postgres / urls.length, rendered, sent, raw, requests: urls.length };
}

try {
  console.log(
    `Render cost, ${formatInt(ids.listings)} listings, API ${api.url} (pid ${api.pid}); ${renders} new pages and ${cachedAnswers} kept answers per page, one at a time\n`,
  );
  const rows: string[][] = [];
  for (const kind of kinds) {
    // The JIT compiles the render's code paths on first use: not measured.
    for (let n = 0; n < warmup; n++) await load(kind, kind.fresh(n + renders));
    const fresh = await measure(
      kind,
      Array.from({ length: renders }, (_, n) => kind.fresh(n)),
    );
    if (fresh.rendered < renders)
      console.log(`${kind.name}: ${renders - fresh.rendered} new pages went out as the frame`);
    // The same pages' API calls alone, as their frames' code would make them (JSON, as a browser).
    const calls = await measure(kind, Array.from({ length: renders }, (_, n) => kind.calls(n)).flat());
    const callsPerPage = (calls.node * calls.requests) / renders;
    // A kept page: the first request renders it, the rest are answered from the cache (kept a
    // second; the few renders after it expires are counted in, as in real use).
    await load(kind, kind.cached);
    const kept = await measure(
      kind,
      Array.from({ length: cachedAnswers }, () => kind.cached),
    );
    rows.push([
      kind.name,
      formatMs(fresh.node),
      formatMs(callsPerPage),
      formatMs(fresh.postgres),
      formatMs(kept.node),
      formatInt(fresh.raw),
      formatInt(fresh.sent),
    ]);
  }
  printTable(
    [
      'page',
      'Node CPU ms / new render',
      'of it, its API calls',
      'PG CPU ms / new render',
      'Node CPU ms / kept answer',
      'HTML bytes',
      'sent (br)',
    ],
    rows,
  );
  console.log('\nGoal: a render costs at most 3 ms of Node CPU at 100 k listings.');
} finally {
  await api.stop();
}
