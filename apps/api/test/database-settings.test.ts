import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSettings } from '../src/db/client.ts';
import { createTestDatabase, databaseUrl, type TestDatabase } from './helpers.ts';

const settingOf = async (db: TestDatabase['db'], name: string) =>
  ((await db.execute(sql`select current_setting(${name}) as value`)) as unknown as { rows: { value: string }[] })
    .rows[0]!.value;

describe('connections with settings of their own', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it.runIf(databaseUrl)('run every statement with them, and leave the main pool as it was', async () => {
    const settings = { enable_indexscan: 'off', work_mem: '32MB' };
    const db = withSettings(database.db, settings)!;
    expect(await settingOf(db, 'enable_indexscan')).toBe('off');
    expect(await settingOf(db, 'work_mem')).toBe('32MB');
    // The same settings share their pool.
    expect(withSettings(database.db, { ...settings })).toBe(db);
    expect(await settingOf(database.db, 'enable_indexscan')).toBe('on');
    expect(() => withSettings(database.db, { work_mem: "1MB' -c role=admin" })).toThrow(/Not a setting/);
  });

  it.skipIf(databaseUrl)('are none on PGlite: one connection, settings local to a transaction there', () => {
    expect(withSettings(database.db, { enable_indexscan: 'off' })).toBeUndefined();
  });
});
