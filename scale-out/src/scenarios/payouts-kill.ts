/**
 * 12. Payouts through kill -9. Sellers are paid by the release-payouts job once an order completes
 * and the seller's payout account is ready; a refund before release cancels the share, after
 * release reverses the transfer first. Here several sellers with ready accounts (and one whose
 * account still needs information) sell phones through the real purchase; most orders complete
 * (hand-over, then the buyer's receipt), some are refunded by an admin before release and some
 * after, and some race the release (receipt, then a problem and its refund at once). The job runs
 * on the replicas, queued every second through pg-boss as an operator would, and the processor
 * answers transfers, reversals and refunds late (it has moved the money; the replica hears of it a
 * moment after), and replicas are killed with -9 in the middle of releases and of refunds.
 *
 * A killed replica leaves behind what it was doing: shares leased for sending (a three-minute
 * lease) and refunds under way (two minutes, or a retry's wait). Once the replicas are quiet (no
 * release or refund running, none of the suite's requests under way), the suite ends those waits
 * rather than sitting them out: the same as the minutes passing, for work nobody alive holds
 * (`SCALE_OUT_REAL_LEASES=1` waits them out instead). Then the admin presses Refund again where a
 * refund was cut short, and everything settles by itself. The checks are the money rules
 * (ledger.ts): every due share sent exactly once, nothing refunded before release ever
 * transferred, every refund after release reversed exactly once, the ledger at zero per order and
 * agreeing with the processor.
 */
import { PgBoss } from 'pg-boss';
import { checkMoneyRules, checkPayoutRules, readLedger } from '../ledger.ts';
import { Client, messageOf, NetworkError, type Reply } from '../lib/http.ts';
import { beginScenario, check, figure, inParallel, sleep, waitUntil } from '../lib/report.ts';
import {
  addListing,
  connectPayoutAccount,
  orderStep,
  orderStepOk,
  purchase,
  refundProblem,
  signUp,
  uploadPicture,
  type Account,
  type Purchase,
} from '../marketplace.ts';
import { runsJob, type Replica } from '../topology/replicas.ts';
import type { Topology } from '../topology/topology.ts';

const readySellers = 3;
const ordersPerSeller = 16;
/** Orders of the seller whose payout account still needs information: completed, never sent. */
const waitingOrders = 4;
/** How long the processor holds back its answer to a transfer, a reversal and a refund. */
const processorDelayMs = 200;
const realLeases = process.env.SCALE_OUT_REAL_LEASES === '1';

/** What happens to an order after its sale. */
type Plan =
  /** Paid, never handed over: its share stays held. */
  | 'paid'
  /** Handed over, a problem reported, refunded by an admin: before release (cancelled). */
  | 'refund-before'
  /** Completed, sent, then a problem and a refund: after release (reversed). */
  | 'refund-after'
  /** Completed, and a problem and its refund at once, racing the release: either, never both. */
  | 'race'
  /** Completed: sent. */
  | 'release'
  /** Completed, the seller's account not ready: held (one of them refunded: cancelled). */
  | 'waiting';

interface Sale {
  plan: Plan;
  seller: Account;
  buyer: Account;
  state: Purchase;
  orderId?: string;
  problemId?: string;
}

/** Each ready seller's sixteen orders, by plan. */
const planOf = (index: number): Plan => {
  if (index < 2) return 'paid';
  if (index < 4) return 'refund-before';
  if (index < 7) return 'refund-after';
  if (index < 9) return 'race';
  return 'release';
};

/** What one admin Refund press ended in: done, refused, or cut short. */
const refundOutcome = (reply: Reply | NetworkError) =>
  reply instanceof NetworkError ? `no answer (${reply.code})` : reply.status === 200 ? 'refunded' : `${reply.status}`;

