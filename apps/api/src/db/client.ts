/**
 * The database port: PGlite (PostgreSQL in WebAssembly, in DATA_DIR/db) when DATABASE_URL is unset,
 * PostgreSQL when it is set. The same schema and the same migrations run on both.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { standaloneLogger } from '../lib/logging.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant: the key of the advisory lock migrators hold, so servers starting together migrate once. */
const migrationLockKey = 7_305_215_500;

/** Where pool problems are logged (the app's pino logger once it exists). */
type DatabaseLogger = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL connection pool (metrics read its counts); undefined on PGlite. */
  pool: pg.Pool | undefined;
  /** Sends pool problems to `logger` from now on (the app hands over its logger once built). */
  useLogger(logger: DatabaseLogger): void;
  /** Runs pending migrations (idempotent). */
  migrate(): Promise<void>;
  /** Answers quickly whether the database can be reached (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite's folder; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** A PGlite data-dir dump to start from (fast test databases). */
  pgliteLoadDataDir?: Blob | File;
  /** PostgreSQL pool size. */
  poolMax?: number;
  /** Pool problems are logged here; stderr until the app hands over its logger. */
  logger?: DatabaseLogger;
  /**
   * Limits on every PostgreSQL session, in ms (0 turns one off): a statement, a wait for a lock,
   * and a transaction left idle. A request that hits one fails fast instead of holding a connection.
   * `queryMs` is the server's own: how long it waits for any answer before it drops the connection.
   */
  timeouts?: Partial<DatabaseTimeouts>;
}

interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  queryMs: number;
}

const defaultDatabaseTimeouts: DatabaseTimeouts = {
  statementMs: 15_000,
  lockMs: 5000,
  idleInTransactionMs: 60_000,
  queryMs: 17_000,
};

/** Readiness asks for one round trip: an answer slower than this is no answer. */
const pingTimeoutMs = 2000;

export const openDatabase = async (options: DatabaseOptions): Promise<DatabaseHandle> => {
  // Until the app hands over its logger: pino on stderr, with the same redaction as the server's.
  let logger: DatabaseLogger = options.logger ?? standaloneLogger('info');
  const useLogger = (next: DatabaseLogger) => {
    logger = next;
  };
  if (options.databaseUrl) {
    const timeouts = { ...defaultDatabaseTimeouts, ...options.timeouts };
    const poolConfig = {
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: 5000,
      // Notices a server that vanished without closing the connection (a cut network) while idle.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // A connection that stops answering mid-query (a frozen primary after a failover: new
      // connections would work) is given up on after this, and dropped by guardPool.
      query_timeout: timeouts.queryMs || undefined,
      // Sent with each connection's start-up; 0 leaves PostgreSQL's default (no limit).
      statement_timeout: timeouts.statementMs || undefined,
      lock_timeout: timeouts.lockMs || undefined,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs || undefined,
    } satisfies pg.PoolConfig;
    const poolMax = options.poolMax ?? 10;
    const pool = new pg.Pool({ ...poolConfig, max: poolMax });
    guardPool(pool, (err, msg) => logger.warn({ err }, msg));
    /**
     * Readiness: one round trip, on a connection of the pool, within pingTimeoutMs. The query's own
     * time-out drops a silent connection (guardPool), so the next probe gets a fresh one; a pool
     * whose every connection is held by a silent query answers not ready until they time out.
     */
    const pingPostgres = async () => {
      try {
        // pg's per-query time-out is missing from its types' QueryConfig.
        const ping = { text: 'select 1', query_timeout: pingTimeoutMs } as pg.QueryConfig;
        await withTimeout(pool.query(ping), pingTimeoutMs);
        return true;
      } catch {
        return false;
      }
    };
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // Pools whose connections start with settings of their own (`withSettings`), made on first use.
    const settingsPools = new Map<string, { pool: pg.Pool; db: Database }>();
    settingsDbs.set(db, (settings) => {
      const startup = Object.entries(settings)
        .map(([name, value]) => {
          if (!/^\w+$/.test(name) || !/^\w+$/.test(value)) throw new Error(`Not a setting: ${name}=${value}`);
          return `-c ${name}=${value}`;
        })
        .join(' ');
      let settingsPool = settingsPools.get(startup);
      if (!settingsPool) {
        // Half the main pool: the statements that need settings are a few kinds of request.
        const pool = new pg.Pool({ ...poolConfig, max: Math.max(1, Math.ceil(poolMax / 2)), options: startup });
        guardPool(pool, (err, msg) => logger.warn({ err }, msg));
        settingsPools.set(startup, (settingsPool = { pool, db: drizzlePg(pool, { schema }) as unknown as Database }));
      }
      return settingsPool.db;
    });
    let closing: Promise<void> | undefined;
    return {
      db,
      kind: 'postgres',
      pool,
      useLogger,
      // drizzle's migrator takes no lock: concurrent runs on an empty database both try to create
      // the same types. One client holds a session lock for the whole run; the others wait, then
      // find every migration applied. A lost connection releases the lock with it. The migration
      // runs on a connection of its own, without the session timeouts: waiting for the lock, or an
      // index on a big table, may rightly take longer than any request.
      migrate: async () => {
        const migrationPool = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
        migrationPool.on('error', (err) => logger.warn({ err }, 'database connection lost (migration)'));
        const client = await migrationPool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
          try {
            await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
          } finally {
            await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
          }
        } finally {
          client.release();
          await migrationPool.end();
        }
      },
      ping: () => (closing ? Promise.resolve(false) : pingPostgres()),
      // Closing twice (a test, then shutdown) must be harmless.
      close: () =>
        (closing ??= Promise.all(
          [pool, ...[...settingsPools.values()].map((entry) => entry.pool)].map((p) => p.end()),
        ).then(() => undefined)),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) await mkdir(path.dirname(dir), { recursive: true });
  // The extensions the migrations create (PostgreSQL ships them as contrib; PGlite loads them here):
  // pg_trgm, the search's "did you mean" (docs/decisions/0055).
  const extensions = { pg_trgm };
  const client = await PGlite.create(
    dir,
    options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir, extensions } : { extensions },
  );
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    pool: undefined,
    useLogger,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: () => (closed ? Promise.resolve(false) : pingDb(db)),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
};

