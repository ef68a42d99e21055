/**
 * 13. Tracker events across replicas. Phones sold with shipping: each buyer adds an address the
 * carrier verifies, books with shipping and pays; the seller buys each label through the balancer.
 * Then the carrier (the EasyPost-protocol peer) reports each parcel's journey as EasyPost does, in
 * signed events: in transit, out for delivery, delivered, and the delivery again in an event of its
 * own. Every event is sent twice, to two replicas straight at their ports (the duplicate delivery's
 * second copy through the balancer), and out of order: half the parcels hear of the delivery first
 * and of the transit last, the other half get all their events at once. An order moves forward
 * only, once, in order (docs/decisions/0072): each ends delivered at the delivered scan's time,
 * with one delivery (and at most one transit) in its audit log, its scans stored once, and its
 * buyer told once. One more parcel gets only events the carrier did not sign (a wrong secret, a
 * body changed after signing, no signature): each is a 400, and that order does not move.
 */
import { orderEmailKinds, orderProgressAuditActions } from '../../../packages/contract/src/order-progress.ts';
import { send, type Reply } from '../lib/http.ts';
import { beginScenario, check, figure, inParallel } from '../lib/report.ts';
import {
  addAddress,
  addListing,
  addressForm,
  buyLabel,
  purchase,
  shipFrom,
  signUp,
  uploadPicture,
  type Purchase,
} from '../marketplace.ts';
import type { Topology } from '../topology/topology.ts';

const parcels = 8;
const hour = 3_600_000;

interface SignedEvent {
  body: string;
  headers: Record<string, string>;
}

interface Parcel {
  orderId: string;
  buyerId: string;
  trackerId: string;
  /** The signed events the carrier sends about it, by the tracker's status when sent. */
  events: Record<'inTransit' | 'outForDelivery' | 'delivered' | 'deliveredAgain', SignedEvent>;
  /** The delivered scan's time, as the carrier's event says it. */
  deliveredScanAt: string;
}

/** The status of the tracker a signed event carries, and its scans. */
const resultOf = (event: SignedEvent) =>
  (JSON.parse(event.body) as { result: { status: string; tracking_details: { status: string; datetime: string }[] } })
    .result;

const shuffled = <T>(items: T[]) => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
};

