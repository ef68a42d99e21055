/**
 * A replica outlives its database's troubles (PostgreSQL only): connections terminated under load,
 * a database that cannot be reached at all and then comes back, a statement held up by a lock.
 * A request that meets one answers 503 with Retry-After in the one error shape, never 500, and
 * the process keeps serving.
 */
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@recell/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { isDatabaseUnavailable } from '../src/db/unavailable.ts';
import { defaultAuthLimitRules } from '../src/lib/rate-limit.ts';
import { insertCategories } from './fixtures.ts';
import { databaseUrl, type TestApp } from './helpers.ts';
import { callerWithRole, useCast } from './support/accounts.ts';
import { expectError, useTestApp } from './support/api.ts';
import { bookingFor, listPhone, postBooking } from './support/buying.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const unavailable = { code: 'unavailable', message: messages.serviceUnavailable };

/** Errors no one handled in this process while a test ran (each one would end a real server). */
const useUnhandledErrors = () => {
  const seen: unknown[] = [];
  const record = (error: unknown) => seen.push(error);
  beforeEach(() => {
    seen.length = 0;
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
  });
  afterEach(() => {
    process.off('unhandledRejection', record);
    process.off('uncaughtException', record);
  });
  return seen;
};

const admin = async <T>(run: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

/** Terminates every backend of the app's database but the asking one; how many it ended. */
const terminateBackends = (database: string) =>
  admin(async (client) => {
    const { rows } = await client.query<{ n: number }>(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return rows[0]!.n;
  });

const databaseNameOf = async (t: TestApp) => {
  const [row] = await t.app.db.select({ name: sql<string>`current_database()` }).from(sql`(select 1) as one`);
  return row!.name;
};

const expectUnavailable = (response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
  expectError(response, 503, unavailable);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
};

describe.skipIf(!databaseUrl)('database outages (PostgreSQL)', () => {
  const unhandled = useUnhandledErrors();

  describe('connections terminated under load', () => {
    const t = useTestApp();
    const cast = useCast(t);

    it('fails a transaction whose connection dies between statements, without an uncaught error, and keeps the pool whole', async () => {
      const name = await databaseNameOf(t);
      await expect(
        t.app.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await terminateBackends(name);
          // The server's goodbye arrives while the transaction holds the connection, between statements.
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select 1`);
        }),
      ).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      // Every slot of the pool still works: as many transactions at once as the pool holds.
      const pool = t.database.pool!;
      const results = await Promise.all(
        Array.from({ length: pool.options.max + 2 }, () =>
          t.app.db.transaction(async (tx) => tx.select({ one: sql<number>`1` }).from(sql`(select 1) as one`)),
        ),
      );
      expect(results).toHaveLength(pool.options.max + 2);
    });

    it('answers 503 with Retry-After when no connection frees up in time, and serves once one does', async () => {
      const pool = t.database.pool!;
      const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
      try {
        // The pool waits its connection timeout (5 s) for a free client, then gives up.
        expectUnavailable(await t.app.inject({ url: '/api/categories' }));
      } finally {
        for (const client of held) client.release();
      }
      expect((await t.app.inject({ url: '/api/categories' })).statusCode).toBe(200);
      expect(unhandled).toEqual([]);
    }, 20_000);

    it('answers each request 200 or 503 with Retry-After while backends are terminated, and serves afterwards', async () => {
      const name = await databaseNameOf(t);
      const phones = await Promise.all(Array.from({ length: 20 }, () => listPhone(t, cast.seller)));
      const buyers = await Promise.all(Array.from({ length: 20 }, () => callerWithRole(t, 'user')));
      const statuses: Record<string, number> = {};
      const count = (response: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
        // Readiness says 503 without Retry-After while the database is away: it is asked again anyway.
        const isReadiness = response.body.startsWith('{"status"');
        const key = isReadiness
          ? `readiness ${response.statusCode}`
          : `${response.statusCode}${response.headers['retry-after'] ? ' retry-after' : ''}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
      };
      let terminated = 0;
      const load = async (i: number) => {
        for (let round = 0; round < 8; round++) {
          const responses = await Promise.all([
            t.app.inject({ url: '/api/categories/1/products?sort=price_asc' }),
            t.app.inject({ url: '/api/me', headers: buyers[i]!.headers }),
            t.app.inject({ url: `/api/me/orders`, headers: buyers[i]!.headers }),
            round === 0 ? postBooking(t, buyers[i]!, bookingFor(phones[i]!.id)) : t.app.inject({ url: '/readyz' }),
          ]);
          responses.forEach(count);
          if (i === 0 && round % 2 === 0) terminated += await terminateBackends(name);
        }
      };
      await Promise.all(Array.from({ length: 20 }, (_, i) => load(i)));
      console.log(`terminated ${terminated} backends; answers:`, statuses);
      expect(terminated).toBeGreaterThan(0);
      for (const key of Object.keys(statuses))
        expect(['200', '201', '503 retry-after', 'readiness 200', 'readiness 503']).toContain(key);

      // Later requests succeed: the pool reconnects on its own.
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/me', headers: buyers[0]!.headers })).statusCode).toBe(200);
      expect(unhandled).toEqual([]);
    });
  });

  describe('connections that fall silent (a frozen primary: open connections stop answering, new ones work)', () => {
    const name = `recell_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const queryMs = 1500;
    let proxy: TcpProxy;
    let app: Awaited<ReturnType<typeof buildApp>>;
    let dataDir: string;

    beforeAll(async () => {
      await admin((client) => client.query(`create database ${name}`));
      const target = new URL(databaseUrl!);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const url = new URL(databaseUrl!);
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      url.pathname = `/${name}`;
      const database = await openDatabase({
        databaseUrl: url.toString(),
        poolMax: 4,
        timeouts: { statementMs: 1000, queryMs },
      });
      await database.migrate();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'recell-silent-'));
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') });
      app = await buildApp({ config, database, logger: false });
      await app.ready();
      await insertCategories(app.db);
    });
    afterAll(async () => {
      await app?.close();
      await proxy?.close();
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
      await rm(dataDir, { recursive: true, force: true });
    });

    it('gives up on each silent connection after the query time-out, answers 503 meanwhile, and serves again by itself', async () => {
      // Every slot of the pool holds an open connection.
      const warm = await Promise.all(Array.from({ length: 4 }, () => app.inject({ url: '/api/categories' })));
      expect(warm.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      expect(proxy.connections).toBeGreaterThanOrEqual(4);

      proxy.freeze();
      const frozenAt = performance.now();
      const during = await Promise.all(Array.from({ length: 8 }, () => app.inject({ url: '/api/categories' })));
      const longestMs = performance.now() - frozenAt;
      for (const response of during) {
        if (response.statusCode !== 200) expectUnavailable(response);
      }
      // Nothing waits on a silent connection much past the query time-out (and the pool's wait).
      expect(longestMs).toBeLessThan(queryMs + 5000 + 1000);

      // Without anyone resetting a socket, the replica is ready and serving again.
      await vi.waitFor(async () => expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200), {
        timeout: 10_000,
        interval: 200,
      });
      const after = await Promise.all(Array.from({ length: 4 }, () => app.inject({ url: '/api/categories' })));
      expect(after.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      console.log(
        `silent connections: ${during.filter((r) => r.statusCode === 503).length} of 8 answered 503, the longest in ${Math.round(longestMs)} ms; serving again ${Math.round(performance.now() - frozenAt)} ms after the freeze`,
      );
      expect(unhandled).toEqual([]);
    }, 30_000);
  });

  describe('a database that cannot be reached', () => {
    /**
     * A TCP relay to PostgreSQL that can be cut (connections refused, open ones dropped) and
     * restored, or stalled (bytes held back, as on a network that drops packets) and resumed.
     */
    let relay: net.Server;
    let relayPort = 0;
    const sockets = new Set<net.Socket>();
    let isStalled = false;
    const held: Array<() => void> = [];
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (isStalled) held.push(() => to.write(chunk));
        else to.write(chunk);
      });
    const target = new URL(databaseUrl ?? 'postgres://localhost');
    const listen = () =>
      new Promise<void>((resolve) => {
        relay = net.createServer((socket) => {
          const upstream = net.connect(Number(target.port || 5432), target.hostname);
          for (const s of [socket, upstream]) {
            sockets.add(s);
            s.on('error', () => s.destroy());
            s.on('close', () => {
              sockets.delete(s);
              (s === socket ? upstream : socket).destroy();
            });
          }
          forward(socket, upstream);
          forward(upstream, socket);
        });
        relay.listen(relayPort, '127.0.0.1', () => {
          relayPort = (relay.address() as net.AddressInfo).port;
          resolve();
        });
      });
    const stall = () => {
      isStalled = true;
    };
    const resume = () => {
      isStalled = false;
      for (const send of held.splice(0)) send();
    };
    const cut = () =>
      new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });

    const name = `recell_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    let app: Awaited<ReturnType<typeof buildApp>>;
    let dataDir: string;

    beforeAll(async () => {
      await admin((client) => client.query(`create database ${name}`));
      await listen();
      const url = new URL(databaseUrl!);
      url.hostname = '127.0.0.1';
      url.port = String(relayPort);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
      await database.migrate();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'recell-outage-'));
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') });
      app = await buildApp({ config, database, logger: false });
      await app.ready();
      await insertCategories(app.db);
    });
    afterAll(async () => {
      await app?.close();
      relay?.close();
      for (const socket of sockets) socket.destroy();
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
      await rm(dataDir, { recursive: true, force: true });
    });

    it('answers 503 with Retry-After and readiness 503 while cut off, and 200 again once the database is back', async () => {
      expect((await app.inject({ url: '/api/categories' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);

      await cut();
      const [categories, ready] = await Promise.all([
        app.inject({ url: '/api/categories' }),
        app.inject({ url: '/readyz' }),
      ]);
      expectUnavailable(categories);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'failed' } });

      await listen();
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/categories' })).statusCode).toBe(200);
      expect(unhandled).toEqual([]);
    });

    it('counts no login attempt it could not judge: after the outage, people who kept trying are not locked out', async () => {
      const { loginPerIp, loginFailuresPerAccountIp } = defaultAuthLimitRules;
      const email = `kept-trying-${randomUUID()}@recell.test`;
      const ip = '10.9.8.7';
      const attempt = () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'wrong-password-1' },
          remoteAddress: ip,
        });
      await cut();
      for (let i = 0; i < loginPerIp.points + 2; i++) expectUnavailable(await attempt());
      await listen();
      // Well past both limits while the database was away; each attempt now is judged, and the
      // limits start counting from here.
      const judged = [];
      for (let i = 0; i < loginFailuresPerAccountIp.points; i++) judged.push((await attempt()).statusCode);
      expect(judged).toEqual(Array.from({ length: loginFailuresPerAccountIp.points }, () => 401));
      expect((await attempt()).statusCode).toBe(429);
      expect(unhandled).toEqual([]);
    });

    it('says not ready while the network stalls, and finishes the requests it held once it resumes', async () => {
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      stall();
      const categories = app.inject({ url: '/api/categories' });
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      resume();
      expect((await categories).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200));
      expect(unhandled).toEqual([]);
    });

    it('loses no pool slot when a connection dies under BEGIN', async () => {
      const pool = app.database.pool!;
      // BEGIN goes out on a pooled connection and hangs; then the connection is dropped.
      stall();
      const transaction = app.db.transaction(async (tx) =>
        tx.select({ one: sql<number>`1` }).from(sql`(select 1) as one`),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const socket of sockets) socket.destroy();
      held.length = 0;
      resume();
      await expect(transaction).rejects.toThrow();
      await vi.waitFor(() => expect(pool.totalCount).toBe(0));
      // Every slot still serves: more transactions at once than the pool holds.
      const results = await Promise.all(
        Array.from({ length: pool.options.max + 2 }, () =>
          app.db.transaction(async (tx) => tx.select({ one: sql<number>`1` }).from(sql`(select 1) as one`)),
        ),
      );
      expect(results).toHaveLength(pool.options.max + 2);
      expect(unhandled).toEqual([]);
    });

    it('answers 503 with Retry-After when the pool cannot connect at all (a closed port)', async () => {
      const closed = net.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as net.AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/${name}` });
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') });
      const offline = await buildApp({ config, database, logger: false });
      try {
        expectUnavailable(await offline.inject({ url: '/api/categories' }));
        expectUnavailable(
          await offline.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'someone@recell.test', password: 'secret-passphrase' },
          }),
        );
        expect((await offline.inject({ url: '/readyz' })).statusCode).toBe(503);
        expect(unhandled).toEqual([]);
      } finally {
        await offline.close();
        await database.close();
      }
    });
  });

  describe('statement and lock limits', () => {
    const t = useTestApp({ env: () => ({ DATABASE_LOCK_TIMEOUT_MS: '300', DATABASE_STATEMENT_TIMEOUT_MS: '600' }) });
    const cast = useCast(t);

    it('answers 503 with Retry-After when a booking waits on a phone another session holds locked', async () => {
      const phone = await listPhone(t, cast.seller);
      const name = await databaseNameOf(t);
      const url = new URL(databaseUrl!);
      url.pathname = `/${name}`;
      const holder = new pg.Client({ connectionString: url.toString() });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select id from products where id = $1 for update', [phone.id]);
        expectUnavailable(await postBooking(t, cast.buyer, bookingFor(phone.id)));
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      expect((await postBooking(t, cast.buyer, bookingFor(phone.id))).statusCode).toBe(201);
    });

    it('stops a statement that runs past the statement limit, as a failure that answers 503', async () => {
      const failure = await t.app.db.execute(sql`select pg_sleep(2)`).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({ cause: { code: '57014' } });
      expect(isDatabaseUnavailable(failure)).toBe(true);
    });
  });
});
