/**
 * The money rules, checked where the money is: the database (orders, payments, phones, sellers'
 * shares, the money ledger) and the card processor (every intent, and how often it was captured,
 * cancelled or refunded; every transfer to a seller's account and its reversals).
 */
import { check, figure } from './lib/report.ts';
import type { PeerIntent, PeerTransfer } from './topology/card-processor.ts';
import type { Topology } from './topology/topology.ts';

interface OrderRow {
  id: string;
  product_id: string;
  buyer_id: string;
  status: string;
  transaction_id: string | null;
  progress: string;
  /** An admin refunded the buyer (after a problem report). */
  refunded: boolean;
}
/** A sale's share for its seller, with the seller's payout account. */
interface ShareRow {
  order_id: string;
  seller_id: string;
  amount_cents: number;
  status: string;
  transfer_id: string | null;
  account_id: string | null;
  seller_ready: boolean;
}
interface PaymentRow {
  order_id: string;
  provider_payment_id: string;
  status: string;
}

export const readLedger = async (t: Topology, productIds: string[]) => {
  const orders = await t.postgres.query<OrderRow>(
    `select id, product_id, buyer_id, status, transaction_id, progress::text, refunded_at is not null as refunded
     from orders where product_id = any($1)`,
    [productIds],
  );
  const payments = await t.postgres.query<PaymentRow>(
    `select p.order_id, p.provider_payment_id, p.status from payments p join orders o on o.id = p.order_id
     where o.product_id = any($1)`,
    [productIds],
  );
  const products = await t.postgres.query<{ id: string; status: string }>(
    'select id, status from products where id = any($1)',
    [productIds],
  );
  // The money ledger's entries of these orders (per order, movement and account).
  const entries = await t.postgres.query<{
    order_id: string;
    movement: string;
    account: string;
    cents: string;
    count: number;
  }>(
    `select e.order_id, e.movement::text, e.account::text, sum(e.amount_cents)::text as cents, count(*)::int as count
     from ledger_entries e join orders o on o.id = e.order_id
     where o.product_id = any($1) group by 1, 2, 3`,
    [productIds],
  );
  const shares = await t.postgres.query<ShareRow>(
    `select s.order_id, s.seller_id, s.amount_cents, s.status::text, s.transfer_id, a.account_id,
       coalesce(a.payouts_enabled, false) as seller_ready
     from seller_payouts s join orders o on o.id = s.order_id left join payout_accounts a on a.seller_id = s.seller_id
     where o.product_id = any($1)`,
    [productIds],
  );
  const orderIds = new Set(orders.map((order) => order.id));
  const intents = (await t.processor.intents()).filter((intent) => intent.orderId && orderIds.has(intent.orderId));
  const atProcessor = await t.processor.transfers();
  const transfers = atProcessor.transfers.filter((transfer) => transfer.orderId && orderIds.has(transfer.orderId));
  const transferRequests = new Map(
    Object.entries(atProcessor.requestsByOrder).filter(([orderId]) => orderIds.has(orderId)),
  );
  return { orders, payments, products, intents, entries, shares, transfers, transferRequests };
};

export type Ledger = Awaited<ReturnType<typeof readLedger>>;

type Entry = Ledger['entries'][number];

const ledgerTotal = (entries: Entry[], account: string, movement?: string) =>
  entries
    .filter((entry) => entry.account === account && (!movement || entry.movement === movement))
    .reduce((sum, entry) => sum + BigInt(entry.cents), 0n);

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

const list = (items: string[], max = 5) =>
  items.length > max ? `${items.slice(0, max).join(', ')}, …` : items.join(', ');

export const intentStatuses = (intents: PeerIntent[]) =>
  [...countBy(intents, (intent) => (intent.isRefunded ? `${intent.status}+refunded` : intent.status))]
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');

/**
 * The money rules every scenario keeps: no phone sold twice; a paid order has exactly its captured
 * payment and a captured payment belongs to a paid order (else it was refunded); nobody charged
 * twice; no authorisation left held; nothing captured twice.
 */
