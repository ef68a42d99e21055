/**
 * The two job schedules: timers in the one process that owns PGlite, and pg-boss shared by every
 * replica on PostgreSQL (run with DATABASE_URL set). Each runs a job once at a time, and stops by
 * asking the running job to finish and waiting for it, so the database closes under no job.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIntervalScheduler } from '../src/jobs/interval-scheduler.ts';
import type { JobDefinition, JobDeps } from '../src/jobs/job.ts';
import { jobDefinitions } from '../src/jobs/jobs.ts';
import { createPgBossScheduler } from '../src/jobs/pg-boss-scheduler.ts';
import { scheduleJobs } from '../src/jobs/start-jobs.ts';
import { createTestApp, databaseUrl } from './helpers.ts';

const quietLog = () => {
  const log = {
    level: 'silent',
    child: () => log,
    fatal: vi.fn(),
    error: vi.fn(),
    warn: vi.fn(),
    info: vi.fn(),
    debug: vi.fn(),
    trace: vi.fn(),
    silent: vi.fn(),
  };
  return log as typeof log & FastifyBaseLogger;
};

const until = async (condition: () => boolean, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job whose runs the test holds open and lets finish. */
const heldJob = (name: string) => {
  const state = { started: 0, finished: 0, sawStop: 0, release: () => {} };
  const gate = () => {
    let open = () => {};
    const promise = new Promise<void>((resolve) => (open = resolve));
    return { promise, open };
  };
  let released = gate();
  state.release = () => {
    released.open();
    released = gate();
  };
  const job: JobDefinition = {
    name,
    every: { cron: '0 0 1 1 *', ms: 40 },
    timeLimitSeconds: 60,
    async run(_deps, { signal }) {
      state.started += 1;
      const onStop = () => (state.sawStop += 1);
      signal.addEventListener('abort', onStop, { once: true });
      await released.promise;
      signal.removeEventListener('abort', onStop);
      state.finished += 1;
      return { done: 1 };
    },
  };
  return { job, state };
};

describe('the embedded schedule (PGlite: timers in the owning process)', () => {
  it('runs each job on its period, never two runs of one job at once, and none after stop', async () => {
    const log = quietLog();
    const { job, state } = heldJob('held');
    const scheduler = createIntervalScheduler({
      deps: { log } as unknown as JobDeps,
      jobs: [job],
      firstRunAfterMs: 10,
      staggerMs: 0,
    });
    await scheduler.start();
    await until(() => state.started === 1, 'the first run');
    // Several periods pass while the run is held: its turns are skipped, not stacked.
    await pause(200);
    expect(state.started).toBe(1);
    state.release();
    await until(() => state.started === 2, 'the next run');

    const stopped = scheduler.stop(5000);
    await until(() => state.sawStop === 1, 'the running job to be told to stop');
    expect(scheduler.running()).toEqual(['held']);
    state.release();
    await stopped;
    expect(state.finished).toBe(2);
    await pause(200);
    expect(state.started).toBe(2);
  });

  it('gives up waiting at the end of the grace time and says which job was still running', async () => {
    const log = quietLog();
    const { job, state } = heldJob('stuck');
    const scheduler = createIntervalScheduler({
      deps: { log } as unknown as JobDeps,
      jobs: [job],
      firstRunAfterMs: 0,
    });
    await scheduler.start();
    await until(() => state.started === 1, 'the run');
    await scheduler.stop(50);
    expect(state.finished).toBe(0);
    expect(log.warn).toHaveBeenCalledWith({ jobs: ['stuck'] }, expect.stringContaining('still running'));
    state.release();
  });

  it('a failing run is logged and the next turn runs again', async () => {
    const log = quietLog();
    let runs = 0;
    const failing: JobDefinition = {
      name: 'failing',
      every: { cron: '* * * * *', ms: 20 },
      timeLimitSeconds: 60,
      async run() {
        runs += 1;
        throw new Error('database unreachable');
      },
    };
    const scheduler = createIntervalScheduler({
      deps: { log } as unknown as JobDeps,
      jobs: [failing],
      firstRunAfterMs: 0,
    });
    await scheduler.start();
    await until(() => runs >= 2, 'a second run');
    await scheduler.stop(1000);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'job failed');
  });
});

