/**
 * 3. Purchases of many phones (two buyers racing for each) while a random replica is killed with
 * SIGKILL five times and started again each time; one purchase in five is pinned to one replica, so
 * kills reach clients. A purchase that failed is retried once by its client, a moment later,
 * through the balancer; then the payment reconcile job runs once. Afterwards the money rules hold
 * everywhere.
 */
import { existsSync } from 'node:fs';
import { checkMoneyRules, intentStatuses, readLedger } from '../ledger.ts';
import { Client } from '../lib/http.ts';
import { describeExit } from '../lib/processes.ts';
import { beginScenario, check, figure, inParallel, latencies, sleep, waitUntil } from '../lib/report.ts';
import { purchase, type Account, type Listing, type Purchase, type PurchaseOutcome } from '../marketplace.ts';
import { apiCommand } from '../topology/paths.ts';
import type { Replica } from '../topology/replicas.ts';
import type { Topology } from '../topology/topology.ts';

const kills = 5;
const concurrency = 10;

const tally = (outcomes: PurchaseOutcome[]) => {
  const paid = outcomes.filter((o) => o.kind === 'paid').length;
  const refused = outcomes.filter((o) => o.kind === 'refused').length;
  const failed = outcomes.filter((o) => o.kind === 'failed');
  return { paid, refused, failed };
};

