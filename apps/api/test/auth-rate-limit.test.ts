/**
 * Login and sign-up attempt limits: per IP and per account, 429 with Retry-After and a clear
 * message; counted in memory by default and shared through Redis by several API processes.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, ErrorBodySchema } from '@recell/contract';
import { AppError } from '../src/errors.ts';
import { createAuthRateLimits, defaultAuthLimitRules } from '../src/lib/rate-limit.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { insertPasswordUser, logIn, password, randomIp, signUp, uniqueEmail } from './support/accounts.ts';

const { loginPerIp, loginFailuresPerAccount, signupPerIp } = defaultAuthLimitRules;
/** Small limits through the environment, so the tests stay quick (and the variables are proven). */
const limitsEnv = { LOGIN_ATTEMPTS_PER_IP: '6', LOGIN_ATTEMPTS_PER_ACCOUNT: '4', SIGNUPS_PER_IP: '3' };
const small = { loginPerIp: 6, loginPerAccount: 4, signupPerIp: 3 };

const expectLimited = (response: Awaited<ReturnType<typeof logIn>>, windowSeconds: number) => {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(windowSeconds - 30);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(ErrorBodySchema.parse(response.json())).toEqual({
    error: { code: 'rate_limited', message: authMessages.tooManyAttempts(retryAfter) },
  });
  expect(authMessages.tooManyAttempts(retryAfter)).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
};

