/**
 * Work that need not delay an answer (releasing the other buyers' cards after a sale): run after
 * the answer, and waited for when the app closes, before the database does. A task that fails is
 * logged; what it was doing is left to the job that retries it (the payments reconcile job).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts `task` now without waiting for it (needs no `this`). */
    deferWork: (task: () => Promise<unknown>) => void;
  }
}

export const deferredWorkPlugin = fp(
  async (app: FastifyInstance) => {
    const running = new Set<Promise<unknown>>();
    app.decorate('deferWork', (task: () => Promise<unknown>) => {
      const work: Promise<unknown> = task()
        .catch((error: unknown) => app.log.error({ err: error }, 'deferred work failed'))
        .finally(() => running.delete(work));
      running.add(work);
    });
    // Before the database closes; a task that still finds it closed is left to the reconcile job.
    const drain = async () => {
      await Promise.allSettled([...running]);
    };
    app.addHook('preClose', drain);
    app.addHook('onClose', drain);
  },
  { name: 'recell-deferred-work' },
);
