/**
 * Fills a PostgreSQL database with a large catalogue: the real migrations (openDatabase + migrate),
 * the three categories, ~1,000 sellers, a bench buyer, N listings streamed with COPY, ~2 % of the
 * available ones advertised, then VACUUM ANALYZE and a refresh of the search's vocabulary view.
 *
 * Speed: the secondary indexes of products and advertisements are dropped before the load and
 * rebuilt after it (one sorted build each instead of a million random inserts into four B-trees and
 * a GIN index), side by side; the rows are streamed with COPY on `jobs` connections at once (the
 * generated tsvector column costs PostgreSQL far more CPU than parsing the rows), and foreign-key
 * triggers are skipped (session_replication_role = replica; the rows are built consistent). Dropped
 * indexes are written down in bench_dropped_indexes first, so a run that dies half-way has them
 * rebuilt by the next run.
 *
 * `count` is the target number of listings: an existing catalogue is grown to it (or left alone when
 * it already has that many); `reset` empties every table first.
 */
import { once } from 'node:events';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import {
  benchBuyerEmail,
  benchCategories,
  benchCategoryImageUrl,
  benchEmailDomain,
  createListingGenerator,
  makeSellers,
  productCopyColumns,
} from './catalogue-data.ts';
import { createRandom, databaseNameOf, dropBenchDatabase, ensureDatabase, formatInt, seconds } from './util.ts';

export interface GenerateOptions {
  databaseUrl: string;
  count: number;
  reset?: boolean;
  /** Drop and create the (recell_bench*) database first: for a schema whose migrations changed. */
  recreate?: boolean;
  sellers?: number;
  seed?: number;
  soldShare?: number;
  advertisedShare?: number;
  /** Keep the indexes during the load (slower; to measure the difference). */
  keepIndexes?: boolean;
  /** Parallel COPY connections and index builds (default 2). */
  jobs?: number;
  log?: (line: string) => void;
}

export interface GenerateResult {
  before: number;
  inserted: number;
  total: number;
  advertised: number;
  copyMs: number;
  indexMs: number;
  totalMs: number;
}

const rowsPerChunk = 2000;