export const payoutsThroughKills = async (t: Topology, buyers: Account[]) => {
  beginScenario('12. Payouts through kill -9: releases and refunds while replicas are killed');
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  // --- Sellers with payout accounts, an admin, phones, and their sales -----------------------
  const sellers = await inParallel(
    Array.from({ length: readySellers + 1 }, (_, i) => i),
    4,
    (i) => signUp(t.client, 'seller', `Payout Seller ${i + 1}`),
  );
  const accountStates = await inParallel(sellers, 4, (seller, i) =>
    connectPayoutAccount(t.client, t.processor, seller, i < readySellers ? 'complete' : 'needs_information'),
  );
  check(
    `${readySellers} sellers’ payout accounts are ready, one asks for more information (read back from the processor)`,
    accountStates.slice(0, readySellers).every((state) => state === 'ready') &&
      accountStates[readySellers] === 'needs_information',
    accountStates.join(', '),
  );
  // An admin, as `npm run admin:create` makes one: an account whose role the database says is admin.
  const admin = await signUp(t.client, 'user', 'Payout Admin');
  await t.postgres.query(`update users set role = 'admin' where id = $1`, [admin.id]);

  const pictures = await inParallel(sellers, 4, (seller) => uploadPicture(t.client, seller));
  const saleCount = readySellers * ordersPerSeller + waitingOrders;
  if (buyers.length < saleCount) throw new Error(`${saleCount} buyers needed, ${buyers.length} made`);
  const listings = await inParallel(
    Array.from({ length: saleCount }, (_, i) => i),
    6,
    (i) => {
      const s = Math.min(Math.floor(i / ordersPerSeller), readySellers);
      return addListing(t.client, sellers[s]!, `Pixel ${7 + (i % 3)} payout #${i + 1}`, 250 + 5 * i, pictures[s]!.id);
    },
  );
  const sales: Sale[] = listings.map((listing, i) => {
    const s = Math.min(Math.floor(i / ordersPerSeller), readySellers);
    // The last buyers: the earlier scenarios book least with them.
    const buyer = buyers[buyers.length - saleCount + i]!;
    return {
      plan: s < readySellers ? planOf(i % ordersPerSeller) : 'waiting',
      seller: sellers[s]!,
      buyer,
      state: { buyer, productId: listing.id },
    };
  });
  await inParallel(sales, 8, async (sale) => {
    let outcome = await purchase(t.client, t.processor, sale.state);
    if (outcome.kind === 'failed') outcome = await purchase(t.client, t.processor, sale.state);
    if (outcome.kind !== 'paid') throw new Error(`a purchase was not paid: ${JSON.stringify(outcome)}`);
    sale.orderId = sale.state.orderId;
  });
  const of = (...plans: Plan[]) => sales.filter((sale) => plans.includes(sale.plan));
  const refundAfter = of('refund-after');
  const waiting = of('waiting');
  const releases = of('release');
  const racing = of('race');
  const refundBefore = of('refund-before');
  // Hand-overs (all but the orders left paid), and the problems reported before any receipt.
  await inParallel(of('refund-before', 'refund-after', 'race', 'release', 'waiting'), 6, (sale) =>
    orderStepOk(t.client, sale.seller, sale.orderId!, 'handed-over'),
  );
  await inParallel(of('refund-before'), 6, async (sale) => {
    sale.problemId = (await orderStepOk(t.client, sale.buyer, sale.orderId!, 'problems')).problem!.id;
  });
  figure(
    'sales',
    `${sales.length} paid orders of ${sellers.length} sellers in ${seconds()}: ${[
      'release',
      'refund-after',
      'refund-before',
      'race',
      'paid',
      'waiting',
    ]
      .map((plan) => `${of(plan as Plan).length} ${plan}`)
      .join(', ')}`,
  );

  // --- The release job, queued often on the replicas; a slow processor ------------------------
  const boss = new PgBoss({
    connectionString: t.postgres.url,
    schema: 'pgboss',
    max: 1,
    migrate: false,
    schedule: false,
    supervise: false,
    registerInstance: false,
  });
  boss.on('error', () => {});
  await boss.start();
  // As the API's scheduler queues a run (pg-boss-scheduler.ts), on its exclusive queue, so at most
  // one is queued or running per key; a replica's worker takes it within its polling interval. The
  // suite's runs have a key of their own, a new one after each kill: a run a killed replica left
  // 'active' blocks its key until pg-boss's next monitor pass notices the missed heartbeats (up to
  // a minute and more), which scenario 11 measures; here the releases go on meanwhile, as a second
  // replica running the job at the same time would.
  const runOptions = { retryLimit: 3, retryDelay: 10, retryBackoff: true, heartbeatSeconds: 10, expireInSeconds: 120 };
  let runKey = 0;
  /** Whether the suite queues release runs (once a second). */
  let queueing = false;
  let queued = 0;
  let stopped = false;
  const queueLoop = (async () => {
    while (!stopped) {
      if (queueing) {
        const options = { ...runOptions, singletonKey: `scale-out-${runKey}` };
        if (await boss.send('release-payouts', null, options).catch(() => null)) queued += 1;
      }
      await sleep(1000);
    }
  })();
  try {
    queueing = true;
    await t.processor.delay({ transfers: processorDelayMs, reversals: processorDelayMs, refunds: processorDelayMs });

    const shareStatus = async (orderIds: string[]) =>
      new Map(
        (
          await t.postgres.query<{ order_id: string; status: string }>(
            'select order_id, status::text from seller_payouts where order_id = any($1)',
            [orderIds],
          )
        ).map((row) => [row.order_id, row.status]),
      );
    const allSent = async (group: Sale[]) => {
      const statuses = await shareStatus(group.map((sale) => sale.orderId!));
      return group.every((sale) => statuses.get(sale.orderId!) === 'sent');
    };

    // The orders refunded after release complete first and are sent (no kill yet).
    await inParallel(of('refund-after'), 6, (sale) => orderStepOk(t.client, sale.buyer, sale.orderId!, 'receipt'));
    const firstSent = await waitUntil(() => allSent(of('refund-after')), 90_000, 250);
    figure('orders to refund after release, sent', `${firstSent ? 'all' : 'not all'} at ${seconds()}`);
    if (!firstSent) throw new Error('the first releases did not happen within 90 s');

    // --- kill -9 during releases and refunds -----------------------------------------------------
    const restarting = new Set<Replica>();
    const restarts: Array<Promise<void>> = [];
    const killLog: string[] = [];
    let lastKillAt = new Date();
    const serving = async () => {
      const states = await t.balancer.serverStates();
      return t.replicas.filter(
        (replica) => replica.isRunning && !restarting.has(replica) && states[replica.name] === 'UP',
      );
    };
    const killAndRestart = async (victim: Replica, what: string) => {
      const at = performance.now();
      await victim.kill();
      lastKillAt = new Date();
      runKey += 1;
      killLog.push(`${victim.name} killed ${what}, at ${seconds()}`);
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
    };
    const transferRequestsOf = async (group: Sale[]) => {
      const { requestsByOrder } = await t.processor.transfers();
      return group.reduce((sum, sale) => sum + (requestsByOrder[sale.orderId!] ?? 0), 0);
    };
    let releaseKills = 0;
    let refundKills = 0;

    /** Completes `wave` (receipts), then kills the replica that runs its release once two transfers are asked for. */
    const releaseWave = async (wave: Sale[], also?: () => Promise<void>) => {
      await waitUntil(async () => (await serving()).length >= 2, 90_000, 100);
      await inParallel(wave, 6, (sale) => orderStepOk(t.client, sale.buyer, sale.orderId!, 'receipt'));
      const alongside = also?.();
      const due = wave.filter((sale) => sale.plan !== 'waiting');
      let runner: Replica | undefined;
      const found = await waitUntil(
        async () => {
          if ((await transferRequestsOf(due)) < 2) return false;
          for (const replica of await serving()) if (await runsJob(replica, 'release-payouts')) runner = replica;
          return runner !== undefined;
        },
        120_000,
        50,
      );
      if (found && runner) {
        await killAndRestart(runner, `mid-release (${await transferRequestsOf(due)} of ${due.length} transfers asked)`);
        releaseKills += 1;
      } else killLog.push(`no replica found running the release of a wave of ${due.length}`);
      await alongside;
    };

    /** The admin refunds `batch` straight at one replica, which is killed once two of its refunds have reached the processor. */
    const refundBatch = async (batch: Sale[]) => {
      await waitUntil(async () => (await serving()).length >= 2, 90_000, 100);
      const candidates = await serving();
      const target = candidates.find((replica) => !restarting.has(replica)) ?? candidates[0]!;
      const pinned = new Client(target.url);
      const intentOf = new Map(batch.map((sale) => [sale.state.paymentIntentId!, sale]));
      const moneyMoves = async () => {
        const intents = await t.processor.intents();
        const refunds = intents.filter((intent) => intentOf.has(intent.id)).reduce((sum, i) => sum + i.refunds, 0);
        const { transfers } = await t.processor.transfers();
        const orders = new Set<string | null>(batch.map((sale) => sale.orderId!));
        const reversals = transfers
          .filter((transfer) => orders.has(transfer.orderId))
          .reduce((sum, transfer) => sum + transfer.reversalRequests, 0);
        return refunds + reversals;
      };
      const before = await moneyMoves();
      let done = false;
      const outcomes: string[] = [];
      const requests = inParallel(batch, 4, async (sale) => {
        const reply = await refundProblem(pinned, admin, sale.problemId!).catch((error: unknown) => {
          if (error instanceof NetworkError) return error;
          throw error;
        });
        outcomes.push(refundOutcome(reply));
      }).finally(() => (done = true));
      const landed = await waitUntil(async () => done || (await moneyMoves()) - before >= 2, 30_000, 25);
      if (landed && !done) {
        await killAndRestart(target, `mid-refunds (${outcomes.length} of ${batch.length} answered)`);
        refundKills += 1;
      } else killLog.push(`the refunds of a batch of ${batch.length} ended before a kill`);
      await requests;
      pinned.close();
      const counts = new Map<string, number>();
      for (const outcome of outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
      killLog.push(`  admin refunds: ${[...counts].map(([outcome, n]) => `${n} ${outcome}`).join(', ')}`);
    };

    // Problems on the orders to refund after release (sent by now), and on one waiting order.
    const third = Math.ceil(releases.length / 3);
    const killPhase = performance.now();

    // Wave 1: a third of the releases and the orders of the seller whose account is not ready.
    await releaseWave([...releases.slice(0, third), ...waiting]);
    await inParallel([...refundAfter, waiting[0]!], 6, async (sale) => {
      sale.problemId = (await orderStepOk(t.client, sale.buyer, sale.orderId!, 'problems')).problem!.id;
    });
    const half = (group: Sale[], part: 0 | 1) =>
      part === 0 ? group.slice(0, Math.ceil(group.length / 2)) : group.slice(Math.ceil(group.length / 2));
    await refundBatch([...half(refundAfter, 0), ...half(refundBefore, 0), waiting[0]!]);
    // Wave 2: another third, with the racing orders: a problem and its refund (through the balancer)
    // for half of them right after the receipts, before a release run takes them; for the other half
    // once the run has started (their shares are being sent: the refund waits for the transfer, then
    // reverses it).
    const raceOutcomes: string[] = [];
    const raceRefunds = (group: Sale[]) =>
      inParallel(group, 6, async (sale) => {
        const reply = await orderStep(t.client, sale.buyer, sale.orderId!, 'problems');
        if (reply.status === 201) sale.problemId = reply.json<{ problem: { id: string } }>().problem.id;
        else {
          raceOutcomes.push(`problem ${reply.status} ${messageOf(reply)}`);
          // A replica killed after it stored the report but before it answered: the buyer's retry
          // finds it open. The admin refunds that report, as they would from their list.
          const [open] = await t.postgres.query<{ id: string }>(
            `select id from order_problems where order_id = $1 and status not in ('refunded', 'closed')`,
            [sale.orderId!],
          );
          if (!open) return;
          sale.problemId = open.id;
        }
        const refund = await refundProblem(t.client, admin, sale.problemId).catch((error: unknown) => {
          if (error instanceof NetworkError) return error;
          throw error;
        });
        raceOutcomes.push(refundOutcome(refund));
      });
    const wave2 = releases.slice(third, 2 * third);
    await releaseWave([...wave2, ...racing], async () => {
      await raceRefunds(half(racing, 0));
      await waitUntil(async () => (await transferRequestsOf(wave2)) >= 1, 60_000, 25);
      await raceRefunds(half(racing, 1));
    });
    await refundBatch([...half(refundAfter, 1), ...half(refundBefore, 1)]);
    // Wave 3: the last third.
    await releaseWave(releases.slice(2 * third));
    await Promise.all(restarts);
    for (const line of killLog) console.log(`  · ${line}`);
    const counts = new Map<string, number>();
    for (const outcome of raceOutcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    figure('racing refunds (first press)', [...counts].map(([outcome, n]) => `${n} ${outcome}`).join(', '));
    figure(
      'kills',
      `${releaseKills} mid-release, ${refundKills} mid-refunds in ${((performance.now() - killPhase) / 1000).toFixed(1)} s`,
    );
    check('replicas were killed during releases (3) and during refunds (2)', releaseKills === 3 && refundKills === 2);
    await t.ensureAllServing();

    // --- Settling ---------------------------------------------------------------------------------
    const settleStarted = performance.now();
    const noJobRunning = async (job: string) => {
      for (const replica of t.replicas) if (await runsJob(replica, job)) return false;
      return true;
    };
    const { transfers: made } = await t.processor.transfers();
    const sendingNow = await t.postgres.query<{ order_id: string }>(
      `select order_id from seller_payouts where status = 'sending' and order_id = any($1)`,
      [sales.map((sale) => sale.orderId!)],
    );
    const madeFor = new Set(made.map((transfer) => transfer.orderId));
    figure(
      'left by the kills',
      `${sendingNow.length} shares being sent (${sendingNow.filter((row) => madeFor.has(row.order_id)).length} already transferred at the processor, not yet recorded)`,
    );

    // The shares a killed replica was sending: their lease ends (or is ended), a run sends them.
    if (!realLeases) {
      queueing = false;
      await waitUntil(() => noJobRunning('release-payouts'), 60_000, 200);
      const ended = await t.postgres.query(
        `update seller_payouts set lease_until = now() where status = 'sending' and lease_until > now()
         and lease_until <= $1::timestamptz + interval '3 minutes' returning order_id`,
        [lastKillAt],
      );
      figure('leases of killed replicas ended by the suite (shares)', ended.length);
      queueing = true;
    }
    const limitMs = realLeases ? 480_000 : 90_000;
    const notSending = await waitUntil(
      async () => {
        const [row] = await t.postgres.query<{ n: number }>(
          `select count(*)::int as n from seller_payouts where status = 'sending' and order_id = any($1)`,
          [sales.map((sale) => sale.orderId!)],
        );
        return row?.n === 0;
      },
      limitMs,
      500,
    );
    figure(
      'no share left being sent',
      notSending ? `after ${((performance.now() - settleStarted) / 1000).toFixed(1)} s` : 'never',
    );

    // Refunds cut short: their waits end (or are ended), and the admin presses Refund again until done.
    const toRefund = sales.filter((sale) => sale.problemId);
    if (!realLeases) {
      // Nobody alive is refunding: the admin's requests are all answered, no replica runs the job
      // that finishes refunds.
      await waitUntil(() => noJobRunning('progress-orders'), 60_000, 200);
      const ended = await t.postgres.query(
        `update order_problems set next_attempt_at = now() where status = 'refunding' and next_attempt_at > now()
         and next_attempt_at <= $2::timestamptz + interval '2 minutes' and id = any($1) returning id`,
        [toRefund.map((sale) => sale.problemId!), lastKillAt],
      );
      figure('refund leases and retry waits left by the kills, ended by the suite', ended.length);
    }
    let presses = 0;
    const refundsDone = await waitUntil(
      async () => {
        const rows = await t.postgres.query<{ id: string }>(
          `select id from order_problems where status <> 'refunded' and id = any($1)`,
          [toRefund.map((sale) => sale.problemId!)],
        );
        if (rows.length === 0) return true;
        await inParallel(rows, 4, async (row) => {
          presses += 1;
          await refundProblem(t.client, admin, row.id).catch(() => undefined);
        });
        return false;
      },
      limitMs,
      1000,
    );
    figure('admin’s Refund pressed again', `${presses} times; all refunded: ${refundsDone ? 'yes' : 'no'}`);

    // Everything due is sent.
    const due = sales.filter((sale) => ['release', 'refund-after', 'race'].includes(sale.plan));
    const settled = await waitUntil(
      async () => {
        const [row] = await t.postgres.query<{ n: number }>(
          `select count(*)::int as n from seller_payouts s join orders o on o.id = s.order_id
         where s.order_id = any($1) and s.status in ('held', 'sending') and o.refunded_at is null
           and o.progress = 'completed'`,
          [due.map((sale) => sale.orderId!)],
        );
        return row?.n === 0;
      },
      limitMs,
      500,
    );
    figure(
      'settled',
      `${settled && refundsDone ? 'yes' : 'NO'} after ${((performance.now() - settleStarted) / 1000).toFixed(1)} s (${queued} runs queued through pg-boss)`,
    );
    check(
      'everything settles: every refund done, every completed, not refunded order of a ready seller sent',
      settled && refundsDone && notSending,
    );
  } finally {
    stopped = true;
    await queueLoop;
    await boss.stop({ graceful: false, close: true }).catch(() => {});
    await t.processor.delay({ transfers: 0, reversals: 0, refunds: 0 });
  }

  // --- The money rules --------------------------------------------------------------------------
  const ledger = await readLedger(
    t,
    sales.map((sale) => sale.state.productId),
  );
  checkMoneyRules(ledger);
  const shares = new Map(ledger.shares.map((share) => [share.order_id, share.status]));
  const statusesOf = (group: Sale[]) => group.map((sale) => shares.get(sale.orderId!) ?? 'none');
  const expect = (label: string, group: Sale[], status: string) => {
    const wrong = statusesOf(group).filter((s) => s !== status);
    check(
      label,
      wrong.length === 0,
      wrong.length ? `${wrong.length} of ${group.length}: ${wrong.join(', ')}` : `${group.length} orders`,
    );
  };
  expect('the orders refunded before release are cancelled', [...refundBefore, waiting[0]!], 'cancelled');
  expect('the orders refunded after release are reversed', refundAfter, 'reversed');
  expect('the completed orders of the seller whose account is not ready are held', waiting.slice(1), 'held');
  expect('the orders never handed over are held', of('paid'), 'held');
  const raced = statusesOf(racing);
  check(
    'each order whose refund raced its release is cancelled (refund first) or reversed (release first)',
    raced.every((status) => status === 'cancelled' || status === 'reversed'),
    `${raced.filter((s) => s === 'cancelled').length} cancelled, ${raced.filter((s) => s === 'reversed').length} reversed${raced.some((s) => s !== 'cancelled' && s !== 'reversed') ? `, others: ${raced.join(', ')}` : ''}`,
  );
  checkPayoutRules(ledger);
  figure('scenario time', seconds());
};
