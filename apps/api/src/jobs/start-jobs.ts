import type { FastifyInstance } from 'fastify';
import { jobDepsOfApp } from './job-deps.ts';
import { createJobScheduler, type JobScheduler } from './scheduler.ts';

/**
 * Hooks the background jobs onto the server: call before the app is ready (it adds close hooks),
 * then `start()` once it listens. On close the jobs are told to stop as soon as shutdown begins
 * (while requests drain) and are waited for before the database closes, which works because
 * Fastify runs onClose hooks in reverse order: add the database's hook first.
 */
export const scheduleJobs = (
  app: FastifyInstance,
  opts: { databaseUrl: string | undefined; graceMs: number; scheduler?: JobScheduler },
): { scheduler: JobScheduler; start(): Promise<void> } => {
  const scheduler = opts.scheduler ?? createJobScheduler({ databaseUrl: opts.databaseUrl, deps: jobDepsOfApp(app) });
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= scheduler.stop(opts.graceMs).catch((error: unknown) => {
      app.log.error({ err: error }, 'stopping the background jobs failed');
    }));
  app.addHook('preClose', async () => {
    void stop();
  });
  app.addHook('onClose', stop);
  return {
    scheduler,
    async start() {
      try {
        await scheduler.start();
        app.log.info({ schedule: scheduler.kind }, 'background jobs scheduled');
      } catch (error) {
        // The replica still serves; the others (or the next start) run the jobs.
        app.log.error({ err: error }, 'background jobs could not start');
      }
    },
  };
};
