/**
 * 6. PostgreSQL backends terminated under load: the suite's database loses every connection of
 * every replica a few times (pg_terminate_backend). The replicas stay up and recover by
 * themselves; a request caught by the fault may get 503, never another 5xx; /readyz says 503
 * while the database cannot be reached, or recovers quickly.
 */
import { describeFailures, startLoad } from '../lib/load.ts';
import { send } from '../lib/http.ts';
import { beginScenario, check, figure, latencies, sleep, waitUntil } from '../lib/report.ts';
import type { Account, Listing } from '../marketplace.ts';
import type { Topology } from '../topology/topology.ts';

const faults = 3;

export const databaseFaults = async (t: Topology, buyer: Account, phones: Listing[]) => {
  beginScenario(`6. PostgreSQL backends of the replicas terminated ${faults} times under load`);
  const exitsBefore = t.replicas.map((replica) => replica.exits.length);
  // Requests that reach the database: a phone's page, My Orders (a signed-in user), a category.
  const load = startLoad(t.balancer.url, {
    browsers: 6,
    maxMs: 120_000,
    paths: [
      ...phones.slice(0, 4).map((phone) => ({ path: `/api/products/${phone.id}` })),
      { path: '/api/me/orders?limit=5', token: buyer.accessToken },
      { path: '/api/categories/2/products?limit=10&sort=price_asc' },
    ],
  });
  // Readiness of each replica every 100 ms, straight to it.
  let polling = true;
  const readiness = t.replicas.map((replica) => {
    const seen = { replica: replica.name, ok: 0, unavailable: 0, other: new Map<string, number>(), lastNotOk: 0 };
    const done = (async () => {
      while (polling) {
        const status = await send(`${replica.url}/readyz`, { timeoutMs: 3000 }).then(
          (reply) => String(reply.status),
          (error: unknown) => (error as { code?: string }).code ?? 'error',
        );
        if (status === '200') seen.ok += 1;
        else {
          seen.lastNotOk = performance.now();
          if (status === '503') seen.unavailable += 1;
          else seen.other.set(status, (seen.other.get(status) ?? 0) + 1);
        }
        await sleep(100);
      }
    })();
    return { seen, done };
  });

  await sleep(1500);
  const terminated: number[] = [];
  let lastFault = 0;
  for (let round = 0; round < faults; round++) {
    const rows = await t.postgres.query<{ terminated: boolean }>(
      `select pg_terminate_backend(pid) as terminated from pg_stat_activity
       where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      [t.postgres.name],
    );
    terminated.push(rows.filter((row) => row.terminated).length);
    lastFault = performance.now();
    await sleep(2000);
  }
  figure('backends terminated per round', terminated.join(', '));
  await sleep(2000);
  const result = await load.stop();
  polling = false;
  await Promise.all(readiness.map((r) => r.done));

  figure('requests under the faults', `${result.requests}, ${result.ok} ok; not ok: ${describeFailures(result)}`);
  figure('latency', latencies(result.latencies));
  for (const sample of result.samples) console.log(`    ${sample}`);
  for (const { seen } of readiness) {
    const recovered =
      seen.lastNotOk > lastFault
        ? `${((seen.lastNotOk - lastFault) / 1000).toFixed(1)} s after the last fault`
        : 'before the last fault ended';
    figure(
      `${seen.replica} /readyz`,
      `${seen.ok} × 200, ${seen.unavailable} × 503, other ${[...seen.other].map(([s, n]) => `${s} × ${n}`).join(', ') || 'none'}; last not-ready ${seen.lastNotOk ? recovered : 'never'}`,
    );
  }
  const serverErrors = [...result.failures].filter(([status]) => status !== '503');
  check(
    'no 5xx other than 503 and no request without an answer',
    serverErrors.length === 0,
    serverErrors.map(([status, count]) => `${status} × ${count}`).join(', '),
  );
  check(
    'every 503 says when to retry (Retry-After)',
    result.unavailableWithoutRetryAfter === 0,
    `${result.unavailableWithoutRetryAfter} without Retry-After`,
  );
  check(
    'readiness never failed in another way than 503 (the replica answered throughout)',
    readiness.every(({ seen }) => seen.other.size === 0),
    readiness
      .map(({ seen }) => `${seen.replica}: ${[...seen.other].map(([s, n]) => `${s} × ${n}`).join(', ') || 'ok'}`)
      .join('; '),
  );
  const exited = t.replicas.filter((replica, i) => replica.exits.length > exitsBefore[i]!);
  check(
    'every replica is still running (none exited on the lost connections)',
    exited.length === 0,
    exited.map((replica) => `${replica.name}: ${replica.process?.tail(8)}`).join('\n'),
  );
  for (const replica of t.replicas) {
    const recovered = await waitUntil(
      async () =>
        replica.isRunning &&
        (await send(`${replica.url}/readyz`)).status === 200 &&
        (await send(`${replica.url}/api/products/${phones[0]!.id}`)).status === 200,
      15_000,
    );
    check(`${replica.name} serves 200 again by itself`, recovered, recovered ? '' : `running ${replica.isRunning}`);
  }
};
