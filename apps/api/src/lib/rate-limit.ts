/**
 * Attempt limits for login and sign-up, counted in memory (one process) or in Redis when
 * REDIS_URL is set, so every API replica counts against the same limit. Should Redis become
 * unreachable, each process falls back to counting in its own memory rather than letting every
 * attempt through or refusing everyone.
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { authMessages } from '@recell/contract';
import { AppError } from '../errors.ts';

export interface LimitRule {
  /** Attempts allowed in the window. */
  points: number;
  /** The window, in seconds. */
  durationSeconds: number;
}

export interface AuthLimitRules {
  /** Login attempts per client IP, successful or not. */
  loginPerIp: LimitRule;
  /** Failed logins per account (email); a successful login clears the count. */
  loginFailuresPerAccount: LimitRule;
  /** Sign-up attempts per client IP. */
  signupPerIp: LimitRule;
}

export const defaultAuthLimitRules: AuthLimitRules = {
  loginPerIp: { points: 20, durationSeconds: 15 * 60 },
  loginFailuresPerAccount: { points: 10, durationSeconds: 15 * 60 },
  signupPerIp: { points: 10, durationSeconds: 60 * 60 },
};

export interface AuthRateLimitOptions {
  /** redis:// URL of the shared store; memory when undefined. */
  redisUrl?: string | undefined;
  /** Prefix of every key in Redis (tests use a unique one per run). */
  keyPrefix?: string;
  rules?: Partial<AuthLimitRules>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** How long start-up waits for Redis before counting in memory until it connects. */
  connectTimeoutMs?: number;
}

/** One limit: a counter per key over a window. */
export interface Limiter {
  readonly rule: LimitRule;
  /**
   * Counts one attempt for `key`; throws the 429 (with Retry-After on `reply`) when it goes over the
   * limit. Counting first and forgetting on success is atomic: parallel attempts cannot slip through.
   */
  consume(key: string, reply: FastifyReply): Promise<void>;
  /** Forgets `key` (a successful login clears its failures). */
  reset(key: string): Promise<void>;
}

export interface AuthRateLimits {
  loginPerIp: Limiter;
  loginFailuresPerAccount: Limiter;
  signupPerIp: Limiter;
  /** 'redis' when counts are shared through Redis. */
  store: 'memory' | 'redis';
  close(): Promise<void>;
}

const tooMany = (reply: FastifyReply, msBeforeNext: number): AppError => {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  reply.header('retry-after', String(retryAfterSeconds));
  return new AppError('rate_limited', authMessages.tooManyAttempts(retryAfterSeconds));
};

const wrap = (limiter: RateLimiterAbstract, rule: LimitRule): Limiter => ({
  rule,
  async consume(key, reply) {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooMany(reply, rejection.msBeforeNext);
      throw rejection;
    }
  },
  async reset(key) {
    await limiter.delete(key);
  },
});

const waitForReady = (redis: Redis, timeoutMs: number) =>
  new Promise<boolean>((resolve) => {
    if (redis.status === 'ready') return resolve(true);
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.once('ready', onReady);
  });

export const createAuthRateLimits = async (options: AuthRateLimitOptions = {}): Promise<AuthRateLimits> => {
  const rules: AuthLimitRules = { ...defaultAuthLimitRules, ...options.rules };
  const prefix = options.keyPrefix ?? 'recell:rate-limit';
  let redis: Redis | undefined;
  if (options.redisUrl) {
    // No offline queue: while Redis is down a command fails at once and the memory fallback counts.
    redis = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    let lastWarning = 0;
    redis.on('error', (error: Error) => {
      if (Date.now() - lastWarning < 60_000) return;
      lastWarning = Date.now();
      options.log?.warn({ err: error }, 'rate-limit store (Redis) unavailable: counting in memory meanwhile');
    });
    await waitForReady(redis, options.connectTimeoutMs ?? 3000);
  }

  const build = (name: keyof AuthLimitRules): Limiter => {
    const rule = rules[name];
    const base = { keyPrefix: `${prefix}:${name}`, points: rule.points, duration: rule.durationSeconds };
    const memory = new RateLimiterMemory(base);
    const limiter = redis
      ? new RateLimiterRedis({ ...base, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: memory })
      : memory;
    return wrap(limiter, rule);
  };

  return {
    loginPerIp: build('loginPerIp'),
    loginFailuresPerAccount: build('loginFailuresPerAccount'),
    signupPerIp: build('signupPerIp'),
    store: redis ? 'redis' : 'memory',
    async close() {
      if (!redis) return;
      if (redis.status === 'ready') await redis.quit().catch(() => redis?.disconnect());
      else redis.disconnect();
    },
  };
};