export const checkMoneyRules = (ledger: Ledger) => {
  const { orders, payments, products, intents, entries } = ledger;
  const paidOrders = orders.filter((order) => order.status === 'paid');
  const paidPerPhone = countBy(paidOrders, (order) => order.product_id);
  const soldTwice = [...paidPerPhone].filter(([, count]) => count > 1).map(([id]) => id);
  check('no phone sold twice', soldTwice.length === 0, soldTwice.length ? `phones ${list(soldTwice)}` : '');

  const soldPhones = new Set(products.filter((product) => product.status === 'sold').map((product) => product.id));
  const soldWithoutOrder = [...soldPhones].filter((id) => !paidPerPhone.has(id));
  const paidButNotSold = [...paidPerPhone.keys()].filter((id) => !soldPhones.has(id));
  check(
    'a phone is sold exactly when it has a paid order',
    soldWithoutOrder.length === 0 && paidButNotSold.length === 0,
    `${soldWithoutOrder.length} sold without a paid order, ${paidButNotSold.length} paid but not sold`,
  );

  const intentById = new Map(intents.map((intent) => [intent.id, intent]));
  const paymentByOrder = new Map(payments.map((payment) => [payment.order_id, payment]));
  const paidWithoutCapture = paidOrders
    .filter((order) => !order.refunded)
    .filter((order) => {
      const payment = paymentByOrder.get(order.id);
      const intent = order.transaction_id ? intentById.get(order.transaction_id) : undefined;
      return (
        !payment ||
        payment.status !== 'succeeded' ||
        payment.provider_payment_id !== order.transaction_id ||
        intent?.status !== 'succeeded' ||
        intent.isRefunded
      );
    });
  check(
    'every paid order (not refunded) has its captured payment (database and processor agree)',
    paidWithoutCapture.length === 0,
    paidWithoutCapture.length ? `orders ${list(paidWithoutCapture.map((order) => order.id))}` : '',
  );

  // A refund after a problem report: the order stays paid (a money record), its payment refunded.
  const refundedOrders = paidOrders.filter((order) => order.refunded);
  const refundNotAtProcessor = refundedOrders.filter((order) => {
    const payment = paymentByOrder.get(order.id);
    const intent = order.transaction_id ? intentById.get(order.transaction_id) : undefined;
    return payment?.status !== 'refunded' || !intent?.isRefunded;
  });
  if (refundedOrders.length > 0)
    check(
      'every refunded order’s payment is refunded (database and processor agree)',
      refundNotAtProcessor.length === 0,
      refundNotAtProcessor.length
        ? `orders ${list(refundNotAtProcessor.map((order) => order.id))}`
        : `${refundedOrders.length} refunded orders`,
    );

  const paidIntentIds = new Set(paidOrders.filter((order) => !order.refunded).map((order) => order.transaction_id));
  const capturedWithoutSale = intents.filter(
    (intent) => intent.status === 'succeeded' && !intent.isRefunded && !paidIntentIds.has(intent.id),
  );
  check(
    'every captured payment belongs to a paid order (or was refunded)',
    capturedWithoutSale.length === 0,
    capturedWithoutSale.length ? `intents ${list(capturedWithoutSale.map((intent) => intent.id))}` : '',
  );
  const paymentsOfUnpaid = payments.filter((payment) => !paidOrders.some((order) => order.id === payment.order_id));
  check(
    'no payment recorded for an order that is not paid',
    paymentsOfUnpaid.filter((payment) => payment.status === 'succeeded').length === 0,
    paymentsOfUnpaid.length
      ? `${paymentsOfUnpaid.length} on unpaid orders (${list(paymentsOfUnpaid.map((p) => p.status))})`
      : '',
  );

  const buyerOf = new Map(orders.map((order) => [order.id, order]));
  const chargesPerBuyerAndPhone = countBy(
    intents.filter((intent) => intent.status === 'succeeded' && !intent.isRefunded),
    (intent) => {
      const order = buyerOf.get(intent.orderId!)!;
      return `${order.buyer_id}/${order.product_id}`;
    },
  );
  const chargedTwice = [...chargesPerBuyerAndPhone].filter(([, count]) => count > 1).map(([key]) => key);
  check('nobody charged twice', chargedTwice.length === 0, chargedTwice.length ? list(chargedTwice) : '');

  const held = intents.filter((intent) => intent.status === 'requires_capture');
  check(
    'no authorisation left held at the processor',
    held.length === 0,
    held.length ? `${held.length} intents requires_capture: ${list(held.map((intent) => intent.id))}` : '',
  );
  // The money ledger: each order's entries sum to zero; a paid order has one sale in it, and an
  // order that is not paid none.
  const sumPerOrder = new Map<string, bigint>();
  for (const entry of entries)
    sumPerOrder.set(entry.order_id, (sumPerOrder.get(entry.order_id) ?? 0n) + BigInt(entry.cents));
  const unbalanced = [...sumPerOrder].filter(([, sum]) => sum !== 0n).map(([id]) => id);
  check(
    'every order’s ledger entries sum to zero',
    unbalanced.length === 0,
    unbalanced.length ? `orders ${list(unbalanced)}` : '',
  );
  const salesInLedger = new Map(
    entries
      .filter((entry) => entry.movement === 'sale' && entry.account === 'processor_balance')
      .map((entry) => [entry.order_id, entry.count]),
  );
  const paidIds = new Set(paidOrders.map((order) => order.id));
  const saleMismatch = orders.filter((order) => (salesInLedger.get(order.id) ?? 0) !== (paidIds.has(order.id) ? 1 : 0));
  check(
    'the ledger holds one sale for each paid order, none for the others',
    saleMismatch.length === 0,
    saleMismatch.length ? `orders ${list(saleMismatch.map((order) => order.id))}` : '',
  );
  // A refund gives every account's part of the order back: one refund movement, and each account
  // of the order at zero afterwards.
  const refundsInLedger = new Map<string, number>();
  for (const entry of entries.filter((entry) => entry.movement === 'refund'))
    refundsInLedger.set(entry.order_id, Math.max(refundsInLedger.get(entry.order_id) ?? 0, entry.count));
  const refundedIds = new Set(refundedOrders.map((order) => order.id));
  const balanceOf = (orderId: string, account: string) =>
    entries
      .filter((entry) => entry.order_id === orderId && entry.account === account)
      .reduce((sum, entry) => sum + BigInt(entry.cents), 0n);
  const refundMismatch = orders.filter((order) => {
    if ((refundsInLedger.get(order.id) ?? 0) !== (refundedIds.has(order.id) ? 1 : 0)) return true;
    return (
      refundedIds.has(order.id) &&
      ['processor_balance', 'seller_payable', 'platform_fees'].some((account) => balanceOf(order.id, account) !== 0n)
    );
  });
  if (refundedOrders.length > 0)
    check(
      'the ledger holds one refund for each refunded order, none for the others, and a refunded order’s accounts are back at zero',
      refundMismatch.length === 0,
      refundMismatch.length ? `orders ${list(refundMismatch.map((order) => order.id))}` : '',
    );
  figure(
    'ledger totals, cents (processor balance / owed to sellers / fees)',
    `${ledgerTotal(entries, 'processor_balance')} / ${ledgerTotal(entries, 'seller_payable')} / ${ledgerTotal(entries, 'platform_fees')}`,
  );
  figure('intents at the processor', `${intents.length} (${intentStatuses(intents)})`);
  const calls = (kind: 'captures' | 'cancels' | 'refunds') => intents.reduce((sum, intent) => sum + intent[kind], 0);
  figure(
    'capture / cancel / refund calls at the processor',
    `${calls('captures')} / ${calls('cancels')} / ${calls('refunds')}`,
  );
  // A second capture is refused by the processor (the intent is no longer requires_capture), so it
  // cannot charge twice; it is printed because it shows a sale decided twice.
  figure('intents whose capture was asked more than once', intents.filter((intent) => intent.captures > 1).length);
  return { paidOrders: paidOrders.length, soldPhones: soldPhones.size };
};

