/**
 * 5. Sessions across replicas, called directly (no balancer): a session made on one replica
 * refreshes on another; two refreshes at once with one cookie both succeed (the grace window);
 * a refresh token used again after its successor was used is caught by another replica and ends
 * the family; the per-account login limit is counted in Redis by all replicas; and a replica that
 * cannot reach Redis refuses logins with a clear 503 and keeps serving everything else.
 */
import { authMessages } from '@recell/contract';
import { Client, freePort, messageOf, type Reply } from '../lib/http.ts';
import { beginScenario, check, figure } from '../lib/report.ts';
import { password, refreshCookieOf, signUp } from '../marketplace.ts';
import { loginAttemptsPerAccount } from '../topology/replicas.ts';
import type { Topology } from '../topology/topology.ts';

const refresh = (client: Client, token: string) =>
  client.post('/api/auth/refresh', { headers: { cookie: `recell_refresh=${token}` } });

const login = (client: Client, email: string, secret: string) =>
  client.post('/api/auth/login', { body: { email, password: secret } });

const said = (reply: Reply) => `${reply.status} ${reply.status >= 400 ? messageOf(reply) : ''}`.trim();

export const sessions = async (t: Topology) => {
  beginScenario('5. Sessions, refresh-token reuse and the login limit across replicas; Redis unreachable');
  const [a, b, c] = t.replicas.map((replica) => new Client(replica.url));
  if (!a || !b || !c) throw new Error('three replicas are needed');
  try {
    const account = await signUp(a, 'user', 'Session Holder');
    const first = account.refreshToken;
    const onB = await refresh(b, first);
    const second = refreshCookieOf(onB);
    check(
      `a session made on ${t.replicas[0]!.name} refreshes on ${t.replicas[1]!.name}`,
      onB.status === 200 && Boolean(second),
      said(onB),
    );
    const me = await c.get('/api/me', { token: onB.json<{ accessToken: string }>().accessToken });
    check(`its new access token works on ${t.replicas[2]!.name}`, me.status === 200, said(me));
    const onC = await refresh(c, second ?? '');
    const third = refreshCookieOf(onC);
    check(`and refreshes again on ${t.replicas[2]!.name}`, onC.status === 200 && Boolean(third), said(onC));

    // The first token, rotated twice since: a stolen copy.
    const reused = await refresh(a, first);
    check(`reuse of a rotated refresh token is refused on ${t.replicas[0]!.name}`, reused.status === 401, said(reused));
    const latest = await refresh(b, third ?? '');
    check(
      'the reuse ended the whole family: the newest token no longer refreshes',
      latest.status === 401,
      said(latest),
    );

    // Two tabs (or a retry after a lost answer) refresh with the same cookie on two replicas at once.
    const tabs = await signUp(a, 'user', 'Two Tabs');
    const both = await Promise.all([refresh(b, tabs.refreshToken), refresh(c, tabs.refreshToken)]);
    const successors = new Set(both.map(refreshCookieOf));
    const next = await refresh(a, refreshCookieOf(both[0]!) ?? '');
    figure('two refreshes at once with one cookie', `${both.map(said).join(' / ')}; then ${said(next)}`);
    check(
      `two refreshes at once with one cookie (${t.replicas[1]!.name} and ${t.replicas[2]!.name}) both succeed with the same successor and the session goes on`,
      both.every((reply) => reply.status === 200) && successors.size === 1 && next.status === 200,
      `${both.map(said).join(' / ')}, ${successors.size} distinct successors, then ${said(next)}`,
    );

    // Wrong passwords spread over the replicas: the limit is one count in Redis.
    const target = await signUp(b, 'user', 'Guessed At');
    const statuses: number[] = [];
    let limited: Reply | undefined;
    for (let attempt = 0; attempt < loginAttemptsPerAccount + 2; attempt++) {
      const reply = await login([a, b, c][attempt % 3]!, target.email, 'not-the-password');
      statuses.push(reply.status);
      if (reply.status === 429) limited ??= reply;
    }
    figure(
      `wrong-password logins over ${t.replicas.map((r) => r.name).join(', ')} (limit ${loginAttemptsPerAccount})`,
      statuses.join(' '),
    );
    const expected = [...Array<number>(loginAttemptsPerAccount).fill(401), 429, 429];
    check(
      `the login limit is shared: attempt ${loginAttemptsPerAccount + 1} gets 429 whichever replica answers`,
      statuses.join(' ') === expected.join(' ') && Boolean(limited?.headers['retry-after']),
      `statuses ${statuses.join(' ')}, Retry-After ${limited?.headers['retry-after'] ?? 'missing'}`,
    );

    // Redis unreachable for one replica: its REDIS_URL points at a port nobody listens on.
    const replica = t.replicas[2]!;
    await replica.terminate();
    const closedPort = await freePort();
    await replica.start({ REDIS_URL: `redis://127.0.0.1:${closedPort}/0` });
    await replica.waitReady(90_000);
    const refused = await login(c, account.email, password);
    figure(
      `login on ${replica.name} without Redis`,
      `${said(refused)} (Retry-After ${refused.headers['retry-after'] ?? 'missing'})`,
    );
    check(
      'with Redis unreachable a login answers a clear 503 with Retry-After (fail closed)',
      refused.status === 503 &&
        Boolean(refused.headers['retry-after']) &&
        messageOf(refused) === authMessages.attemptLimitsUnavailable,
      said(refused),
    );
    const signup = await signUp(c, 'user', 'No Redis').then(
      () => 'signed up',
      (error: unknown) => String(error),
    );
    figure(`sign-up on ${replica.name} without Redis`, signup);
    const browse = await c.get('/api/categories');
    const health = await c.get('/healthz');
    check(
      `${replica.name} keeps serving everything else and does not crash`,
      browse.status === 200 && health.status === 200 && replica.isRunning,
      `categories ${browse.status}, healthz ${health.status}, running ${replica.isRunning}`,
    );
    await replica.terminate();
    await replica.start();
    await t.ensureAllServing();
  } finally {
    for (const client of [a, b, c]) client.close();
  }
};
