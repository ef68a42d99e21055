/**
 * 1. Cold start: the three replicas start at the same instant on an empty database. Each migrates
 * under the advisory lock and seeds only an empty database, so exactly one migration run and one
 * seed happen, and none of them crashes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { categoryIds } from '@recell/contract';
import { describeExit } from '../lib/processes.ts';
import { beginScenario, check, figure } from '../lib/report.ts';
import { isProductionBuild, repoRoot } from '../topology/paths.ts';
import type { Topology } from '../topology/topology.ts';

export const coldStart = async (t: Topology) => {
  beginScenario('1. Cold start: three replicas at once on an empty database');
  figure(
    'replicas run',
    isProductionBuild()
      ? 'node apps/api/dist/server.js (the production build)'
      : 'node --import tsx apps/api/src/server.ts (no production build in apps/api/dist: run `npm run build` first)',
  );
  const started = performance.now();
  await Promise.all(t.replicas.map((replica) => replica.start()));
  const results = await Promise.all(
    t.replicas.map(async (replica) => {
      try {
        await replica.waitReady(90_000);
        return { replica, seconds: (performance.now() - started) / 1000 };
      } catch (error) {
        return { replica, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  for (const result of results) {
    if ('seconds' in result) figure(`${result.replica.name} ready after`, `${result.seconds!.toFixed(1)} s`);
    check(`${result.replica.name} started and is ready`, 'seconds' in result, 'error' in result ? result.error : '');
  }
  const crashed = t.replicas.filter((replica) => replica.exits.length > 0);
  check(
    'no start crashed',
    crashed.length === 0,
    crashed.map((replica) => `${replica.name} ${describeExit(replica.exits[0]!)}: ${replica.crashReason()}`).join('; '),
  );

  const journal = JSON.parse(
    await readFile(path.join(repoRoot, 'apps/api/src/db/migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: Array<{ tag: string }> };
  const applied = await t.postgres
    .query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations')
    .then((rows) => Number(rows[0]!.count))
    .catch((error: Error) => `unreadable (${error.message})`);
  figure('migration files / rows in drizzle.__drizzle_migrations', `${journal.entries.length} / ${applied}`);
  check('one migration run: one row per migration file', applied === journal.entries.length, `${applied} rows`);

  const categories = Number((await t.postgres.query<{ count: string }>('select count(*) from categories'))[0]!.count);
  figure('categories seeded', categories);
  check('one seed: the categories exist once', categories === categoryIds.length, `${categories} rows`);

  await t.ensureAllServing();
  check('HAProxy sees every replica UP', true, JSON.stringify(await t.balancer.serverStates()));
};