export const trackerEvents = async (t: Topology) => {
  beginScenario(
    `13. Tracker events across replicas: ${parcels} parcels, each event twice to two replicas, out of order`,
  );
  const hook = (base: string) => `${base}/api/webhooks/shipping`;
  const replicaUrl = (n: number) => t.replicas[n % t.replicas.length]!.url;

  // ---- Sold with shipping, labels bought through the balancer.
  const seller = await signUp(t.client, 'seller', 'Parcel Seller');
  await shipFrom(t.client, seller, addressForm('Parcel Seller', '1 Depot Road'));
  const picture = await uploadPicture(t.client, seller);
  const count = parcels + 1; // the last one hears only from an impostor
  const phones = await inParallel(
    Array.from({ length: count }, (_, i) => i),
    4,
    (i) => addListing(t.client, seller, `Galaxy S${21 + (i % 3)} #${i + 1}`, 240 + i, picture.id),
  );
  let started = performance.now();
  const sales = await inParallel(phones, 4, async (phone, i) => {
    const buyer = await signUp(t.client, 'user', `Parcel Buyer ${i + 1}`);
    const address = await addAddress(t.client, buyer, addressForm(`Parcel Buyer ${i + 1}`, `${100 + i} Elm Street`));
    const state: Purchase = { buyer, productId: phone.id, addressId: address.id };
    const outcome = await purchase(t.client, t.processor, state);
    if (outcome.kind !== 'paid') throw new Error(`the shipped purchase ${i + 1} ended ${JSON.stringify(outcome)}`);
    return { orderId: state.orderId!, buyerId: buyer.id };
  });
  figure(`${sales.length} phones sold with shipping`, `${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  const labelled = await inParallel(sales, 4, (sale) => buyLabel(t.client, seller, sale.orderId));
  figure('labels bought through the balancer', `${((performance.now() - started) / 1000).toFixed(1)} s`);
  check(
    'every label bought ships its order',
    labelled.every((sale) => sale.progress === 'shipped'),
    labelled.map((sale) => sale.progress).join(', '),
  );
  const orderIds = sales.map((sale) => sale.orderId);
  const trackers = new Map(
    (
      await t.postgres.query<{ id: string; tracker_id: string }>(
        'select id, tracker_id from orders where id = any($1::uuid[])',
        [orderIds],
      )
    ).map((row) => [row.id, row.tracker_id]),
  );
  const bought = [...t.carrier.shipments.values()].filter((shipment) =>
    [...trackers.values()].includes(shipment.tracker?.id ?? ''),
  );
  check(
    'one label bought at the carrier per order',
    bought.length === count && bought.every((shipment) => t.carrier.purchases.get(shipment.id) === 1),
    `${bought.length} shipments bought for ${count} orders`,
  );

  // The poll's first look at each new parcel (pre_transit: nothing moves), so that what follows is
  // the events' doing alone: the poll asks again only after six hours without news.
  const polled = await t.runJob('follow-parcels');
  const [unpolled] = await t.postgres.query<{ n: number }>(
    `select count(*)::int as n from orders where id = any($1::uuid[])
     and (tracking_checked_at is null or progress <> 'shipped')`,
    [orderIds],
  );
  check(
    'the poll looked at every new parcel once and moved none (the label is not yet with the carrier)',
    polled.exit.code === 0 && unpolled?.n === 0,
    `${polled.command}: ${unpolled?.n} not looked at or moved; ${polled.output.trim().split('\n').at(-1)}`,
  );

  // ---- The carrier's events, signed as the journey goes (the carrier's clock moves, ours does not).
  const snapshot = () => new Map(orderIds.map((id) => [id, t.carrier.signedTrackerEvent(trackers.get(id)!)]));
  t.carrier.advance(hour);
  const inTransit = snapshot();
  t.carrier.advance(23 * hour);
  const outForDelivery = snapshot();
  t.carrier.advance(2 * hour);
  const delivered = snapshot();
  const deliveredAgain = snapshot();
  const all: Parcel[] = sales.slice(0, parcels).map((sale) => {
    const events = {
      inTransit: inTransit.get(sale.orderId)!,
      outForDelivery: outForDelivery.get(sale.orderId)!,
      delivered: delivered.get(sale.orderId)!,
      deliveredAgain: deliveredAgain.get(sale.orderId)!,
    };
    const scan = resultOf(events.delivered).tracking_details.find((detail) => detail.status === 'delivered');
    return { ...sale, trackerId: trackers.get(sale.orderId)!, events, deliveredScanAt: scan!.datetime };
  });
  const statuses = all.map((parcel) =>
    Object.values(parcel.events)
      .map((event) => resultOf(event).status)
      .join('→'),
  );
  check(
    'the carrier signed each parcel’s journey as it went',
    statuses.every((line) => line === 'in_transit→out_for_delivery→delivered→delivered'),
    statuses[0] ?? 'no parcels',
  );

  // ---- The impostor: the last order's delivery, not signed by the carrier, to every replica.
  const control = sales.at(-1)!;
  const stateOf = async (orderId: string) => {
    const [row] = await t.postgres.query<Record<string, unknown>>(
      `select progress, tracking_status, tracking_updated_at, delivered_at,
        (select count(*)::int from order_tracking_events where order_id = o.id) as scans,
        (select count(*)::int from audit_log where subject_id = o.id::text) as audited,
        (select count(*)::int from notifications where user_id = o.buyer_id and kind = $2) as told
       from orders o where o.id = $1`,
      [orderId, orderEmailKinds.parcelDelivered],
    );
    return JSON.stringify(row);
  };
  const controlBefore = await stateOf(control.orderId);
  const genuine = t.carrier.signedTrackerEvent(trackers.get(control.orderId)!);
  const forged = t.carrier.signedTrackerEvent(trackers.get(control.orderId)!, { secret: 'not-the-carriers-secret' });
  const impostors: Array<[string, SignedEvent]> = [
    ['a wrong secret', forged],
    [
      'a body changed after signing',
      { ...genuine, body: genuine.body.replace('"mode":"test"', '"mode":"production"') },
    ],
    ['no signature', { body: genuine.body, headers: { 'content-type': 'application/json' } }],
  ];
  const refused = await Promise.all(
    impostors.flatMap(([what, event]) =>
      t.replicas.map(async (replica) => ({
        what,
        reply: await send(hook(replica.url), { method: 'POST', headers: event.headers, body: event.body }),
      })),
    ),
  );

  // ---- Every event twice, to two replicas, out of order; all parcels at once.
  const answers: Array<{ to: string; reply: Reply }> = [];
  const post = async (event: SignedEvent, to: string, url: string) =>
    answers.push({ to, reply: await send(hook(url), { method: 'POST', headers: event.headers, body: event.body }) });
  /** The event to replica n and to the next one (or, for `viaBalancer`, the balancer). */
  const twice = (event: SignedEvent, n: number, viaBalancer = false) => [
    post(event, `r${(n % t.replicas.length) + 1}`, replicaUrl(n)),
    viaBalancer
      ? post(event, 'balancer', t.balancer.url)
      : post(event, `r${((n + 1) % t.replicas.length) + 1}`, replicaUrl(n + 1)),
  ];
  started = performance.now();
  await Promise.all(
    all.map(async (parcel, i) => {
      const { inTransit: moving, outForDelivery: out, delivered: done, deliveredAgain: doneAgain } = parcel.events;
      if (i % 2 === 0) {
        // Newest first: the delivery (both events, both copies at once), then out for delivery, then in transit.
        await Promise.all([...twice(done, i), ...twice(doneAgain, i + 1, true)]);
        await Promise.all(twice(out, i + 2));
        await Promise.all(twice(moving, i));
      } else {
        // All at once, the delivery sent first.
        await Promise.all([
          ...twice(done, i),
          ...shuffled([() => twice(doneAgain, i + 1, true), () => twice(out, i + 2), () => twice(moving, i)]).flatMap(
            (send) => send(),
          ),
        ]);
      }
    }),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const byTarget = new Map<string, number>();
  for (const { to } of answers) byTarget.set(to, (byTarget.get(to) ?? 0) + 1);
  const byStatus = new Map<number, number>();
  for (const { reply } of answers) byStatus.set(reply.status, (byStatus.get(reply.status) ?? 0) + 1);
  figure(
    `${answers.length} signed events posted in ${seconds} s`,
    `${[...byTarget].map(([to, n]) => `${to} ${n}`).join(', ')}; answers ${[...byStatus].map(([status, n]) => `${status} × ${n}`).join(', ')}`,
  );
  check(
    'every signed event is acknowledged (200), first copy or second',
    answers.every(({ reply }) => reply.status === 200),
    answers
      .filter(({ reply }) => reply.status !== 200)
      .slice(0, 3)
      .map(({ to, reply }) => `${to}: ${reply.status} ${reply.text.slice(0, 120)}`)
      .join('; '),
  );

  // ---- What the orders made of it.
  const orders = await t.postgres.query<{
    id: string;
    progress: string;
    delivered_at: Date | null;
    tracking_status: string | null;
  }>('select id, progress, delivered_at, tracking_status from orders where id = any($1::uuid[])', [
    all.map((parcel) => parcel.orderId),
  ]);
  const wrong = all.filter((parcel) => {
    const row = orders.find((order) => order.id === parcel.orderId);
    return (
      row?.progress !== 'delivered' ||
      row.tracking_status !== 'delivered' ||
      row.delivered_at?.toISOString() !== new Date(parcel.deliveredScanAt).toISOString()
    );
  });
  check(
    'each order ends delivered, delivered_at the delivered scan’s time',
    wrong.length === 0,
    wrong
      .slice(0, 3)
      .map((parcel) => {
        const row = orders.find((order) => order.id === parcel.orderId);
        return `${row?.progress} ${row?.delivered_at?.toISOString()} (scan ${parcel.deliveredScanAt})`;
      })
      .join('; '),
  );

  const moves = await t.postgres.query<{ subject_id: string; action: string; from: string | null }>(
    `select subject_id, action, detail->>'from' as from from audit_log
     where subject_type = 'order' and subject_id = any($1::text[]) and action = any($2::text[])`,
    [
      all.map((parcel) => parcel.orderId),
      [
        orderProgressAuditActions.inTransit,
        orderProgressAuditActions.delivered,
        orderProgressAuditActions.returnedToSender,
        orderProgressAuditActions.lost,
      ],
    ],
  );
  let throughTransit = 0;
  const badMoves: string[] = [];
  for (const parcel of all) {
    const mine = moves.filter((move) => move.subject_id === parcel.orderId);
    const transits = mine.filter((move) => move.action === orderProgressAuditActions.inTransit);
    const deliveries = mine.filter((move) => move.action === orderProgressAuditActions.delivered);
    // Moves are made under the order's row lock, each from where the last one left it: the delivery
    // came from in transit exactly when a transit move was made, and that one from shipped.
    const inOrder =
      transits.length === 0
        ? deliveries[0]?.from === 'shipped'
        : transits[0]!.from === 'shipped' && deliveries[0]?.from === 'in_transit';
    if (transits.length > 1 || deliveries.length !== 1 || mine.length !== transits.length + 1 || !inOrder)
      badMoves.push(mine.map((move) => `${move.action} from ${move.from}`).join(', ') || 'no moves');
    if (transits.length === 1) throughTransit += 1;
  }
  figure(
    'moves',
    `${throughTransit} parcels went shipped → in transit → delivered, ${parcels - throughTransit} shipped → delivered (the delivery heard first)`,
  );
  check(
    'each order’s audit log has exactly one delivery and at most one transit, the transit before it',
    badMoves.length === 0,
    badMoves.slice(0, 3).join('; '),
  );

  const scans = await t.postgres.query<{ order_id: string; rows: number; distinct_scans: number }>(
    `select order_id, count(*)::int as rows, count(distinct (status, occurred_at))::int as distinct_scans
     from order_tracking_events where order_id = any($1::uuid[]) group by order_id`,
    [all.map((parcel) => parcel.orderId)],
  );
  const scanCounts = all.map((parcel) => scans.find((row) => row.order_id === parcel.orderId));
  check(
    'each parcel’s scans stored once (4 scans: label created, in transit, out for delivery, delivered)',
    scanCounts.every((row) => row?.rows === 4 && row.distinct_scans === 4),
    scanCounts.map((row) => `${row?.rows ?? 0}/${row?.distinct_scans ?? 0}`).join(', '),
  );

  const told = await t.postgres.query<{ user_id: string; n: number; title: string }>(
    `select user_id, count(*)::int as n, min(title) as title from notifications
     where kind = $1 and user_id = any($2::uuid[]) group by user_id`,
    [orderEmailKinds.parcelDelivered, all.map((parcel) => parcel.buyerId)],
  );
  check(
    'each buyer told of the delivery once',
    all.every((parcel) => told.find((row) => row.user_id === parcel.buyerId)?.n === 1),
    `${told.reduce((n, row) => n + row.n, 0)} notifications for ${parcels} buyers`,
  );
  figure('events not signed by the carrier', refused.map(({ reply }) => reply.status).join(', '));
  check(
    'an event the carrier did not sign is a 400 on every replica (a wrong secret, a changed body, none)',
    refused.every(({ reply }) => reply.status === 400),
    refused
      .filter(({ reply }) => reply.status !== 400)
      .map(({ what, reply }) => `${what}: ${reply.status}`)
      .join('; '),
  );
  const controlAfter = await stateOf(control.orderId);
  check(
    'and changes nothing: that order is still shipped, no scan, no move, nobody told',
    controlAfter === controlBefore,
    controlAfter,
  );
};
