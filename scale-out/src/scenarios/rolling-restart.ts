/**
 * 4. Rolling restart under keep-alive browse load through the balancer: each replica in turn gets
 * SIGTERM (readiness turns 503, HAProxy moves traffic away during the drain delay, idle
 * connections close), exits 0, starts again and is back in rotation before the next one goes.
 */
import { send } from '../lib/http.ts';
import { describeFailures, startLoad } from '../lib/load.ts';
import { describeExit } from '../lib/processes.ts';
import { beginScenario, check, figure, latencies, sleep } from '../lib/report.ts';
import type { Listing } from '../marketplace.ts';
import { shutdownDrainMs, shutdownGraceMs } from '../topology/replicas.ts';
import type { Topology } from '../topology/topology.ts';

export const rollingRestart = async (t: Topology, phones: Listing[]) => {
  beginScenario('4. Rolling restart (SIGTERM each replica in turn) under keep-alive browse load');
  const load = startLoad(t.balancer.url, {
    browsers: 8,
    maxMs: 180_000,
    paths: [
      { path: '/api/categories' },
      { path: '/api/categories/1/products?limit=20' },
      ...phones.slice(0, 6).map((phone) => ({ path: `/api/products/${phone.id}` })),
      { path: '/api/advertised' },
    ],
  });
  const countersBefore = await t.balancer.backendCounters();
  await sleep(1500);
  for (const replica of t.replicas) {
    const at = performance.now();
    // Straight to the replica while it shuts down: how long /readyz said 503 before it stopped answering.
    let draining = true;
    let notReadyFor = 0;
    const watchReadiness = (async () => {
      let firstNotReady = 0;
      while (draining) {
        const status = await send(`${replica.url}/readyz`, { timeoutMs: 1000 }).then(
          (reply) => reply.status,
          () => 0,
        );
        if (status === 503 && firstNotReady === 0) firstNotReady = performance.now();
        if (status === 0) break;
        if (firstNotReady) notReadyFor = (performance.now() - firstNotReady) / 1000;
        await sleep(50);
      }
    })();
    const exit = await replica.terminate();
    draining = false;
    await watchReadiness;
    const seconds = (performance.now() - at) / 1000;
    figure(`${replica.name} /readyz answered 503 for`, `${notReadyFor.toFixed(2)} s before the listener closed`);
    check(
      `${replica.name} turned readiness off before closing (a drain the balancer can see)`,
      notReadyFor >= 0.5,
      `${notReadyFor.toFixed(2)} s of 503 (drain ${shutdownDrainMs / 1000} s, HAProxy needs about 1 s)`,
    );
    figure(
      `${replica.name} exit`,
      exit ? `${describeExit(exit)} after ${seconds.toFixed(2)} s (grace ${shutdownGraceMs / 1000} s)` : 'not running',
    );
    check(
      `${replica.name} exits 0 well inside its grace time`,
      exit?.code === 0 && seconds < shutdownGraceMs / 1000 / 2,
      exit
        ? `${describeExit(exit)} after ${seconds.toFixed(2)} s${exit.code === 0 ? '' : `\n${replica.process?.tail(10)}`}`
        : 'not running',
    );
    const restarted = performance.now();
    await replica.start();
    await replica.waitReady(90_000);
    await t.balancer.waitAllUp(t.replicas.map((r) => r.name));
    figure(`${replica.name} back in rotation after`, `${((performance.now() - restarted) / 1000).toFixed(1)} s`);
  }
  await sleep(1000);
  const result = await load.stop();
  figure('browse requests', `${result.requests}, ${result.ok} ok; failures: ${describeFailures(result)}`);
  figure('latency', latencies(result.latencies));
  const counters = await t.balancer.backendCounters();
  figure(
    'HAProxy meanwhile',
    `${counters.retries - countersBefore.retries} retries, ${counters.redispatches - countersBefore.redispatches} redispatches, ` +
      `${counters.connectionErrors - countersBefore.connectionErrors} connection errors, ${counters.responseErrors - countersBefore.responseErrors} response errors`,
  );
  for (const sample of result.samples) console.log(`    ${sample}`);
  check(
    '0 failed requests during the rolling restart',
    result.failures.size === 0 && result.requests > 0,
    describeFailures(result),
  );
};
