import { refreshLockName, sessionTiming } from '@recell/contract';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiError, mockApi, noContent } from '@/test/api-mock';
import { deferred, jsonResponse, makeSession } from '@/test/fixtures';
import {
  getAccessToken,
  getSessionState,
  logout,
  onLogout,
  refreshSession,
  setSession,
  startSession,
  subscribeSession,
} from './session';

const minutes = (n: number) => n * 60_000;

describe('the session', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is loading until the refresh answers, then signed in with the user', async () => {
    const session = makeSession({ name: 'Ada Buyer' });
    const { callsTo } = mockApi({ 'POST /api/auth/refresh': () => jsonResponse(session) });

    expect(getSessionState().status).toBe('loading');
    startSession();
    startSession(); // once per page
    await vi.advanceTimersByTimeAsync(0);

    expect(getSessionState()).toEqual({ status: 'signedIn', user: session.user });
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);
    await expect(getAccessToken()).resolves.toBe(session.accessToken);
  });

  it('is signed out when the refresh cookie names no session', async () => {
    mockApi({ 'POST /api/auth/refresh': () => apiError(401, 'unauthorized', 'Your session has ended.') });
    const states: string[] = [];
    subscribeSession(() => states.push(getSessionState().status));

    startSession();
    await vi.advanceTimersByTimeAsync(0);

    expect(states).toEqual(['signedOut']);
    await expect(getAccessToken()).resolves.toBeNull();
  });

  it('is signed out, with no retry, when the API answers 204 (no refresh cookie was sent)', async () => {
    const { callsTo } = mockApi({ 'POST /api/auth/refresh': () => noContent() });
    const states: string[] = [];
    subscribeSession(() => states.push(getSessionState().status));

    startSession();
    await vi.advanceTimersByTimeAsync(minutes(60));

    expect(states).toEqual(['signedOut']);
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);
    await expect(getAccessToken()).resolves.toBeNull();
  });

  it('refreshes the token 5 minutes before it expires, on the server clock', async () => {
    // This machine's clock is 20 minutes ahead of the server's: the token still lives 15 minutes.
    // (a whole second: the Date header has no milliseconds)
    const serverNow = Math.floor((Date.now() - minutes(20)) / 1000) * 1000;
    const answer = () => jsonResponse({ ...makeSession(), expiresAt: new Date(serverNow + minutes(15)).toISOString() });
    const { callsTo } = mockApi({
      'POST /api/auth/refresh': () => {
        const response = answer();
        response.headers.set('Date', new Date(serverNow).toUTCString());
        return response;
      },
    });

    startSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(minutes(10) - 1_000);
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(2);
  });

  it('counts the token as expired 30 s before its expiry and refreshes it before handing it out', async () => {
    const first = makeSession();
    const second = makeSession();
    const refresh = vi.fn().mockReturnValueOnce(jsonResponse(first)).mockReturnValue(jsonResponse(second));
    mockApi({ 'POST /api/auth/refresh': refresh });
    startSession();
    await vi.advanceTimersByTimeAsync(0);

    // the proactive refresh did not run (a sleeping laptop): 14 min 29 s later the token is still fine…
    vi.setSystemTime(Date.now() + minutes(15) - sessionTiming.expirySkewMs - 1_000);
    await expect(getAccessToken()).resolves.toBe(first.accessToken);
    // …a second later it counts as expired
    vi.setSystemTime(Date.now() + 1_000);
    await expect(getAccessToken()).resolves.toBe(second.accessToken);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('after a network failure retries after 30 s, doubling up to 16 minutes, and keeps the token meanwhile', async () => {
    const session = makeSession({}, { ttlMs: minutes(60) });
    const callTimes: number[] = [];
    let isOnline = true;
    mockApi({
      'POST /api/auth/refresh': () => {
        callTimes.push(Date.now());
        if (!isOnline) throw new TypeError('Failed to fetch');
        return jsonResponse(session);
      },
    });
    startSession();
    await vi.advanceTimersByTimeAsync(0);

    isOnline = false;
    await vi.advanceTimersByTimeAsync(minutes(55)); // the proactive refresh fails
    await vi.advanceTimersByTimeAsync(minutes(60));

    // callTimes: the start, the failed proactive refresh at 55 min, then the retries
    expect(callTimes[1]! - callTimes[0]!).toBe(minutes(55));
    const retryGaps = callTimes.slice(2).map((time, i) => (time - callTimes[i + 1]!) / 1000);
    expect(retryGaps.slice(0, 7)).toEqual([30, 60, 120, 240, 480, 960, 960]);
    expect(getSessionState().status).toBe('signedIn');
  });

  it('counts as signed out when the first refresh gets no answer, and signs in when a retry gets one', async () => {
    const session = makeSession();
    const refresh = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockReturnValue(jsonResponse(session));
    mockApi({ 'POST /api/auth/refresh': refresh });

    startSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(getSessionState().status).toBe('signedOut');

    await vi.advanceTimersByTimeAsync(sessionTiming.retryBaseMs);
    expect(getSessionState()).toEqual({ status: 'signedIn', user: session.user });
  });

  it('sends one refresh for concurrent callers, holding the cross-tab lock while it runs', async () => {
    const session = makeSession();
    const { callsTo } = mockApi({ 'POST /api/auth/refresh': () => jsonResponse(session) });
    const lockNames: string[] = [];
    const locks = {
      request: async (name: string, callback: () => Promise<unknown>) => {
        lockNames.push(name);
        return callback();
      },
    };
    // jsdom has no Web Locks: lend the real navigator one for this test.
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'locks');
    });

    const results = await Promise.all([refreshSession(), refreshSession(), refreshSession()]);

    expect(results).toEqual(['ok', 'ok', 'ok']);
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(lockNames).toEqual([refreshLockName]);
  });

  it('ignores a refresh answer that arrives after a login', async () => {
    const answer = deferred<Response>();
    mockApi({ 'POST /api/auth/refresh': () => answer.promise });
    startSession();

    const login = makeSession({ name: 'Just Logged In' });
    setSession(login);
    answer.resolve(apiError(401, 'unauthorized', 'Your session has ended.'));
    await vi.advanceTimersByTimeAsync(0);

    expect(getSessionState()).toEqual({ status: 'signedIn', user: login.user });
    await expect(getAccessToken()).resolves.toBe(login.accessToken);
  });

  it('logs out: forgets the token, ends the session on the server and runs the logout listeners', async () => {
    const { callsTo } = mockApi({ 'POST /api/auth/logout': noContent });
    setSession(makeSession());
    const listener = vi.fn();
    onLogout(listener);

    await logout();

    expect(getSessionState().status).toBe('signedOut');
    await expect(getAccessToken()).resolves.toBeNull();
    expect(callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(listener).toHaveBeenCalledOnce();
    // no refresh is left scheduled
    await vi.advanceTimersByTimeAsync(minutes(30));
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(0);
  });
});