const settingsDbs = new WeakMap<Database, (settings: Readonly<Record<string, string>>) => Database>();

/**
 * The database of `db` on connections that start with `settings` (PostgreSQL's `-c` start-up
 * options: planner settings, work_mem…), for a statement that must run with them: one round trip,
 * where setting them locally takes a transaction and three more. Each set of settings has a pool
 * of its own, half the main one's size, opened on first use. Undefined on PGlite (one connection
 * for everything): set them locally in a transaction there.
 */
export const withSettings = (db: Database, settings: Readonly<Record<string, string>>): Database | undefined =>
  settingsDbs.get(db)?.(settings);

/** pg's error when a query's `query_timeout` passes with no answer. */
const queryTimeoutMessage = 'Query read timeout';

/**
 * A PostgreSQL connection can die at any moment (the server restarts, an operator terminates it, the
 * network drops), or fall silent (a frozen primary). pg reports a death as an 'error' event on the
 * client, and an 'error' event nobody listens to ends the process. The pool listens only while a
 * client is idle; this listens always:
 *
 * - a query that timed out (`query_timeout`) leaves its connection waiting for an answer that may
 *   never come, and every later query on it behind that one: the connection is destroyed at once,
 *   which fails what waits on it and takes it out of the pool;
 * - every client gets a permanent listener, so a death while checked out (between the statements
 *   of a transaction) is logged, never thrown; the statements waiting on it fail with the error;
 * - a client checked out with `pool.connect()` (transactions) goes back to the pool, marked dead,
 *   as soon as it dies, and its holder's own release later does nothing: a holder that never gets
 *   to release (drizzle sends BEGIN before its try/finally) cannot leak a pool slot;
 * - an idle client's death is logged by the same listener (the pool then drops the client).
 */
const guardPool = (pool: pg.Pool, warn: (err: Error, msg: string) => void) => {
  // An idle client's death is logged by its own listener below; the pool's event needs a listener too.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', (err) => warn(err, 'database connection lost; the pool reconnects'));
    const dropIfSilent = (error: unknown) => {
      if (error instanceof Error && error.message === queryTimeoutMessage) {
        warn(error, 'database connection silent; dropped');
        (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      }
    };
    // Both of pg's forms: a callback (pool.query) and a promise (drizzle's transactions).
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          dropIfSilent(error);
          (callback as (error: unknown, result: unknown) => void)(error, result);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) result.catch(dropIfSilent);
      return result;
    }) as typeof client.query;
  });
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const connectWithCallback = pool.connect.bind(pool);
  // pool.query() checks out with a callback and releases on error itself; only promise callers
  // (drizzle's transactions) need the guard.
  pool.connect = ((callback?: Parameters<pg.Pool['connect']>[0]) => {
    if (callback) return connectWithCallback(callback);
    return connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const releaseOnce = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onError);
        release(err);
      };
      const onError = (err: Error) => releaseOnce(err);
      client.on('error', onError);
      client.release = releaseOnce;
      return client;
    });
  }) as typeof pool.connect;
};

const pingDb = async (db: Database) => {
  try {
    await withTimeout(db.execute(sql`select 1`), 2000);
    return true;
  } catch {
    return false;
  }
};

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
