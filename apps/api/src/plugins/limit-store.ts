/**
 * The shared store of every request limit (login, sign-up and the per-account write limits): one
 * Redis client for the process when `REDIS_URL` is set, so replicas count together; null means
 * each limit keeps its counts in memory. Closed with the app.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { closeLimitStore, connectLimitStore } from '../lib/rate-limit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    limitStore: Redis | null;
  }
}

export const limitStorePlugin = fp(
  async (app: FastifyInstance) => {
    const { redisUrl } = app.config;
    const store = redisUrl
      ? await connectLimitStore(
          redisUrl,
          app.log,
          'rate-limit store (Redis) unavailable: limited requests (login, sign-up, uploads, bookings, reports, wishlist, payments) answer 503 meanwhile',
        )
      : null;
    app.decorate('limitStore', store);
    if (store) app.addHook('onClose', () => closeLimitStore(store));
  },
  { name: 'recell-limit-store' },
);