/**
 * The rules of paying sellers (docs/decisions/0062), checked on the database (each share, the
 * ledger) and at the processor (each transfer and reversal):
 * - a share is due when its order completed, was not refunded, and the seller's payout account is
 *   ready: then it was sent, by exactly one transfer of its amount to the seller's account, and the
 *   ledger holds exactly one transfer movement (and no reversal);
 * - a share cancelled by a refund before release was never transferred (nothing at the processor,
 *   no transfer in the ledger);
 * - a share reversed by a refund after release was transferred once and reversed once, in full, at
 *   the processor and in the ledger;
 * - a refunded order's share is cancelled or reversed; one not due is still held, untransferred;
 * - nothing is transferred but shares, and nothing is left being sent or failed;
 * - what the ledger says each seller is owed is each share's state, and its processor balance is
 *   the processor's (captured, less refunded, less transferred, plus reversed).
 */
export const checkPayoutRules = (ledger: Ledger) => {
  const { orders, shares, transfers, transferRequests, entries, intents } = ledger;
  const orderById = new Map(orders.map((order) => [order.id, order]));
  const transfersOf = new Map<string, PeerTransfer[]>();
  for (const transfer of transfers)
    transfersOf.set(transfer.orderId!, [...(transfersOf.get(transfer.orderId!) ?? []), transfer]);
  const movements = (orderId: string, movement: string) =>
    entries.find(
      (entry) => entry.order_id === orderId && entry.movement === movement && entry.account === 'seller_payable',
    )?.count ?? 0;
  const owedTo = (orderId: string) =>
    -entries
      .filter((entry) => entry.order_id === orderId && entry.account === 'seller_payable')
      .reduce((sum, entry) => sum + BigInt(entry.cents), 0n);
  const isDue = (share: ShareRow) => {
    const order = orderById.get(share.order_id);
    return order?.status === 'paid' && order.progress === 'completed' && !order.refunded && share.seller_ready;
  };
  const describe = (share: ShareRow) => {
    const made = transfersOf.get(share.order_id) ?? [];
    return `${share.order_id} ${share.status}, ${made.length} transfers, ${made.reduce((n, t) => n + t.reversals.length, 0)} reversals, ledger ${movements(share.order_id, 'transfer')}/${movements(share.order_id, 'reversal')}`;
  };

  const due = shares.filter(isDue);
  const sentWrong = due.filter((share) => {
    const made = transfersOf.get(share.order_id) ?? [];
    const [transfer] = made;
    return (
      share.status !== 'sent' ||
      made.length !== 1 ||
      transfer!.amount !== share.amount_cents ||
      transfer!.destination !== share.account_id ||
      transfer!.reversals.length !== 0 ||
      share.transfer_id !== transfer!.id ||
      movements(share.order_id, 'transfer') !== 1 ||
      movements(share.order_id, 'reversal') !== 0
    );
  });
  check(
    'every completed, not refunded order of a ready seller was transferred exactly once (sent, one transfer of its share to the seller’s account, one ledger transfer)',
    due.length > 0 && sentWrong.length === 0,
    sentWrong.length ? list(sentWrong.map(describe), 3) : `${due.length} orders`,
  );

  const cancelled = shares.filter((share) => share.status === 'cancelled');
  const cancelledButSent = cancelled.filter(
    (share) =>
      (transfersOf.get(share.order_id) ?? []).length > 0 ||
      movements(share.order_id, 'transfer') > 0 ||
      movements(share.order_id, 'reversal') > 0 ||
      !orderById.get(share.order_id)?.refunded,
  );
  check(
    'no order refunded before release was ever transferred (cancelled: no transfer at the processor or in the ledger)',
    cancelledButSent.length === 0,
    cancelledButSent.length ? list(cancelledButSent.map(describe), 3) : `${cancelled.length} orders`,
  );

  const reversed = shares.filter((share) => share.status === 'reversed');
  const reversedWrong = reversed.filter((share) => {
    const made = transfersOf.get(share.order_id) ?? [];
    const [transfer] = made;
    return (
      made.length !== 1 ||
      transfer!.reversals.length !== 1 ||
      transfer!.amountReversed !== transfer!.amount ||
      transfer!.amount !== share.amount_cents ||
      movements(share.order_id, 'transfer') !== 1 ||
      movements(share.order_id, 'reversal') !== 1 ||
      !orderById.get(share.order_id)?.refunded
    );
  });
  check(
    'every order refunded after release was reversed exactly once (one transfer, one full reversal, at the processor and in the ledger)',
    reversedWrong.length === 0,
    reversedWrong.length ? list(reversedWrong.map(describe), 3) : `${reversed.length} orders`,
  );

  const refundedStillOwed = shares.filter(
    (share) => orderById.get(share.order_id)?.refunded && share.status !== 'cancelled' && share.status !== 'reversed',
  );
  check(
    'every refunded order’s share is cancelled or reversed',
    refundedStillOwed.length === 0,
    refundedStillOwed.length ? list(refundedStillOwed.map(describe), 3) : '',
  );

  const notDue = shares.filter((share) => !isDue(share) && !orderById.get(share.order_id)?.refunded);
  const notDueMoved = notDue.filter(
    (share) =>
      share.status !== 'held' ||
      (transfersOf.get(share.order_id) ?? []).length > 0 ||
      movements(share.order_id, 'transfer') > 0,
  );
  check(
    'a share not due (order not completed, or the seller’s account not ready) is still held and untransferred',
    notDueMoved.length === 0,
    notDueMoved.length ? list(notDueMoved.map(describe), 3) : `${notDue.length} held`,
  );

  const shareOrders = new Set(shares.map((share) => share.order_id));
  const stray = transfers.filter((transfer) => !transfer.orderId || !shareOrders.has(transfer.orderId));
  const unfinished = shares.filter((share) => share.status === 'sending' || share.status === 'failed');
  check(
    'nothing transferred but sellers’ shares, and no share left being sent or failed',
    stray.length === 0 && unfinished.length === 0,
    `${stray.length} transfers of no share, ${unfinished.length} shares sending or failed${unfinished.length ? `: ${list(unfinished.map(describe), 3)}` : ''}`,
  );

  // What the ledger says each seller is owed per order: the share while held, nothing once sent,
  // and nothing after a refund (the buyer got it back).
  const owedWrong = shares.filter((share) => {
    const expected = ['held', 'sending', 'failed'].includes(share.status) ? BigInt(share.amount_cents) : 0n;
    return owedTo(share.order_id) !== expected;
  });
  check(
    'what the ledger says each seller is owed matches each share (its amount while held, nothing once sent or refunded)',
    owedWrong.length === 0,
    owedWrong.length
      ? list(
          owedWrong.map((share) => `${share.order_id} ${share.status} owed ${owedTo(share.order_id)}`),
          3,
        )
      : '',
  );

  // The processor's own figure for these orders: captured, less refunded, less transferred (net of reversals).
  const capturedCents = intents.reduce((sum, intent) => sum + (intent.status === 'succeeded' ? intent.amount : 0), 0);
  const refundedCents = intents.reduce((sum, intent) => sum + (intent.isRefunded ? intent.amount : 0), 0);
  const transferredCents = transfers.reduce((sum, transfer) => sum + transfer.amount, 0);
  const reversedCents = transfers.reduce((sum, transfer) => sum + transfer.amountReversed, 0);
  const atProcessor = BigInt(capturedCents - refundedCents - transferredCents + reversedCents);
  const inLedger = ledgerTotal(entries, 'processor_balance');
  check(
    'the ledger’s processor balance is the processor’s (captured − refunded − transferred + reversed)',
    inLedger === atProcessor,
    `ledger ${inLedger}, processor ${capturedCents} − ${refundedCents} − ${transferredCents} + ${reversedCents} = ${atProcessor}`,
  );

  const reversals = transfers.flatMap((transfer) => transfer.reversals);
  const requests = [...transferRequests.values()].reduce((sum, count) => sum + count, 0);
  figure(
    'transfers at the processor',
    `${transfers.length}, ${transferredCents} cents (${requests} transfer requests, replays included)`,
  );
  figure(
    'reversals at the processor',
    `${reversals.length}, ${reversals.reduce((sum, reversal) => sum + reversal.amount, 0)} cents (${transfers.reduce((sum, transfer) => sum + transfer.reversalRequests, 0)} reversal requests, replays included)`,
  );
  figure(
    'ledger transfer / reversal movements, cents (owed to sellers)',
    `${ledgerTotal(entries, 'seller_payable', 'transfer')} / ${ledgerTotal(entries, 'seller_payable', 'reversal')}`,
  );
  figure('shares', [...countBy(shares, (share) => share.status)].map(([status, n]) => `${status} ${n}`).join(', '));
  return { due: due.length, cancelled: cancelled.length, reversed: reversed.length, held: notDue.length };
};
