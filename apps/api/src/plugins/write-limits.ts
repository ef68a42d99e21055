/**
 * Write limits: how many uploads, bookings, reports, wishlist changes, payment attempts, order messages,
 * listing edits and questions on listings one account makes per window (WRITE_LIMIT_WINDOW_SECONDS), for uploads also one IP, and how many
 * contact messages one IP sends. Counted by
 * @fastify/rate-limit in memory, or in Redis when REDIS_URL is set so every API replica counts
 * against the same limit. Each hook runs in onRequest, after the route's role check (the key is
 * the signed-in user's id, the client IP for an anonymous caller) and before any body is read.
 * Over a limit: 429 with Retry-After. Redis unreachable: 503 with Retry-After (fail closed, as the
 * login limits in lib/rate-limit.ts), since counting per process would multiply every limit by the
 * number of replicas.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@recell/contract';
import { AppError } from '../errors.ts';
import { storeUnavailableRetryAfterSeconds } from '../lib/rate-limit.ts';

export type WriteLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

interface WriteLimits {
  /** Pictures (POST /api/uploads, sign-up's photo, a listing's picture): per account and per IP. */
  uploads: WriteLimitHook;
  /** Bookings (POST /api/orders). */
  bookings: WriteLimitHook;
  /** Reports of a listing. */
  reports: WriteLimitHook;
  /** Adding to and taking out of the wishlist. */
  wishlist: WriteLimitHook;
  /** Payment intents, payments and the test processor's card confirmations. */
  payments: WriteLimitHook;
  /** Messages to the other party of an order. */
  messages: WriteLimitHook;
  /** Contact us messages, per IP (visitors send them without an account). */
  contactMessages: WriteLimitHook;
  /** A seller's edits of their listings (fields and photos). */
  listingEdits: WriteLimitHook;
  /** Questions asked on listings. */
  questions: WriteLimitHook;
  /** Adding and removing delivery addresses, and choosing the ship-from one. */
  addresses: WriteLimitHook;
}

declare module 'fastify' {
  interface FastifyInstance {
    writeLimits: WriteLimits;
  }
}

const accountKey = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`);
const ipKey = (request: FastifyRequest) => `ip:${request.ip}`;

export const writeLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    const { writeLimits: limits } = app.config;
    const redis = app.limitStore;
    // Only the hooks below count; no route is limited by the plugin on its own.
    await app.register(rateLimit, {
      global: false,
      skipOnError: false,
      ...(redis ? { redis, nameSpace: 'recell:write-limit:' } : {}),
    });

    const timeWindow = limits.windowSeconds * 1000;
    const limiter = (name: string, max: number, key: (request: FastifyRequest) => string) => {
      const check = app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:${key(request)}` });
      return async (request: FastifyRequest, reply: FastifyReply) => {
        let result: Awaited<ReturnType<typeof check>>;
        try {
          result = await check(request);
        } catch (error) {
          request.log.warn({ err: error }, 'write limit not counted: store unavailable');
          reply.header('retry-after', String(storeUnavailableRetryAfterSeconds));
          throw new AppError('unavailable', messages.serviceUnavailable);
        }
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new AppError('rate_limited', messages.tooManyRequests);
      };
    };
    const hook =
      (...checks: WriteLimitHook[]): WriteLimitHook =>
      async (request, reply) => {
        for (const check of checks) await check(request, reply);
      };

    // An anonymous upload (sign-up's photo) has no account: its IP limit is the one that applies.
    const signedIn =
      (check: WriteLimitHook): WriteLimitHook =>
      async (request, reply) => {
        if (request.user) await check(request, reply);
      };

    app.decorate('writeLimits', {
      uploads: hook(
        signedIn(limiter('uploads', limits.uploadsPerAccount, accountKey)),
        limiter('uploads-ip', limits.uploadsPerIp, ipKey),
      ),
      bookings: hook(limiter('bookings', limits.bookingsPerAccount, accountKey)),
      reports: hook(limiter('reports', limits.reportsPerAccount, accountKey)),
      wishlist: hook(limiter('wishlist', limits.wishlistWritesPerAccount, accountKey)),
      payments: hook(limiter('payments', limits.paymentAttemptsPerAccount, accountKey)),
      messages: hook(limiter('messages', limits.messagesPerAccount, accountKey)),
      contactMessages: hook(limiter('contact-messages', limits.contactMessagesPerIp, ipKey)),
      listingEdits: hook(limiter('listing-edits', limits.listingEditsPerAccount, accountKey)),
      questions: hook(limiter('questions', limits.questionsPerAccount, accountKey)),
      addresses: hook(limiter('addresses', limits.addressWritesPerAccount, accountKey)),
    });
  },
  { name: 'recell-write-limits', dependencies: ['recell-auth', 'recell-limit-store'] },
);
