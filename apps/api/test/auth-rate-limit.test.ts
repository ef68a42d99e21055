/**
 * Login and sign-up attempt limits: per IP and per account, 429 with Retry-After and a clear
 * message; counted in memory by default and shared through Redis by several API processes.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages, ErrorBodySchema } from '@recell/contract';
import { AppError } from '../src/errors.ts';
import {
  createAuthRateLimits,
  defaultAuthLimitRules,
  storeUnavailableRetryAfterSeconds,
} from '../src/lib/rate-limit.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { insertPasswordUser, logIn, password, randomIp, signUp, uniqueEmail } from './support/accounts.ts';
import { testRedis } from './support/redis.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const { loginPerIp, loginFailuresPerAccountIp, loginFailuresPerAccount, signupPerIp } = defaultAuthLimitRules;
/** Small limits through the environment, so the tests stay quick (and the variables are proven). */
const limitsEnv = {
  LOGIN_ATTEMPTS_PER_IP: '12',
  LOGIN_FAILURES_PER_ACCOUNT_IP: '4',
  LOGIN_FAILURES_PER_ACCOUNT: '7',
  SIGNUPS_PER_IP: '3',
};
const small = { loginPerIp: 12, loginPerAccount: 4, loginCeiling: 7, signupPerIp: 3 };

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

  it('defaults to 20 logins per IP, 10 failures per account and IP per 15 minutes, 100 per account per hour', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      loginPerIp: 20,
      loginFailuresPerAccountIp: 10,
      loginFailuresPerAccount: 100,
      signupPerIp: 10,
      recoveryPerIp: 20,
      recoveryPerEmailIp: 3,
      recoveryPerEmail: 10,
    });
    // The former variable still sets the strict limit.
    expect(loadConfig({ LOGIN_ATTEMPTS_PER_ACCOUNT: '5' }).rateLimits.loginFailuresPerAccountIp).toBe(5);
    expect(loginPerIp).toEqual({ points: 20, durationSeconds: 900 });
    expect(loginFailuresPerAccountIp).toEqual({ points: 10, durationSeconds: 900 });
    expect(loginFailuresPerAccount).toEqual({ points: 100, durationSeconds: 3600 });
    expect(signupPerIp).toEqual({ points: 10, durationSeconds: 3600 });
  });

  it('stops a guesser at one account from one IP, even with the right password, while the owner gets in from elsewhere', async () => {
    const user = await insertPasswordUser(t.app.db);
    const other = await insertPasswordUser(t.app.db);
    const guesser = randomIp();
    for (let i = 0; i < small.loginPerAccount; i++) {
      expect((await logIn(t, { email: user.email, password: `wrong-${i}` }, guesser)).statusCode).toBe(401);
    }
    expectLimited(
      await logIn(t, { email: user.email.toUpperCase(), password }, guesser),
      loginFailuresPerAccountIp.durationSeconds,
    );
    // The owner, from their own IP, with the right password.
    expect((await logIn(t, { email: user.email, password })).statusCode).toBe(200);
    // The guesser is still refused; another account from the guesser's IP is not affected.
    expect((await logIn(t, { email: user.email, password: 'wrong-password' }, guesser)).statusCode).toBe(429);
    expect((await logIn(t, { email: other.email, password }, guesser)).statusCode).toBe(200);
  });

  it('counts unknown emails too, and a successful login clears the failures from its IP', async () => {
    const email = uniqueEmail('ghost');
    const ip = randomIp();
    for (let i = 0; i < small.loginPerAccount; i++) {
      expect((await logIn(t, { email, password }, ip)).statusCode).toBe(401);
    }
    expect((await logIn(t, { email, password }, ip)).statusCode).toBe(429);

    const user = await insertPasswordUser(t.app.db);
    const own = randomIp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < small.loginPerAccount - 1; i++) {
        expect((await logIn(t, { email: user.email, password: 'wrong-password' }, own)).statusCode).toBe(401);
      }
      expect((await logIn(t, { email: user.email, password }, own)).statusCode).toBe(200);
    }
  });

  it('slows a guesser spread over many IPs: past the account’s ceiling an IP that failed gets no more tries', async () => {
    const user = await insertPasswordUser(t.app.db);
    const ips = [randomIp(), randomIp(), randomIp()];
    let failures = 0;
    // Under the strict limit on each IP, but over the account's ceiling all together.
    for (const ip of ips) {
      for (let i = 0; i < small.loginPerAccount - 1 && failures < small.loginCeiling; i++, failures++) {
        expect((await logIn(t, { email: user.email, password: `wrong-${failures}` }, ip)).statusCode).toBe(401);
      }
    }
    expectLimited(
      await logIn(t, { email: user.email, password: 'wrong-again' }, ips[0]),
      loginFailuresPerAccount.durationSeconds,
    );
    // Even the right password, from an IP that guessed: the ceiling answers before the check.
    expect((await logIn(t, { email: user.email, password }, ips[1])).statusCode).toBe(429);
    // A fresh IP gets one try, then waits too.
    const fresh = randomIp();
    expect((await logIn(t, { email: user.email, password: 'wrong-fresh' }, fresh)).statusCode).toBe(401);
    expect((await logIn(t, { email: user.email, password }, fresh)).statusCode).toBe(429);
    // The owner, from an IP that never failed for the account, still gets in.
    expect((await logIn(t, { email: user.email, password })).statusCode).toBe(200);
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

const { url: redisUrl, hasRedis } = await testRedis();

describe.skipIf(!hasRedis)(`rate limits shared through Redis (${redisUrl})`, () => {
  const runPrefix = `recell-test:${randomUUID()}`;
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
      await a.loginFailuresPerAccount.consume('ann@recell.test');
      await b.loginFailuresPerAccount.consume('ann@recell.test');
      await a.loginFailuresPerAccount.consume('ann@recell.test');
      const refused = await b.loginFailuresPerAccount.consume('ann@recell.test').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ statusCode: 429, code: 'rate_limited' });
      expect(await redis.keys(`${runPrefix}*`)).toEqual([`${runPrefix}:loginFailuresPerAccount:ann@recell.test`]);
      // A reset by one process is seen by the other.
      await b.loginFailuresPerAccount.reset('ann@recell.test');
      await a.loginFailuresPerAccount.consume('ann@recell.test');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('refuses attempts with 503 and Retry-After while Redis cannot be reached (fail closed)', async () => {
    const limits = await createAuthRateLimits({
      redisUrl: 'redis://127.0.0.1:1',
      keyPrefix: runPrefix,
      connectTimeoutMs: 300,
      rules: { signupPerIp: { points: 2, durationSeconds: 60 } },
    });
    try {
      // Not even the first attempt passes: memory counts per replica would multiply the limit.
      const refused = await limits.signupPerIp.consume('10.0.0.1').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({
        statusCode: 503,
        code: 'unavailable',
        message: authMessages.attemptLimitsUnavailable,
        retryAfterSeconds: storeUnavailableRetryAfterSeconds,
      });
      // Clearing a count after a successful login does not turn the login into a failure.
      await expect(limits.loginFailuresPerAccount.reset('ann@recell.test')).resolves.toBeUndefined();
    } finally {
      await limits.close();
    }
  });

  describe('an API instance whose Redis cannot be reached', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ ...limitsEnv, REDIS_URL: 'redis://127.0.0.1:1' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers login and sign-up with a clear 503 and keeps serving', async () => {
      const user = await insertPasswordUser(t.app.db);
      const responses = [
        await logIn(t, { email: user.email, password }),
        await signUp(t, { name: 'Ann', email: uniqueEmail(), password, role: 'user' }),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe(String(storeUnavailableRetryAfterSeconds));
        expect(ErrorBodySchema.parse(response.json())).toEqual({
          error: { code: 'unavailable', message: authMessages.attemptLimitsUnavailable },
        });
      }
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });
  });

  describe('an API instance whose Redis falls silent (connections open, no answers)', () => {
    let t: TestApp;
    let proxy: TcpProxy;
    beforeAll(async () => {
      const target = new URL(redisUrl);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      const throughProxy = new URL(redisUrl);
      throughProxy.hostname = '127.0.0.1';
      throughProxy.port = String(proxy.port);
      t = await createTestApp({ ...limitsEnv, REDIS_URL: throughProxy.toString() });
    });
    afterAll(async () => {
      await t.close();
      await proxy.close();
    });

    const timed = async <T>(run: () => Promise<T>) => {
      const started = performance.now();
      const result = await run();
      return { result, ms: Math.round(performance.now() - started) };
    };

    it('answers a limited request 503 with Retry-After within a second, the next ones at once, and recovers', async () => {
      const user = await insertPasswordUser(t.app.db);
      expect((await logIn(t, { email: user.email, password })).statusCode).toBe(200);

      proxy.freeze({ freezeNew: true });
      const first = await timed(() => logIn(t, { email: user.email, password }));
      const second = await timed(() => logIn(t, { email: user.email, password }));
      const signup = await timed(() => signUp(t, { name: 'Ann', email: uniqueEmail(), password, role: 'user' }));
      console.log(
        `silent Redis: login answered in ${first.ms} ms, the next in ${second.ms} ms, a sign-up in ${signup.ms} ms`,
      );
      for (const { result, ms } of [first, second, signup]) {
        expect(result.statusCode).toBe(503);
        expect(result.headers['retry-after']).toBe(String(storeUnavailableRetryAfterSeconds));
        // The command time-out (1 s), never the length of the silence.
        expect(ms).toBeLessThan(2000);
      }
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      proxy.thaw();
      await vi.waitFor(async () => expect((await logIn(t, { email: user.email, password })).statusCode).toBe(200), {
        timeout: 10_000,
        interval: 250,
      });
    }, 30_000);
  });

  describe('two API instances with one REDIS_URL', () => {
    let a: TestApp;
    let b: TestApp;
    const email = uniqueEmail('shared');
    const ip = randomIp();
    beforeAll(async () => {
      [a, b] = await Promise.all([
        createTestApp({ ...limitsEnv, REDIS_URL: redisUrl }),
        createTestApp({ ...limitsEnv, REDIS_URL: redisUrl }),
      ]);
    });
    afterAll(async () => {
      await Promise.all([a.close(), b.close()]);
      await redis.del(
        `recell:rate-limit:loginFailuresPerAccountIp:${email} ${ip}`,
        `recell:rate-limit:loginFailuresPerAccount:${email}`,
        `recell:rate-limit:loginPerIp:${ip}`,
      );
    });

    it('share the login failure limits of an account', async () => {
      // One client whose attempts the balancer spreads over both replicas.
      for (let i = 0; i < small.loginPerAccount; i++) {
        expect((await logIn(i % 2 === 0 ? a : b, { email, password }, ip)).statusCode).toBe(401);
      }
      expect((await logIn(a, { email, password }, ip)).statusCode).toBe(429);
      expect((await logIn(b, { email, password }, ip)).statusCode).toBe(429);
      expect(
        Number(await redis.get(`recell:rate-limit:loginFailuresPerAccountIp:${email} ${ip}`)),
      ).toBeGreaterThanOrEqual(small.loginPerAccount);
      expect(Number(await redis.get(`recell:rate-limit:loginFailuresPerAccount:${email}`))).toBeGreaterThanOrEqual(
        small.loginPerAccount,
      );
    });
  });
});
