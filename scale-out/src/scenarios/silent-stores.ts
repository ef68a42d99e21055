/**
 * 7. A store that falls silent: its open connections stay open but answer nothing (a frozen
 * PostgreSQL primary after a failover, where new connections would work; a Redis that stopped
 * answering). The replicas must notice by themselves: PostgreSQL's silent connections are given up
 * on after the query time-out and the site serves again, well within 30 s, without anyone resetting
 * a socket; a silent Redis costs a limited request at most the command time-out (1 s), answered 503
 * with Retry-After.
 */
import { describeFailures, startLoad } from '../lib/load.ts';
import { Client, NetworkError } from '../lib/http.ts';
import { beginScenario, check, figure, latencies, sleep } from '../lib/report.ts';
import { password, type Account, type Listing } from '../marketplace.ts';
import type { Topology } from '../topology/topology.ts';

/** What the site promises: serving again this soon after the primary fell silent. */
const serveAgainWithinMs = 30_000;

export const silentPostgres = async (t: Topology, buyer: Account, phones: Listing[]) => {
  beginScenario('7. PostgreSQL falls silent under load (open connections answer nothing, new ones work)');
  const load = startLoad(t.balancer.url, {
    browsers: 6,
    maxMs: 120_000,
    // Longer than the replicas' query time-out (17 s) and the balancer's server time-out (30 s).
    timeoutMs: 45_000,
    paths: [
      ...phones.slice(0, 4).map((phone) => ({ path: `/api/products/${phone.id}` })),
      { path: '/api/me/orders?limit=5', token: buyer.accessToken },
      { path: '/api/categories/2/products?limit=10&sort=price_asc' },
    ],
  });
  await sleep(1500);
  const probe = new Client(t.balancer.url);
  t.network.postgres.freeze();
  const frozenAt = performance.now();
  figure('connections frozen', t.network.postgres.connections);
  // Serving again: five answers in a row that needed the database (a signed-in read: never cached).
  let inARow = 0;
  let servingAgainMs: number | undefined;
  while (performance.now() - frozenAt < 60_000) {
    const ok = await probe
      .get('/api/me/orders?limit=5', { token: buyer.accessToken, timeoutMs: 45_000 })
      .then((reply) => reply.status === 200)
      .catch(() => false);
    inARow = ok ? inARow + 1 : 0;
    if (inARow === 5) {
      servingAgainMs = performance.now() - frozenAt;
      break;
    }
    await sleep(ok ? 50 : 250);
  }
  await sleep(2000);
  const result = await load.stop();
  probe.close();
  // The frozen connections are gone by now; thawing drops whatever is left of them.
  t.network.postgres.thaw();

  figure(
    'serving again after',
    servingAgainMs === undefined ? 'not within 60 s' : `${(servingAgainMs / 1000).toFixed(1)} s`,
  );
  figure('requests under the fault', `${result.requests}, ${result.ok} ok; not ok: ${describeFailures(result)}`);
  figure('latency', latencies(result.latencies));
  for (const sample of result.samples) console.log(`    ${sample}`);
  check(
    `the site serves again by itself within ${serveAgainWithinMs / 1000} s`,
    servingAgainMs !== undefined && servingAgainMs <= serveAgainWithinMs,
    servingAgainMs === undefined ? 'never' : `${(servingAgainMs / 1000).toFixed(1)} s`,
  );
  const unexpected = [...result.failures].filter(([status]) => !['503', '504'].includes(status));
  check(
    'every request got an answer: 2xx, or 503/504 from the replica or the balancer',
    unexpected.length === 0,
    unexpected.map(([status, count]) => `${status} × ${count}`).join(', '),
  );
  check(
    'every 503 says when to retry (Retry-After)',
    result.unavailableWithoutRetryAfter === 0,
    `${result.unavailableWithoutRetryAfter} without Retry-After`,
  );
};

export const silentRedis = async (t: Topology, buyer: Account) => {
  beginScenario('8. Redis falls silent (connections open, no answers): limited requests answer at once');
  const client = new Client(t.balancer.url);
  const wrongPassword = () =>
    client.post('/api/auth/login', { body: { email: buyer.email, password: `${password}-wrong` }, timeoutMs: 20_000 });
  const before = await wrongPassword();
  figure('a wrong password before', before.status);
  t.network.redis.freeze({ freezeNew: true });
  const answers: Array<{ status: number | string; ms: number; retryAfter: boolean }> = [];
  const started = performance.now();
  while (performance.now() - started < 6000) {
    const asked = performance.now();
    const answer = await wrongPassword().then(
      (reply) => ({ status: reply.status, retryAfter: reply.headers['retry-after'] !== undefined }),
      (error: unknown) => ({ status: error instanceof NetworkError ? error.code : 'error', retryAfter: false }),
    );
    answers.push({ ...answer, ms: performance.now() - asked });
  }
  t.network.redis.thaw();
  const longest = Math.max(...answers.map((answer) => answer.ms));
  const byStatus = new Map<string, number>();
  for (const answer of answers) byStatus.set(String(answer.status), (byStatus.get(String(answer.status)) ?? 0) + 1);
  figure('logins while Redis was silent', [...byStatus].map(([status, n]) => `${status} × ${n}`).join(', '));
  figure('longest answer', `${Math.round(longest)} ms`);
  figure('latency', latencies(answers.map((answer) => answer.ms)));
  check(
    'each answered 503 with Retry-After',
    answers.every((answer) => answer.status === 503 && answer.retryAfter),
    [...byStatus].map(([status, n]) => `${status} × ${n}`).join(', '),
  );
  check('none waited past the command time-out (1 s, with a margin)', longest < 1500, `${Math.round(longest)} ms`);
  let recovered = false;
  const thawedAt = performance.now();
  while (!recovered && performance.now() - thawedAt < 15_000) {
    recovered = (await wrongPassword().catch(() => undefined))?.status === 401;
    if (!recovered) await sleep(250);
  }
  figure('login limits back after', `${((performance.now() - thawedAt) / 1000).toFixed(1)} s`);
  check('once Redis answers again, logins are judged again (401 for a wrong password)', recovered);
  client.close();
};