describe('rate limits, counted in memory (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(limitsEnv);
  });
  afterAll(() => t.close());

  it('defaults to 20 logins per IP and 10 per account per 15 minutes, 10 sign-ups per IP per hour', () => {
    expect(loadConfig({}).rateLimits).toEqual({ loginPerIp: 20, loginPerAccount: 10, signupPerIp: 10 });
    expect(loginPerIp).toEqual({ points: 20, durationSeconds: 900 });
    expect(loginFailuresPerAccount).toEqual({ points: 10, durationSeconds: 900 });
    expect(signupPerIp).toEqual({ points: 10, durationSeconds: 3600 });
  });

  it('stops logins to one account after its failures, from any IP, even with the right password', async () => {
    const user = await insertPasswordUser(t.app.db);
    const other = await insertPasswordUser(t.app.db);
    for (let i = 0; i < small.loginPerAccount; i++) {
      expect((await logIn(t, { email: user.email, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    expectLimited(
      await logIn(t, { email: user.email.toUpperCase(), password }),
      loginFailuresPerAccount.durationSeconds,
    );
    // Another account is not affected.
    expect((await logIn(t, { email: other.email, password })).statusCode).toBe(200);
  });

  it('counts unknown emails too, and a successful login clears the account’s failures', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < small.loginPerAccount; i++) {
      expect((await logIn(t, { email, password })).statusCode).toBe(401);
    }
    expect((await logIn(t, { email, password })).statusCode).toBe(429);

    const user = await insertPasswordUser(t.app.db);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < small.loginPerAccount - 1; i++) {
        expect((await logIn(t, { email: user.email, password: 'wrong-password' })).statusCode).toBe(401);
      }
      expect((await logIn(t, { email: user.email, password })).statusCode).toBe(200);
    }
  });

  it('stops login attempts from one IP, whatever the accounts, before reading the body', async () => {
    const ip = randomIp();
    for (let i = 0; i < small.loginPerIp; i++) {
      expect((await logIn(t, { email: uniqueEmail('spray'), password }, ip)).statusCode).toBe(401);
    }
    const user = await insertPasswordUser(t.app.db);
    expectLimited(await logIn(t, { email: user.email, password }, ip), loginPerIp.durationSeconds);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(garbage.statusCode).toBe(429);
    // Someone else, elsewhere, logs in fine.
    expect((await logIn(t, { email: user.email, password })).statusCode).toBe(200);
  });

  it('stops sign-ups from one IP for an hour', async () => {
    const ip = randomIp();
    for (let i = 0; i < small.signupPerIp; i++) {
      expect((await signUp(t, {}, { image: null, remoteAddress: ip })).statusCode).toBe(400);
    }
    const response = await signUp(
      t,
      { name: 'Late', email: uniqueEmail(), password, role: 'user' },
      { remoteAddress: ip },
    );
    expectLimited(response, signupPerIp.durationSeconds);
    expect((await signUp(t, { name: 'Elsewhere', email: uniqueEmail(), password, role: 'user' })).statusCode).toBe(201);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = new Redis(redisUrl, {
  lazyConnect: true,
  connectTimeout: 1000,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
const hasRedis = await probe.connect().then(
  () => true,
  () => false,
);
probe.disconnect();
if (!hasRedis && process.env.CI) throw new Error(`Redis is not reachable at ${redisUrl} (set TEST_REDIS_URL)`);

describe.skipIf(!hasRedis)(`rate limits shared through Redis (${redisUrl})`, () => {
  const runPrefix = `recell-test:${randomUUID()}`;
  const reply = () => ({ header: () => undefined }) as unknown as FastifyReply;
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    // Leave nothing behind: every key this run wrote has its prefix.
    const keys = await redis.keys(`${runPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('two processes count against one limit', async () => {
    const rules = { loginFailuresPerAccount: { points: 3, durationSeconds: 60 } };
    const [a, b] = await Promise.all([
      createAuthRateLimits({ redisUrl, keyPrefix: runPrefix, rules }),
      createAuthRateLimits({ redisUrl, keyPrefix: runPrefix, rules }),
    ]);
    try {
      expect([a.store, b.store]).toEqual(['redis', 'redis']);
      await a.loginFailuresPerAccount.consume('ann@recell.test', reply());
      await b.loginFailuresPerAccount.consume('ann@recell.test', reply());
      await a.loginFailuresPerAccount.consume('ann@recell.test', reply());
      const refused = await b.loginFailuresPerAccount
        .consume('ann@recell.test', reply())
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ statusCode: 429, code: 'rate_limited' });
      expect(await redis.keys(`${runPrefix}*`)).toEqual([`${runPrefix}:loginFailuresPerAccount:ann@recell.test`]);
      // A reset by one process is seen by the other.
      await b.loginFailuresPerAccount.reset('ann@recell.test');
      await a.loginFailuresPerAccount.consume('ann@recell.test', reply());
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps limiting in memory while Redis cannot be reached', async () => {
    const limits = await createAuthRateLimits({
      redisUrl: 'redis://127.0.0.1:1',
      keyPrefix: runPrefix,
      connectTimeoutMs: 300,
      rules: { signupPerIp: { points: 2, durationSeconds: 60 } },
    });
    try {
      await limits.signupPerIp.consume('10.0.0.1', reply());
      await limits.signupPerIp.consume('10.0.0.1', reply());
      await expect(limits.signupPerIp.consume('10.0.0.1', reply())).rejects.toMatchObject({ statusCode: 429 });
    } finally {
      await limits.close();
    }
  });

  describe('two API instances with one REDIS_URL', () => {
    let a: TestApp;
    let b: TestApp;
    const email = uniqueEmail('shared');
    const ips = [randomIp(), randomIp()];
    beforeAll(async () => {
      [a, b] = await Promise.all([
        createTestApp({ ...limitsEnv, REDIS_URL: redisUrl }),
        createTestApp({ ...limitsEnv, REDIS_URL: redisUrl }),
      ]);
    });
    afterAll(async () => {
      await Promise.all([a.close(), b.close()]);
      await redis.del(
        `recell:rate-limit:loginFailuresPerAccount:${email}`,
        ...ips.map((ip) => `recell:rate-limit:loginPerIp:${ip}`),
      );
    });

    it('share the per-account login limit', async () => {
      for (let i = 0; i < small.loginPerAccount; i++) {
        const [app, ip] = i % 2 === 0 ? [a, ips[0]] : [b, ips[1]];
        expect((await logIn(app, { email, password }, ip)).statusCode).toBe(401);
      }
      expect((await logIn(a, { email, password }, ips[0])).statusCode).toBe(429);
      expect((await logIn(b, { email, password }, ips[1])).statusCode).toBe(429);
      expect(Number(await redis.get(`recell:rate-limit:loginFailuresPerAccount:${email}`))).toBeGreaterThanOrEqual(
        small.loginPerAccount,
      );
    });
  });
});
