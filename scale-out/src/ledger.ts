/**
 * The money rules, checked where the money is: the database (orders, payments, phones) and the
 * card processor (every intent, and how often it was captured, cancelled or refunded).
 */
import { check, figure } from './lib/report.ts';
import type { PeerIntent } from './topology/card-processor.ts';
import type { Topology } from './topology/topology.ts';

interface OrderRow {
  id: string;
  product_id: string;
  buyer_id: string;
  status: string;
  transaction_id: string | null;
}
interface PaymentRow {
  order_id: string;
  provider_payment_id: string;
  status: string;
}

export const readLedger = async (t: Topology, productIds: string[]) => {
  const orders = await t.postgres.query<OrderRow>(
    'select id, product_id, buyer_id, status, transaction_id from orders where product_id = any($1)',
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
  const orderIds = new Set(orders.map((order) => order.id));
  const intents = (await t.processor.intents()).filter((intent) => intent.orderId && orderIds.has(intent.orderId));
  return { orders, payments, products, intents, entries };
};

export type Ledger = Awaited<ReturnType<typeof readLedger>>;

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
  const paidWithoutCapture = paidOrders.filter((order) => {
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
    'every paid order has its captured payment (database and processor agree)',
    paidWithoutCapture.length === 0,
    paidWithoutCapture.length ? `orders ${list(paidWithoutCapture.map((order) => order.id))}` : '',
  );

  const paidIntentIds = new Set(paidOrders.map((order) => order.transaction_id));
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
  const totalOf = (account: string) =>
    entries.filter((entry) => entry.account === account).reduce((sum, entry) => sum + BigInt(entry.cents), 0n);
  figure(
    'ledger totals, cents (processor balance / owed to sellers / fees)',
    `${totalOf('processor_balance')} / ${totalOf('seller_payable')} / ${totalOf('platform_fees')}`,
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