export const killDuringPurchases = async (t: Topology, buyers: Account[], phones: Listing[], purchaseCount: number) => {
  beginScenario(`3. kill -9 of a random replica ${kills} times during ${purchaseCount} purchases`);
  // Two buyers race for each phone: purchases 2p and 2p + 1 (under way together) are of phone p,
  // by two different buyers.
  const states: Purchase[] = Array.from({ length: purchaseCount }, (_, i) => {
    const phone = Math.floor(i / 2) % phones.length;
    return { buyer: buyers[(7 * phone + 13 * (i % 2)) % buyers.length]!, productId: phones[phone]!.id };
  });

  // Purchases go in blocks, each waiting until the kill before it is armed: due, with two
  // replicas serving (one to kill, one to keep answering). The kill then waits for purchases under
  // way, so every kill lands mid-purchase however fast or slow this machine is.
  const block = Math.ceil(purchaseCount / (kills + 1));
  let armed = 0;
  let killsDone = 0;
  let completed = 0;
  let underWay = 0;
  const killLog: string[] = [];
  const restarts: Array<Promise<void>> = [];

  // A replica started again after a kill may still show UP in HAProxy for a moment: it counts
  // only once its restart is through.
  const restarting = new Set<Replica>();
  const serving = async () => {
    const states = await t.balancer.serverStates();
    return t.replicas.filter(
      (replica) => replica.isRunning && !restarting.has(replica) && states[replica.name] === 'UP',
    );
  };

  const killer = async () => {
    for (let k = 1; k <= kills; k++) {
      await waitUntil(async () => completed >= block * (k - 1) + Math.ceil(block * 0.5), 120_000, 50);
      await waitUntil(async () => (await serving()).length >= 2, 60_000, 100);
      armed = k;
      await waitUntil(async () => underWay >= 3, 10_000, 10);
      const candidates = await serving();
      const victim: Replica = candidates[Math.floor(Math.random() * candidates.length)]!;
      const inFlight = underWay;
      const at = performance.now();
      await victim.kill();
      killsDone = k;
      killLog.push(`kill ${k}: ${victim.name} after ${completed} purchases done, ${inFlight} under way`);
      restarting.add(victim);
      restarts.push(
        (async () => {
          await victim.start();
          await victim.waitReady(90_000);
          await t.balancer.waitAllUp([victim.name]);
          killLog.push(`  ${victim.name} back in rotation after ${((performance.now() - at) / 1000).toFixed(1)} s`);
        })()
          .catch((error: unknown) => void killLog.push(`  ${victim.name} did not come back: ${String(error)}`))
          .finally(() => restarting.delete(victim)),
      );
    }
  };

  const pinned = t.replicas.map((replica) => new Client(replica.url));
  const firstOutcomes: PurchaseOutcome[] = new Array<PurchaseOutcome>(purchaseCount);
  const countersBefore = await t.balancer.backendCounters();
  const started = performance.now();
  const killing = killer();
  await inParallel(states, concurrency, async (state, i) => {
    await waitUntil(async () => armed >= Math.min(kills, Math.floor(i / block)), 180_000, 20);
    underWay += 1;
    // One purchase in five talks straight to one replica (a client pinned to it), so a kill reaches
    // clients too, not only HAProxy, whose retries would hide it.
    // Both buyers of every fifth phone are pinned to the same replica: when it dies, both retry.
    const phone = Math.floor(i / 2);
    const outcome = await purchase(
      phone % 5 === 0 ? pinned[Math.floor(phone / 5) % pinned.length]! : t.client,
      t.processor,
      state,
    );
    firstOutcomes[i] = outcome;
    if (outcome.kind === 'failed') {
      // The client retries once, a moment later, through the balancer, from where it failed.
      await sleep(300);
      await purchase(t.client, t.processor, state);
    }
    underWay -= 1;
    completed += 1;
  });
  await killing;
  await Promise.all(restarts);
  for (const client of pinned) client.close();
  const seconds = (performance.now() - started) / 1000;
  for (const line of killLog) console.log(`  · ${line}`);
  const counters = await t.balancer.backendCounters();
  figure(
    'HAProxy meanwhile',
    `${counters.retries - countersBefore.retries} retries, ${counters.redispatches - countersBefore.redispatches} redispatches, ` +
      `${counters.connectionErrors - countersBefore.connectionErrors} connection errors, ${counters.responseErrors - countersBefore.responseErrors} response errors`,
  );
  figure('purchases', `${purchaseCount} in ${seconds.toFixed(1)} s, ${kills} kills (killsDone ${killsDone})`);
  figure('purchase time (first attempt)', latencies(firstOutcomes.map((o) => o.ms)));
  const first = tally(firstOutcomes);
  figure(
    'first attempt',
    `${first.paid} paid, ${first.refused} cleanly refused (4xx), ${first.failed.length} failed (${purchaseCount / 5} of the ${purchaseCount} pinned to one replica)`,
  );
  const failedSteps = new Map<string, number>();
  for (const o of first.failed)
    if (o.kind === 'failed')
      failedSteps.set(`${o.step} ${o.status}`, (failedSteps.get(`${o.step} ${o.status}`) ?? 0) + 1);
  for (const [what, count] of failedSteps) figure(`failed at ${what}`, count);
  for (const o of first.failed.slice(0, 5))
    if (o.kind === 'failed') console.log(`    ${o.step} ${o.status}: ${o.message}`);
  check(`all ${kills} kills happened during the purchases`, killsDone === kills, `${killsDone} kills`);

  const retried = states.filter((_, i) => firstOutcomes[i]!.kind === 'failed');
  const second = tally(retried.map((s) => s.outcome!));
  figure(
    'client retries of failed purchases',
    `${retried.length}: ${second.paid} paid, ${second.refused} cleanly refused, ${second.failed.length} failed`,
  );
  check(
    'every purchase is done or cleanly refused (after one client retry of a failed one)',
    second.failed.length === 0,
    second.failed
      .map((o) => (o.kind === 'failed' ? `${o.step} ${o.status} ${o.message}` : ''))
      .slice(0, 5)
      .join('; '),
  );
  await t.ensureAllServing();
  const refusals = states.filter((s) => s.outcome!.kind === 'refused').map((s) => s.outcome!);
  const odd = refusals.filter((o) => o.kind === 'refused' && o.status !== 409 && o.status !== 'processor');
  figure(
    'refusals',
    `${refusals.filter((o) => o.kind === 'refused' && o.status === 409).length} × 409 from the API, ` +
      `${refusals.filter((o) => o.kind === 'refused' && o.status === 'processor').length} card confirmations refused by the processor (intent released after the other buyer's sale)`,
  );
  check(
    'refusals are 409s or the processor refusing a released intent (the phone went to the other buyer)',
    odd.length === 0,
    odd
      .map((o) => (o.kind === 'refused' ? `${o.step} ${o.status} ${o.message}` : ''))
      .slice(0, 5)
      .join('; '),
  );

  const productIds = phones.map((phone) => phone.id);
  const before = await readLedger(t, productIds);
  figure('before the reconcile job: intents', intentStatuses(before.intents));
  const jobFile = apiCommand('run-job').file;
  if (existsSync(jobFile)) {
    const job = await t.runJob('reconcile-payments');
    figure('reconcile job', `${job.command} → ${describeExit(job.exit)}`);
    check('the reconcile job ran once and exited 0', job.exit.code === 0, job.exit.code === 0 ? '' : job.output);
  } else {
    check(
      'the reconcile job ran once and exited 0',
      false,
      `${jobFile} does not exist: no job runner to reconcile payments with`,
    );
  }
  await sleep(200);
  const after = await readLedger(t, productIds);
  const { paidOrders, soldPhones } = checkMoneyRules(after);
  figure('phones sold / paid orders', `${soldPhones} / ${paidOrders}`);
  const paidClients = states.filter((s) => s.outcome!.kind === 'paid').length;
  check(
    'every purchase a client saw paid is a paid order',
    paidClients === paidOrders,
    `${paidClients} seen paid by clients, ${paidOrders} paid orders`,
  );
};
