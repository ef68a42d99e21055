/**
 * `npm run jobs:run -- <job>`: runs one job once against the configured database and prints one
 * JSON line of what it did; refuses, changing nothing, while a server holds the embedded database.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, repoRoot } from '../src/config.ts';
import { runJobCommand } from '../src/cli/run-job.ts';
import { openDatabase } from '../src/db/client.ts';
import { lockDataDir } from '../src/db/data-dir-lock.ts';
import { webhookEvents } from '../src/db/schema.ts';
import { jobDepsOfApp } from '../src/jobs/job-deps.ts';
import { useTestApp } from './support/api.ts';

const t = useTestApp();
const tempDirs: string[] = [];
afterAll(() => Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true }))));
const tempDataDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'recell-run-job-'));
  tempDirs.push(dir);
  return dir;
};

const capture = () => {
  const lines = { log: [] as string[], error: [] as string[] };
  return {
    lines,
    out: { log: (line: string) => lines.log.push(line), error: (line: string) => lines.error.push(line) },
  };
};

/** The command, pointed at the test app's database (left open for the app). */
const run = async (argv: string[], overrides: { now?: () => Date } = {}) => {
  const { lines, out } = capture();
  const open = vi.fn(async () => ({ ...t.database, close: async () => {} }));
  const code = await runJobCommand(argv, loadConfig({ DATABASE_URL: 'postgres://test-app/db' }), {
    out,
    open,
    deps: () => ({ ...jobDepsOfApp(t.app), ...overrides }),
  });
  return { code, lines, open };
};

describe('npm run jobs:run', () => {
  it('runs the named job once and prints one JSON line of its result', async () => {
    const eventId = `evt_${randomUUID()}`;
    await t.app.db.insert(webhookEvents).values({
      provider: 'stripe',
      eventId,
      type: 'payment_intent.succeeded',
      receivedAt: new Date(Date.now() - 40 * 24 * 3600 * 1000),
    });
    const { code, lines } = await run(['trim-webhook-events']);
    expect(code).toBe(0);
    expect(lines.log.map((line) => JSON.parse(line))).toEqual([{ job: 'trim-webhook-events', result: { deleted: 1 } }]);
    expect(await t.app.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toEqual([]);
  });

  it('says which jobs there are for a wrong or missing name (exit 2) and on --help (exit 0)', async () => {
    for (const argv of [['prune-everything'], [], ['prune-sessions', 'trim-webhook-events'], ['--bogus']]) {
      const { code, lines, open } = await run(argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(lines.error.join('\n')).toContain('Jobs: reconcile-payments, prune-sessions, delete-orphan-uploads');
      expect(open).not.toHaveBeenCalled();
    }
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.lines.log.join('\n')).toMatch(/^Usage: npm run jobs:run -- <job>/);
  });

  it('exits 1 with the reason when the job fails', async () => {
    const { code, lines } = await run(['prune-sessions'], {
      now: () => {
        throw new Error('clock unavailable');
      },
    });
    expect(code).toBe(1);
    expect(lines.log).toEqual([]);
    expect(lines.error).toEqual(['The job prune-sessions failed: clock unavailable']);
  });

  it('refuses, changing nothing, while a server holds the embedded database', async () => {
    const dataDir = await tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    const server = await lockDataDir(config.pgliteDir, { purpose: 'the ReCell server' });
    try {
      const { lines, out } = capture();
      const open = vi.fn();
      expect(await runJobCommand(['prune-sessions'], config, { out, open })).toBe(1);
      expect(open).not.toHaveBeenCalled();
      expect(lines.error.join('\n')).toMatch(
        /^Nothing was changed\. The embedded database in .* is in use by the ReCell server \(process \d+/,
      );
    } finally {
      await server.release();
    }
  });

  it('works through the npm script on the embedded database, as an operator runs it', async () => {
    const dataDir = await tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    const prepared = await openDatabase({ pgliteDir: config.pgliteDir });
    await prepared.migrate();
    await prepared.close();

    const { DATABASE_URL: _ignored, ...env } = process.env;
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'jobs:run', '--', 'prune-sessions'], {
      cwd: repoRoot,
      env: { ...env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' },
    });
    expect(stdout.trim().split('\n')).toEqual([JSON.stringify({ job: 'prune-sessions', result: { deleted: 0 } })]);
    // npm, tsx and a fresh PGlite start take a while on a busy machine.
  }, 180_000);
});
