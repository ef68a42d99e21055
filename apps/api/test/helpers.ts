/**
 * API tests run against a real database: PGlite by default, PostgreSQL when DATABASE_URL is set.
 * Each test app gets a database of its own (a PGlite restored from a migrated template dump, or a
 * fresh PostgreSQL database that is dropped afterwards), so files never see each other's rows.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../src/db/client.ts';
import { buildApp, type AppDeps } from '../src/app.ts';

export const databaseUrl = process.env.DATABASE_URL || undefined;

let templateDump: Promise<Blob> | undefined;
const pgliteTemplate = () =>
  (templateDump ??= (async () => {
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await handle.close();
    return dump;
  })());

export interface TestDatabase extends DatabaseHandle {
  /** Closes and throws the database away. */
  destroy(): Promise<void>;
}

export const createTestDatabase = async (options: Pick<DatabaseOptions, 'timeouts'> = {}): Promise<TestDatabase> => {
  if (databaseUrl) {
    const name = `recell_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 4, timeouts: options.timeouts });
    await handle.migrate();
    return {
      ...handle,
      destroy: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: databaseUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const handle = await openDatabase({ pgliteDir: 'memory://', pgliteLoadDataDir: await pgliteTemplate() });
  return { ...handle, destroy: () => handle.close() };
};

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export const createTestApp = async (
  env: Record<string, string> = {},
  beforeReady?: (app: TestApp['app']) => void,
  deps: Pick<AppDeps, 'onRoute' | 'mailSender' | 'demoMailboxUrl'> = {},
): Promise<TestApp> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'recell-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Listings go live at once, in every NODE_ENV a test picks; listing-review.test.ts turns review on.
    TRUSTED_SELLER_SALES: '0',
    ...env,
  });
  const database = await createTestDatabase({ timeouts: config.databaseTimeouts });
  const app = await buildApp({ config, database, logger: false, ...deps });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