export const generateCatalogue = async (opts: GenerateOptions): Promise<GenerateResult> => {
  const log = opts.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  if (opts.recreate) {
    await dropBenchDatabase(opts.databaseUrl);
    log(`dropped database ${databaseNameOf(opts.databaseUrl)}`);
  }
  if (await ensureDatabase(opts.databaseUrl)) log(`created database ${databaseNameOf(opts.databaseUrl)}`);

  const handle = await openDatabase({ databaseUrl: opts.databaseUrl, poolMax: 1 });
  try {
    await handle.migrate();
  } catch (error) {
    throw new Error(
      `The migrations do not apply to ${databaseNameOf(opts.databaseUrl)} (were they rewritten since it was ` +
        `generated?): run again with --recreate. ${(error as Error).message}`,
      { cause: error },
    );
  } finally {
    await handle.close();
  }

  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    if (opts.reset) {
      const tables = await client.query<{ name: string }>(
        `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
      );
      if (tables.rows.length) await client.query(`truncate table ${tables.rows.map((r) => r.name).join(', ')} cascade`);
      log('reset: every table emptied');
    }
    const before = Number((await client.query<{ n: string }>('select count(*) as n from products')).rows[0]!.n);
    const toInsert = Math.max(0, opts.count - before);
    if (toInsert === 0) {
      log(`products already has ${formatInt(before)} rows (target ${formatInt(opts.count)}): nothing to insert`);
      return { before, inserted: 0, total: before, advertised: 0, copyMs: 0, indexMs: 0, totalMs: 0 };
    }

    const now = new Date();

    await client.query(
      `insert into categories (id, brand, image_url, position)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::int[]) on conflict do nothing`,
      [
        benchCategories.map((c) => c.id),
        benchCategories.map((c) => c.brand),
        benchCategories.map((c) => benchCategoryImageUrl(c.id)),
        benchCategories.map((c) => c.position),
      ],
    );
    const sellers = makeSellers(opts.sellers ?? 1000, createRandom(opts.seed ?? 42), now);
    await client.query(
      `insert into users (name, email, role, verified, created_at)
       select n, e, 'seller', v, c from unnest($1::text[], $2::text[], $3::bool[], $4::timestamptz[]) as t(n, e, v, c)
       on conflict do nothing`,
      [
        sellers.map((s) => s.name),
        sellers.map((s) => s.email),
        sellers.map((s) => s.verified),
        sellers.map((s) => s.createdAt),
      ],
    );
    await client.query(
      `insert into users (name, email, role, verified) values ('Bench Buyer', $1, 'user', false) on conflict do nothing`,
      [benchBuyerEmail],
    );
    const sellerIds = new Map(
      (
        await client.query<{ id: string; email: string }>(`select id, email from users where email like $1`, [
          `%@${benchEmailDomain}`,
        ])
      ).rows.map((row) => [row.email, row.id]),
    );
    const sellerRows = sellers.map((seller) => ({ id: sellerIds.get(seller.email)!, seller }));
    const jobs = Math.max(1, opts.jobs ?? 2);

    // Indexes dropped by a run that died half-way are rebuilt first (they are recorded in a table).
    await client.query(`create table if not exists bench_dropped_indexes (name text primary key, def text not null)`);
    await restoreIndexes(opts.databaseUrl, client, jobs, log);

    if (!opts.keepIndexes) {
      await client.query('begin');
      const indexes = await client.query<{ name: string; def: string }>(
        `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
           from pg_index i
          where i.indrelid in ('products'::regclass, 'advertisements'::regclass)
            and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      );
      for (const index of indexes.rows) {
        await client.query('insert into bench_dropped_indexes (name, def) values ($1, $2)', [index.name, index.def]);
        await client.query(`drop index ${index.name}`);
      }
      await client.query('commit');
    }

    const copyStarted = performance.now();
    const advertisedShare = opts.advertisedShare ?? 0.02;
    const soldShare = opts.soldShare ?? 0.1;
    let written = 0;
    let advertised = 0;
    const progress = setInterval(() => {
      const elapsed = (performance.now() - copyStarted) / 1000;
      log(`  … ${formatInt(written)} rows, ${formatInt(written / elapsed)} rows/s`);
    }, 10_000);
    try {
      await Promise.all(
        Array.from({ length: jobs }, async (_, job) => {
          const share = Math.floor(toInsert / jobs) + (job < toInsert % jobs ? 1 : 0);
          // A different seed per job and per top-up, so growing 10k → 100k adds new rows, not repeats.
          const random = createRandom((opts.seed ?? 42) * 1000 + before + job);
          const firstSerial = before + job * Math.floor(toInsert / jobs) + Math.min(job, toInsert % jobs);
          const generator = createListingGenerator(random, sellerRows, now, { soldShare, firstSerial });
          const worker = new pg.Client({ connectionString: opts.databaseUrl });
          await worker.connect();
          try {
            await worker.query('begin');
            await skipForeignKeyTriggers(worker);
            const adverts: string[] = [];
            const stream = worker.query(copyFrom(`copy products (${productCopyColumns.join(', ')}) from stdin`));
            const failed = new Promise<never>((_, reject) => stream.on('error', reject));
            const copy = async () => {
              for (let done = 0; done < share;) {
                const n = Math.min(rowsPerChunk, share - done);
                let chunk = '';
                for (let i = 0; i < n; i++) {
                  const row = generator.next();
                  chunk += row.line;
                  if (row.status === 'available' && random.chance(advertisedShare / (1 - soldShare))) {
                    const at = Math.min(now.getTime(), row.createdAt.getTime() + random.int(0, 3 * 86_400_000));
                    adverts.push(`${row.id}\t${new Date(at).toISOString()}\n`);
                  }
                }
                done += n;
                written += n;
                if (!stream.write(chunk)) await once(stream, 'drain');
              }
              stream.end();
              await once(stream, 'finish');
            };
            await Promise.race([copy(), failed]);
            const advertStream = worker.query(copyFrom('copy advertisements (product_id, created_at) from stdin'));
            advertStream.end(adverts.join(''));
            await once(advertStream, 'finish');
            advertised += adverts.length;
            await worker.query('commit');
          } finally {
            await worker.end();
          }
        }),
      );
    } finally {
      clearInterval(progress);
    }
    const copyMs = performance.now() - copyStarted;
    log(
      `COPY ${formatInt(toInsert)} listings + ${formatInt(advertised)} adverts on ${jobs} connection(s) in ` +
        `${seconds(copyMs)}: ${formatInt(toInsert / (copyMs / 1000))} rows/s`,
    );

    const indexStarted = performance.now();
    await restoreIndexes(opts.databaseUrl, client, jobs, log);
    const indexMs = performance.now() - indexStarted;

    const vacuumStarted = performance.now();
    await client.query('vacuum (analyze) products, advertisements, users, categories');
    log(`VACUUM ANALYZE in ${seconds(performance.now() - vacuumStarted)}`);

    // The search's "did you mean" vocabulary (docs/decisions/0055), as the app's job refreshes it.
    const termsStarted = performance.now();
    await client.query('refresh materialized view concurrently search_terms');
    log(`search_terms refreshed in ${seconds(performance.now() - termsStarted)}`);

    const total = before + toInsert;
    const totalMs = performance.now() - started;
    log(
      `done: ${formatInt(total)} listings (${formatInt(toInsert)} new) in ${seconds(totalMs)} overall, ` +
        `${formatInt(toInsert / (totalMs / 1000))} rows/s end to end (COPY ${seconds(copyMs)}, indexes ${seconds(indexMs)})`,
    );
    return { before, inserted: toInsert, total, advertised, copyMs, indexMs, totalMs };
  } finally {
    await client.end();
  }
};

