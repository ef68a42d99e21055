import type { JobDefinition, JobDeps } from './job.ts';
import { runJob } from './jobs.ts';
import type { JobScheduler } from './scheduler.ts';

export interface IntervalSchedulerOptions {
  deps: JobDeps;
  jobs: readonly JobDefinition[];
  /**
   * When each job first runs after start (at most its own period): soon, so a server that restarts
   * often (a laptop) still runs its daily jobs, but not in the middle of start-up.
   */
  firstRunAfterMs?: number;
  /** Spreads the first runs so the jobs do not start together. */
  staggerMs?: number;
}

/**
 * The embedded database's schedule: a timer per job in the one process that owns it. A run that is
 * still going when its next turn comes is not doubled; that turn is skipped.
 */
export const createIntervalScheduler = ({
  deps,
  jobs,
  firstRunAfterMs = 60_000,
  staggerMs = 5000,
}: IntervalSchedulerOptions): JobScheduler & { running(): string[] } => {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();

  const turn = (job: JobDefinition) => {
    if (stopping.signal.aborted || running.has(job.name)) return;
    const run = runJob(job, deps, { signal: stopping.signal })
      // runJob has logged and counted the failure; the next turn tries again.
      .then(
        () => {},
        () => {},
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };

  return {
    kind: 'interval',
    running: () => [...running.keys()],
    async start() {
      jobs.forEach((job, index) => {
        const first = setTimeout(
          () => {
            turn(job);
            const next = setInterval(() => turn(job), job.every.ms);
            next.unref();
            timers.push(next);
          },
          Math.min(firstRunAfterMs, job.every.ms) + index * staggerMs,
        );
        first.unref();
        timers.push(first);
      });
    },
    async stop(graceMs) {
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      if (running.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = await Promise.race([
        Promise.allSettled(running.values()).then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
      ]);
      clearTimeout(timer);
      if (gaveUp) deps.log.warn({ jobs: [...running.keys()] }, 'jobs still running at the end of the grace time');
    },
  };
};
