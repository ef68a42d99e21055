/**
 * The shared stores: a fresh PostgreSQL database, a Redis database index of the suite's own, and
 * an S3-compatible bucket (s3rver in a process of its own).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort, send } from '../lib/http.ts';
import { waitUntil } from '../lib/report.ts';
import { startProcess, stopProcess, type Managed } from '../lib/processes.ts';
import { nodeBinary, repoRoot, s3rverBin } from './paths.ts';

export interface Postgres {
  url: string;
  name: string;
  /** Runs SQL on the suite's database as the superuser (checks and faults). */
  query<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export const createDatabase = async (serverUrl: string): Promise<Postgres> => {
  const name = `recell_scaleout_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres`, connectionTimeoutMillis: 5000 });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = `${serverUrl}/${name}`;
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5000 });
  // The suite terminates the replicas' backends, never its own; an idle one lost anyway is replaced.
  pool.on('error', () => {});
  return {
    url,
    name,
    query: async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await pool.query<T>(text, values)).rows,
    async drop() {
      await pool.end().catch(() => {});
      const client = new pg.Client({ connectionString: `${serverUrl}/postgres`, connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
};

export interface RedisStore {
  url: string;
  close(): Promise<void>;
}

/** Empties the suite's Redis database index (nobody else's) and gives its URL. */
export const useRedis = async (host: string, db: number): Promise<RedisStore> => {
  const url = `redis://${host}/${db}`;
  const redis = new Redis(url, { connectTimeout: 3000, maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  await redis.flushdb();
  return {
    url,
    async close() {
      await redis.flushdb().catch(() => {});
      await redis.quit().catch(() => redis.disconnect());
    },
  };
};

export interface S3Store {
  endpoint: string;
  bucket: string;
  /** Where browsers fetch objects (path style). */
  publicUrl: string;
  process: Managed;
  stop(): Promise<void>;
}

export const startS3 = async (workDir: string): Promise<S3Store> => {
  const port = await freePort();
  const directory = path.join(workDir, 's3');
  await mkdir(directory, { recursive: true });
  const bucket = 'recell-images';
  const child = startProcess(
    's3rver',
    nodeBinary,
    [s3rverBin, '-d', directory, '-a', '127.0.0.1', '-p', String(port), '--silent', '--configure-bucket', bucket],
    { env: { PATH: process.env.PATH ?? '' }, cwd: repoRoot, logFile: path.join(workDir, 's3rver.log') },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const up = await waitUntil(async () => (await send(`${endpoint}/${bucket}`)).status === 200, 20_000);
  if (!up) throw new Error(`s3rver did not answer at ${endpoint} within 20 s:\n${child.tail()}`);
  return {
    endpoint,
    bucket,
    publicUrl: `${endpoint}/${bucket}`,
    process: child,
    stop: async () => void (await stopProcess(child)),
  };
};