/** session_replication_role = replica skips the foreign-key triggers (superuser only; else they run). */
const skipForeignKeyTriggers = async (client: pg.Client) => {
  await client.query('savepoint srr');
  try {
    await client.query('set local session_replication_role = replica');
    await client.query('release savepoint srr');
  } catch {
    await client.query('rollback to savepoint srr');
  }
};

/** Rebuilds the indexes recorded in bench_dropped_indexes, `jobs` at a time (CREATE INDEX runs side by side). */
const restoreIndexes = async (databaseUrl: string, client: pg.Client, jobs: number, log: (line: string) => void) => {
  const pending = (await client.query<{ name: string; def: string }>('select name, def from bench_dropped_indexes'))
    .rows;
  if (pending.length === 0) return;
  // The GIN index is the slowest: start it first.
  pending.sort((a, b) => Number(/using gin/i.test(b.def)) - Number(/using gin/i.test(a.def)));
  await Promise.all(
    Array.from({ length: Math.min(jobs, pending.length) }, async () => {
      const worker = new pg.Client({ connectionString: databaseUrl });
      await worker.connect();
      try {
        await worker.query(`set maintenance_work_mem = '1GB'`);
        await worker.query('set max_parallel_maintenance_workers = 0');
        for (let index = pending.shift(); index; index = pending.shift()) {
          const started = performance.now();
          await worker.query('begin');
          const exists = await worker.query('select to_regclass($1) as r', [index.name]);
          if (!exists.rows[0].r) await worker.query(index.def);
          await worker.query('delete from bench_dropped_indexes where name = $1', [index.name]);
          await worker.query('commit');
          log(`  index ${index.name} built in ${seconds(performance.now() - started)}`);
        }
      } finally {
        await worker.end();
      }
    }),
  );
};
