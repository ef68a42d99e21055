/**
 * Attempt limits for login and sign-up, counted in memory (one process) or in Redis when
 * REDIS_URL is set, so every API replica counts against the same limit. Should Redis become
 * unreachable, attempts are refused with 503 and Retry-After (fail closed): counting in each
 * process's memory would multiply the limit by the number of replicas, and a password guesser
 * could spread attempts over them.
 */
import type { FastifyBaseLogger } from 'fastify';
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
  /** Failed logins per account (email) from one IP; a successful login from that IP clears them. */
  loginFailuresPerAccountIp: LimitRule;
  /**
   * Failed logins per account from all IPs together: the ceiling a guesser spread over many IPs
   * meets. It stops only IPs that have already failed for the account, so the owner signing in
   * from elsewhere still gets in.
   */
  loginFailuresPerAccount: LimitRule;
  /** Sign-up attempts per client IP. */
  signupPerIp: LimitRule;
  /** Password reset and email confirmation requests (and link uses) per client IP. */
  recoveryPerIp: LimitRule;
  /**
   * Reset or confirmation emails asked for one address from one IP: counted whether or not it has
   * an account, so the limit reveals nothing. Per IP too, so a stranger asking for someone's
   * address cannot use up that person's own resets.
   */
  recoveryPerEmailIp: LimitRule;
  /** The same for one address from all IPs together: the higher ceiling that keeps a mailbox from flooding. */
  recoveryPerEmail: LimitRule;
}

export const defaultAuthLimitRules: AuthLimitRules = {
  loginPerIp: { points: 20, durationSeconds: 15 * 60 },
  loginFailuresPerAccountIp: { points: 10, durationSeconds: 15 * 60 },
  loginFailuresPerAccount: { points: 100, durationSeconds: 60 * 60 },
  signupPerIp: { points: 10, durationSeconds: 60 * 60 },
  recoveryPerIp: { points: 20, durationSeconds: 60 * 60 },
  recoveryPerEmailIp: { points: 3, durationSeconds: 60 * 60 },
  recoveryPerEmail: { points: 10, durationSeconds: 60 * 60 },
};

export interface AuthRateLimitOptions {
  /** The app's shared store (its owner closes it); wins over `redisUrl`. */
  redis?: Redis | null;
  /** redis:// URL of a store of the limits' own (closed with them); memory when neither is set. */
  redisUrl?: string | undefined;
  /** Prefix of every key in Redis (tests use a unique one per run). */
  keyPrefix?: string;
  rules?: Partial<AuthLimitRules>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** How long start-up waits for Redis; attempts are refused (503) until it connects. */
  connectTimeoutMs?: number;
}

/** One limit: a counter per key over a window. */
export interface Limiter {
  readonly rule: LimitRule;
  /**
   * Counts one attempt for `key` and answers how many the window now holds; throws the 429 (with
   * its Retry-After) when it goes over the limit. Counting first and forgetting (or giving
   * back) on success is atomic: parallel attempts cannot slip through.
   */
  consume(key: string): Promise<number>;
  /** Counts one failure for `key` without refusing anything (the attempt was let through uncounted). */
  penalise(key: string): Promise<void>;
  /** Gives back the attempt `consume` counted (it succeeded, so it was no failure). */
  reward(key: string): Promise<void>;
  /** Forgets `key` (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  /** How many the window of `key` holds now, counting nothing (0 when none); throws when the store cannot be reached. */
  peek(key: string): Promise<number>;
}

export interface AuthRateLimits {
  loginPerIp: Limiter;
  loginFailuresPerAccountIp: Limiter;
  loginFailuresPerAccount: Limiter;
  signupPerIp: Limiter;
  recoveryPerIp: Limiter;
  recoveryPerEmailIp: Limiter;
  recoveryPerEmail: Limiter;
  /** 'redis' when counts are shared through Redis. */
  store: 'memory' | 'redis';
  close(): Promise<void>;
}

