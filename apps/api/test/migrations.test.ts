/**
 * Servers starting together on an empty PostgreSQL database: each migrates at start, and the
 * migrations must run once, not race (drizzle's migrator itself takes no lock); then each seeds an
 * empty database, which must happen once.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../src/adapters/storage/disk-storage.ts';
import { migrationsFolder, openDatabase } from '../src/db/client.ts';
import { categories } from '../src/db/schema.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';
import { databaseUrl } from './helpers.ts';
import { hashPassword } from '../src/modules/auth/index.ts';

describe.skipIf(!databaseUrl)('migrations on PostgreSQL', () => {
  const name = `recell_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  let url: string;

  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const target = new URL(databaseUrl!);
    target.pathname = `/${name}`;
    url = target.toString();
  });
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('run once when six servers start together on an empty database; the rest find nothing to do', async () => {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const servers = await Promise.all(Array.from({ length: 6 }, () => openDatabase({ databaseUrl: url, poolMax: 2 })));
    try {
      const results = await Promise.allSettled(servers.map((server) => server.migrate()));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const applied = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
        expect(applied.rows).toHaveLength(journal.entries.length);
        expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.entries.length);
      } finally {
        await client.end();
      }
      // A later start migrates nothing and succeeds.
      await servers[0]!.migrate();
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });

  it('seed once when six servers start together on the migrated, empty database', async () => {
    const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'recell-migrations-'));
    const servers = await Promise.all(Array.from({ length: 6 }, () => openDatabase({ databaseUrl: url, poolMax: 2 })));
    try {
      const results = await Promise.all(
        servers.map(async (server) => {
          await server.migrate();
          return seedDatabase({
            db: server.db,
            storage: createDiskStorage(uploadsDir),
            mode: 'categories',
            hashPassword,
          });
        }),
      );
      expect(results.filter((result) => result.seeded)).toHaveLength(1);
      expect(await servers[0]!.db.select().from(categories)).toHaveLength(3);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await rm(uploadsDir, { recursive: true, force: true });
    }
  });
});
