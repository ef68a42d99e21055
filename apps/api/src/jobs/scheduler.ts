/**
 * When the background jobs run. Two schedules behind one port:
 * - PostgreSQL (DATABASE_URL set): pg-boss in its own `pgboss` schema. Its cron hands each
 *   occurrence to exactly one replica, and every replica works the queues (pg-boss-scheduler.ts).
 * - PGlite: one process owns the embedded database, so a timer per job in that process is enough
 *   (interval-scheduler.ts).
 */
import type { JobDefinition, JobDeps } from './job.ts';
import { jobDefinitions } from './jobs.ts';
import { createIntervalScheduler } from './interval-scheduler.ts';
import { createPgBossScheduler } from './pg-boss-scheduler.ts';

export interface JobScheduler {
  readonly kind: 'pg-boss' | 'interval';
  /** Starts the schedule (and, with pg-boss, this replica's workers). */
  start(): Promise<void>;
  /**
   * Takes no new runs, asks the running ones to stop at their next batch boundary, and waits up to
   * `graceMs` for them, so the database can then be closed under no job.
   */
  stop(graceMs: number): Promise<void>;
}

export interface JobSchedulerOptions {
  databaseUrl: string | undefined;
  deps: JobDeps;
  jobs?: readonly JobDefinition[];
}

export const createJobScheduler = ({ databaseUrl, deps, jobs = jobDefinitions }: JobSchedulerOptions): JobScheduler =>
  databaseUrl ? createPgBossScheduler({ databaseUrl, deps, jobs }) : createIntervalScheduler({ deps, jobs });
