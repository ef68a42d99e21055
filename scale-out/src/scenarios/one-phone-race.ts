/**
 * 2. A hundred buyers, each with an account of their own, book the same phone and confirm their
 * cards; then all press Pay at the same moment, spread by the balancer over the replicas. One
 * sale; 99 clear 409s; the losers' authorisations released; no 5xx.
 */
import { readLedger, checkMoneyRules } from '../ledger.ts';
import { beginScenario, check, figure, latencies } from '../lib/report.ts';
import { purchase, type Account, type Listing, type Purchase } from '../marketplace.ts';
import type { Topology } from '../topology/topology.ts';

/** Lets everyone who reaches it go on together once all have reached it or left the race. */
const startingLine = (runners: number, timeoutMs: number) => {
  let arrived = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const timer = setTimeout(release, timeoutMs);
  let releasedAt = 0;
  const count = () => {
    if (arrived === runners) {
      clearTimeout(timer);
      releasedAt = performance.now();
      release();
    }
  };
  return {
    wait: () => {
      arrived += 1;
      count();
      return gate;
    },
    leave: () => {
      arrived += 1;
      count();
    },
    releasedAt: () => releasedAt,
  };
};

export const onePhoneRace = async (t: Topology, buyers: Account[], phone: Listing) => {
  beginScenario(`2. ${buyers.length} buyers pay for one phone at once through the balancer`);
  const line = startingLine(buyers.length, 90_000);
  const states: Purchase[] = buyers.map((buyer) => ({ buyer, productId: phone.id }));
  const payMs: number[] = [];
  const started = performance.now();
  await Promise.all(
    states.map(async (state) => {
      let reachedPay = false;
      await purchase(t.client, t.processor, state, {
        beforePay: async () => {
          reachedPay = true;
          await line.wait();
        },
      });
      if (!reachedPay) line.leave();
      else payMs.push(performance.now() - line.releasedAt());
    }),
  );
  figure(
    'booked and confirmed before the race',
    `${states.filter((s) => s.paymentIntentId).length} buyers in ${((line.releasedAt() - started) / 1000).toFixed(1)} s`,
  );
  figure('pay requests', latencies(payMs));
  const outcomes = states.map((state) => state.outcome!);
  const paid = outcomes.filter((o) => o.kind === 'paid').length;
  const conflicts = outcomes.filter((o) => o.kind === 'refused' && o.status === 409);
  const otherRefusals = outcomes.filter((o) => o.kind === 'refused' && o.status !== 409);
  const failures = outcomes.filter((o) => o.kind === 'failed');
  const messages = new Map<string, number>();
  for (const o of conflicts)
    if (o.kind === 'refused')
      messages.set(`${o.step}: ${o.message}`, (messages.get(`${o.step}: ${o.message}`) ?? 0) + 1);
  figure(
    'outcomes',
    `${paid} paid, ${conflicts.length} × 409, ${otherRefusals.length} other 4xx, ${failures.length} failed (5xx or no answer)`,
  );
  for (const [message, count] of messages) figure(`409 × ${count}`, message);
  check('one buyer paid', paid === 1, `${paid} paid`);
  check(
    `${buyers.length - 1} clear 409s`,
    conflicts.length === buyers.length - 1 && otherRefusals.length === 0,
    `${conflicts.length} × 409, other refusals: ${otherRefusals.map((o) => (o.kind === 'refused' ? `${o.status} ${o.message}` : '')).join('; ')}`,
  );
  check(
    'no 5xx and no request without an answer',
    failures.length === 0,
    failures
      .map((o) => (o.kind === 'failed' ? `${o.step} ${o.status} ${o.message}` : ''))
      .slice(0, 5)
      .join('; '),
  );

  const ledger = await readLedger(t, [phone.id]);
  const sold = ledger.products[0]?.status;
  check('the phone is sold', sold === 'sold', `status ${sold}`);
  check(
    'one paid order and one payment row',
    ledger.orders.filter((o) => o.status === 'paid').length === 1 && ledger.payments.length === 1,
    `${ledger.orders.filter((o) => o.status === 'paid').length} paid orders, ${ledger.payments.length} payments`,
  );
  checkMoneyRules(ledger);
  const captured = ledger.intents.filter((intent) => intent.status === 'succeeded');
  check('one captured payment at the processor', captured.length === 1, `${captured.length} succeeded intents`);
};
