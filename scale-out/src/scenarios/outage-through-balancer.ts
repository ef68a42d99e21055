/**
 * 10. A PostgreSQL outage through the balancer: the database refuses every connection for a few
 * seconds under load. The replicas answer 503 with Retry-After, their readiness fails, HAProxy
 * takes them all out and answers 503 itself: with the shipped error file (deploy/errors), so every
 * 503 a client sees carries Retry-After and the API's error shape, whoever made it. Afterwards the
 * site serves again by itself.
 */
import { describeFailures, startLoad } from '../lib/load.ts';
import { Client } from '../lib/http.ts';
import { beginScenario, check, figure, sleep, waitUntil } from '../lib/report.ts';
import type { Account, Listing } from '../marketplace.ts';
import type { Topology } from '../topology/topology.ts';

const outageMs = 8000;

export const outageThroughBalancer = async (t: Topology, buyer: Account, phones: Listing[]) => {
  beginScenario(`10. PostgreSQL refuses every connection for ${outageMs / 1000} s, under load through the balancer`);
  const shapes = { balancer: 0, replica: 0, other: 0 };
  const probe = new Client(t.balancer.url);
  const load = startLoad(t.balancer.url, {
    browsers: 6,
    maxMs: 60_000,
    pauseMs: 20,
    paths: [
      ...phones.slice(0, 4).map((phone) => ({ path: `/api/products/${phone.id}` })),
      { path: '/api/me/orders?limit=5', token: buyer.accessToken },
    ],
  });
  await sleep(1000);
  t.network.postgres.down();
  const downAt = performance.now();
  let allOut = false;
  // While it lasts, sample the 503s' bodies: HAProxy's own (no replica ready) and the replicas'.
  while (performance.now() - downAt < outageMs) {
    const reply = await probe.get(`/api/products/${phones[0]!.id}`, { timeoutMs: 10_000 }).catch(() => undefined);
    if (reply?.status === 503) {
      const body = (() => {
        try {
          return reply.json<{ error?: { code?: string } }>();
        } catch {
          return undefined;
        }
      })();
      const isErrorShape = body?.error?.code === 'unavailable' && reply.headers['retry-after'] !== undefined;
      // HAProxy's error file closes the connection; a replica's answer keeps it alive.
      if (!isErrorShape) shapes.other += 1;
      else if (reply.headers.connection === 'close') shapes.balancer += 1;
      else shapes.replica += 1;
    }
    const states = await t.balancer.serverStates().catch(() => ({}) as Record<string, string>);
    allOut ||= Object.values(states).length > 0 && Object.values(states).every((state) => state.startsWith('DOWN'));
    await sleep(100);
  }
  t.network.postgres.up();
  const upAt = performance.now();
  const serving = await waitUntil(
    async () => (await probe.get(`/api/products/${phones[0]!.id}`).catch(() => undefined))?.status === 200,
    30_000,
    250,
  );
  const servingMs = performance.now() - upAt;
  await sleep(1000);
  const result = await load.stop();
  probe.close();

  figure('requests', `${result.requests}, ${result.ok} ok; not ok: ${describeFailures(result)}`);
  figure('503 samples', `${shapes.balancer} from HAProxy, ${shapes.replica} from a replica, ${shapes.other} other`);
  figure('HAProxy had every replica out', allOut ? 'yes' : 'no');
  figure('serving again after the database came back', `${(servingMs / 1000).toFixed(1)} s`);
  check(
    'every 503 carries Retry-After',
    result.unavailableWithoutRetryAfter === 0,
    `${result.unavailableWithoutRetryAfter} without`,
  );
  check('every 503 sampled has the API’s error shape', shapes.other === 0, `${shapes.other} did not`);
  const unexpected = [...result.failures].filter(([status]) => status !== '503');
  check(
    'nothing but 503 while it lasted (no other 5xx, no request without an answer)',
    unexpected.length === 0,
    unexpected.map(([status, n]) => `${status} × ${n}`).join(', '),
  );
  check('the site serves again by itself once the database is back', serving);
  await t.ensureAllServing();
};
