import { PgBoss, type Queue } from 'pg-boss';
import type { JobDefinition, JobDeps } from './job.ts';
import { runJob } from './jobs.ts';
import type { JobScheduler } from './scheduler.ts';

export interface PgBossSchedulerOptions {
  databaseUrl: string;
  deps: JobDeps;
  jobs: readonly JobDefinition[];
  /** pg-boss's own schema (its tables never mix with the app's migrations). */
  schema?: string;
  /** Seconds between a worker's looks for a job (a cron occurrence waits at most this long). */
  pollingIntervalSeconds?: number;
  /** How long pg-boss's own connections wait for an answer before they are given up on. */
  queryTimeoutMs?: number;
}

/**
 * One queue per job with the `exclusive` policy (at most one run queued or active across all
 * replicas), a cron schedule that pg-boss turns into one job per occurrence however many replicas
 * run its clock, and a worker on every replica, so whichever is free runs it.
 *
 * A worker beats every `heartbeatSeconds / 2` while it runs a job; a replica killed mid-run stops
 * beating, and the next supervision pass (every `superviseIntervalSeconds`) fails the job, which is
 * retried after `retryDelay` on whichever replica is free: within about 40 s. A run stuck but alive
 * is given up on after its job's `timeLimitSeconds`.
 */
const heartbeatSeconds = 10;
const superviseIntervalSeconds = 10;
/** How a run is watched and retried; set on the queue and on every job its schedule makes. */
const runOptions = (job: JobDefinition) => ({
  retryLimit: 3,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 120,
  heartbeatSeconds,
  expireInSeconds: job.timeLimitSeconds,
});
const queueOptions = (job: JobDefinition): Omit<Queue, 'name'> => ({
  policy: 'exclusive',
  ...runOptions(job),
  // Finished runs are kept a week (pg-boss's job table is the run history an operator can read).
  deleteAfterSeconds: 7 * 24 * 3600,
});

export const createPgBossScheduler = ({
  databaseUrl,
  deps,
  jobs,
  schema = 'pgboss',
  pollingIntervalSeconds = 5,
  queryTimeoutMs = 17_000,
}: PgBossSchedulerOptions): JobScheduler & { boss: PgBoss; trigger(name: string): Promise<string | null> } => {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema,
    // The jobs' own queries use the app's pool; this one only claims and settles jobs.
    max: 3,
    application_name: 'recell-jobs',
    superviseIntervalSeconds,
    // Passed on to pg, as the app's pool (db/client.ts): a silent connection is noticed and replaced.
    ...{ keepAlive: true, keepAliveInitialDelayMillis: 10_000, query_timeout: queryTimeoutMs },
  });
  boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
  const stopping = new AbortController();

  return {
    kind: 'pg-boss',
    boss,
    /** Queues a run now (tests and operators); null when one is already queued or running. */
    trigger: (name) => {
      const job = jobs.find((candidate) => candidate.name === name);
      return boss.send(name, null, job ? runOptions(job) : {});
    },
    async start() {
      // Several replicas starting together on an empty database is safe: pg-boss creates its schema
      // in one transaction under an advisory lock, and queues and schedules are upserts.
      await boss.start({ attempts: 4 });
      for (const job of jobs) {
        await boss.createQueue(job.name, queueOptions(job));
        // The schedule's own options win over those of a queue an earlier version made.
        await boss.schedule(job.name, job.every.cron, null, { tz: 'UTC', ...runOptions(job) });
        await boss.work(job.name, { pollingIntervalSeconds }, async ([claimed]) =>
          runJob(job, deps, { signal: AbortSignal.any([stopping.signal, claimed!.signal]) }),
        );
      }
      // A job this version no longer has must not keep being queued.
      const names = new Set(jobs.map((job) => job.name));
      for (const schedule of await boss.getSchedules()) {
        if (!names.has(schedule.name)) await boss.unschedule(schedule.name, schedule.key);
      }
    },
    async stop(graceMs) {
      stopping.abort();
      await boss.stop({ graceful: true, timeout: graceMs, close: true });
    },
  };
};