describe('the server and its jobs', () => {
  it('on close, tells the running job to stop and waits for it before the database closes', async () => {
    const { job, state } = heldJob('held-by-server');
    const order: string[] = [];
    let jobs: ReturnType<typeof scheduleJobs> | undefined;
    const t = await createTestApp({}, (app) => {
      // As server.ts does: the database's close hook first, then the jobs'.
      app.addHook('onClose', async () => {
        order.push(`database closed after ${state.finished} finished run(s)`);
      });
      const scheduler = createIntervalScheduler({ deps: { log: app.log } as JobDeps, jobs: [job], firstRunAfterMs: 0 });
      jobs = scheduleJobs(app, { databaseUrl: undefined, graceMs: 10_000, scheduler });
    });
    await jobs!.start();
    await until(() => state.started === 1, 'the run');

    const closed = t.close();
    await until(() => state.sawStop === 1, 'the job to be told to stop');
    await pause(100);
    expect(order).toEqual([]);
    state.release();
    await closed;
    expect(order).toEqual(['database closed after 1 finished run(s)']);
  });
});

describe.skipIf(!databaseUrl)('pg-boss on PostgreSQL (every replica)', () => {
  let url: string;
  let name: string;
  beforeAll(async () => {
    name = `recell_jobs_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(databaseUrl!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const replicas = (jobs: readonly JobDefinition[], count = 3) =>
    Array.from({ length: count }, () =>
      createPgBossScheduler({
        databaseUrl: url,
        deps: { log: quietLog() } as unknown as JobDeps,
        jobs,
        pollingIntervalSeconds: 0.5,
      }),
    );

  it('three replicas starting together on an empty database install pg-boss once and schedule each job once', async () => {
    const started = replicas(jobDefinitions);
    await Promise.all(started.map((replica) => replica.start()));
    try {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const versions = await client.query('select version from pgboss.version');
      const schedules = await client.query('select name, cron from pgboss.schedule order by name');
      const queues = await client.query(`select name, policy from pgboss.queue where name not like '\\_\\_%'`);
      await client.end();
      expect(versions.rows).toHaveLength(1);
      expect(schedules.rows).toEqual(
        [...jobDefinitions]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((job) => ({ name: job.name, cron: job.every.cron })),
      );
      expect(queues.rows.map((row: { policy: string }) => row.policy)).toEqual(jobDefinitions.map(() => 'exclusive'));
    } finally {
      await Promise.all(started.map((replica) => replica.stop(1000)));
    }
  });

  it('a run asked for by all three at once is made by exactly one of them; the next is made again', async () => {
    const { job, state } = heldJob('held-once');
    const started = replicas([job]);
    await Promise.all(started.map((replica) => replica.start()));
    try {
      const sent = await Promise.all(started.map((replica) => replica.trigger(job.name)));
      expect(sent.filter(Boolean)).toHaveLength(1);
      await until(() => state.started === 1, 'the run');
      // While it runs, asking again queues nothing (one run at a time across replicas).
      expect(await started[1]!.trigger(job.name)).toBeNull();
      state.release();
      await until(() => state.finished === 1, 'the run to finish');
      await pause(1500);
      expect(state.started).toBe(1);

      expect(await started[2]!.trigger(job.name)).not.toBeNull();
      await until(() => state.started === 2, 'the second run');
      state.release();
      await until(() => state.finished === 2, 'the second run to finish');
    } finally {
      await Promise.all(started.map((replica) => replica.stop(1000)));
    }
  });

  it('stop tells the running job to finish and waits for it before closing', async () => {
    const { job, state } = heldJob('held-stop');
    const [replica] = replicas([job], 1);
    await replica!.start();
    await replica!.trigger(job.name);
    await until(() => state.started === 1, 'the run');
    const stopped = replica!.stop(10_000);
    await until(() => state.sawStop === 1, 'the job to be told to stop');
    let isStopped = false;
    void stopped.then(() => (isStopped = true));
    await pause(300);
    expect(isStopped).toBe(false);
    state.release();
    await stopped;
    expect(state.finished).toBe(1);
  });
});