/** Seconds to wait before the window of a refused attempt ends (at least 1). */
export const retryAfterSecondsOf = (msBeforeNext: number) => Math.max(1, Math.ceil(msBeforeNext / 1000));

const tooMany = (msBeforeNext: number): AppError => {
  const retryAfterSeconds = retryAfterSecondsOf(msBeforeNext);
  return new AppError('rate_limited', authMessages.tooManyAttempts(retryAfterSeconds), undefined, retryAfterSeconds);
};

/** How long a client is asked to wait while the shared store cannot be reached. */
export const storeUnavailableRetryAfterSeconds = 5;

const storeUnavailable = (): AppError =>
  new AppError('unavailable', authMessages.attemptLimitsUnavailable, undefined, storeUnavailableRetryAfterSeconds);

const wrap = (
  limiter: RateLimiterAbstract,
  rule: LimitRule,
  log: Pick<FastifyBaseLogger, 'warn'> | undefined,
  refusal: (msBeforeNext: number) => AppError = tooMany,
): Limiter => ({
  rule,
  async consume(key) {
    try {
      return (await limiter.consume(key)).consumedPoints;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw refusal(rejection.msBeforeNext);
      // Only the Redis store fails otherwise (not connected, or a command that timed out).
      throw storeUnavailable();
    }
  },
  // After the attempt's outcome is known a store that cannot be reached only costs accuracy: the
  // outcome stands, and the count is off until its window ends.
  async penalise(key) {
    await limiter.penalty(key, 1).catch((error: unknown) => {
      log?.warn({ err: error }, 'rate-limit store (Redis) unavailable: a failure was not counted');
    });
  },
  async reward(key) {
    await limiter.reward(key, 1).catch((error: unknown) => {
      log?.warn({ err: error }, 'rate-limit store (Redis) unavailable: a count was not given back');
    });
  },
  async reset(key) {
    await limiter.delete(key).catch((error: unknown) => {
      log?.warn({ err: error }, 'rate-limit store (Redis) unavailable: a count was not cleared');
    });
  },
  async peek(key) {
    return (await limiter.get(key))?.consumedPoints ?? 0;
  },
});

export interface LimiterOptions {
  /** The app's shared store (`app.limitStore`); memory when null. */
  redis: Redis | null;
  /** The limit's own part of every key, under `recell:rate-limit:`. */
  name: string;
  rule: LimitRule;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** The 429 an attempt past the limit gets (the login limits' message unless given). */
  refusal?: (retryAfterSeconds: number) => AppError;
}

/** One limit of a service of its own (a port it is handed), counted in the shared store as the login limits are. */
export const createLimiter = (options: LimiterOptions): Limiter => {
  const { redis, rule, refusal } = options;
  const base = { keyPrefix: `recell:rate-limit:${options.name}`, points: rule.points, duration: rule.durationSeconds };
  const limiter = redis
    ? new RateLimiterRedis({ ...base, storeClient: redis, rejectIfRedisNotReady: true })
    : new RateLimiterMemory(base);
  return wrap(
    limiter,
    rule,
    options.log,
    refusal ? (msBeforeNext) => refusal(retryAfterSecondsOf(msBeforeNext)) : undefined,
  );
};

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

/** How long a command may wait for Redis's answer: a silent Redis costs a request at most this. */
export const storeCommandTimeoutMs = 1000;

/**
 * The shared store's client: no offline queue, so while Redis is down a command fails at once and
 * the attempt it counts is refused (503) rather than left waiting; a Redis that accepts but does
 * not answer fails a command after `storeCommandTimeoutMs`, and the ones after it at once, until a
 * new connection answers. Waits up to
 * `connectTimeoutMs` for the first connection; warns at most once a minute while Redis cannot be
 * reached.
 */
export const connectLimitStore = async (
  redisUrl: string,
  log: Pick<FastifyBaseLogger, 'warn'> | undefined,
  warning: string,
  connectTimeoutMs = 3000,
): Promise<Redis> => {
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: storeCommandTimeoutMs,
    // A count sent on a connection that was lost may have been made: never send it twice.
    autoResendUnfulfilledCommands: false,
    // Notices a Redis that vanished without closing the connection while the client is idle.
    keepAlive: 10_000,
  });
  // A command that timed out leaves a connection that may never answer again: it is dropped and made
  // anew, and until the new one is ready every command fails at once (no offline queue).
  const sendCommand = redis.sendCommand.bind(redis);
  redis.sendCommand = (command, stream) => {
    const sent = sendCommand(command, stream);
    command.promise.catch((error: unknown) => {
      if (error instanceof Error && error.message === 'Command timed out' && redis.status === 'ready') {
        redis.disconnect(true);
      }
    });
    return sent;
  };
  let lastWarning = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    log?.warn({ err: error }, warning);
  });
  await waitForReady(redis, connectTimeoutMs);
  return redis;
};

/** Closes a store client, whether or not it ever connected. */
export const closeLimitStore = async (redis: Redis | undefined) => {
  if (!redis) return;
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
};

export const createAuthRateLimits = async (options: AuthRateLimitOptions = {}): Promise<AuthRateLimits> => {
  const rules: AuthLimitRules = { ...defaultAuthLimitRules, ...options.rules };
  const prefix = options.keyPrefix ?? 'recell:rate-limit';
  let redis: Redis | undefined = options.redis ?? undefined;
  let ownStore: Redis | undefined;
  if (!redis && options.redisUrl) {
    redis = ownStore = await connectLimitStore(
      options.redisUrl,
      options.log,
      'rate-limit store (Redis) unavailable: login and sign-up answer 503 meanwhile',
      options.connectTimeoutMs,
    );
  }

  const build = (name: keyof AuthLimitRules): Limiter => {
    const rule = rules[name];
    const base = { keyPrefix: `${prefix}:${name}`, points: rule.points, duration: rule.durationSeconds };
    const limiter = redis
      ? new RateLimiterRedis({ ...base, storeClient: redis, rejectIfRedisNotReady: true })
      : new RateLimiterMemory(base);
    return wrap(limiter, rule, options.log);
  };

  return {
    loginPerIp: build('loginPerIp'),
    loginFailuresPerAccountIp: build('loginFailuresPerAccountIp'),
    loginFailuresPerAccount: build('loginFailuresPerAccount'),
    signupPerIp: build('signupPerIp'),
    recoveryPerIp: build('recoveryPerIp'),
    recoveryPerEmailIp: build('recoveryPerEmailIp'),
    recoveryPerEmail: build('recoveryPerEmail'),
    store: redis ? 'redis' : 'memory',
    close: () => closeLimitStore(ownStore),
  };
};

/** A limit that is never refused with an error: the caller takes a cheaper path when it says no. */
export interface SoftLimit {
  /** Counts one for `key`; false when the window is full, or when the store cannot be reached. */
  tryConsume(key: string): Promise<boolean>;
}

/**
 * A soft limit counted in the app's limit store (Redis shared by the replicas, or memory when
 * `store` is null). A store that cannot be reached says no: the caller's cheaper path is safe.
 */
export const createSoftLimit = (store: Redis | null, name: string, rule: LimitRule): SoftLimit => {
  const base = { keyPrefix: `recell:rate-limit:${name}`, points: rule.points, duration: rule.durationSeconds };
  const limiter: RateLimiterAbstract = store
    ? new RateLimiterRedis({ ...base, storeClient: store, rejectIfRedisNotReady: true })
    : new RateLimiterMemory(base);
  return {
    async tryConsume(key) {
      try {
        await limiter.consume(key);
        return true;
      } catch {
        return false;
      }
    },
  };
};
