/**
 * Who pays for shipping (docs/decisions/0076), set by the operator (`SHIPPING_PAID_BY`): the buyer
 * at checkout (the carrier's cheapest rate quoted at booking, frozen on the order, authorised with
 * the price and held in the ledger for the label), or the seller (the label's cost taken from the
 * payout). A full refund gives the buyer all they paid; an unused label is refunded at the carrier
 * and its charge undone, a used one is the marketplace's to bear.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buyingMessages,
  OrderSchema,
  PaymentReceiptSchema,
  PayoutsSchema,
  SellingTermsSchema,
  ShippingRatesSchema,
} from '@recell/contract';
import {
  ledgerEntries,
  orders,
  payments,
  sellerPayouts,
  testCarrierShipments,
  testPaymentIntents,
} from '../src/db/schema.ts';
import { headersOf, useCast, type Caller } from './support/accounts.ts';
import { addAddress } from './support/addresses.ts';
import { expectError, useTestApp } from './support/api.ts';
import { listPhone, postBooking } from './support/buying.ts';
import { insertProblem, orderRow } from './support/order-progress.ts';
import { confirmCard, intentFor, pay } from './support/payments.ts';
import type { TestApp } from './helpers.ts';

/** The test carrier's domestic rates: Ground, Priority, Express. */
const ground = 650;
const priority = 980;
/** The default 5 % fee. */
const feeOf = (priceCents: number) => Math.floor((priceCents * 500 + 5000) / 10_000);

const entriesOf = (t: TestApp, orderId: string) =>
  t.app.db
    .select({
      movement: ledgerEntries.movement,
      account: ledgerEntries.account,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(asc(ledgerEntries.id));

/** What each account holds of the order now. */
const balancesOf = async (t: TestApp, orderId: string) => {
  const balances: Record<string, number> = {};
  for (const entry of await entriesOf(t, orderId))
    balances[entry.account] = (balances[entry.account] ?? 0) + entry.amountCents;
  return balances;
};

const movementOf = async (t: TestApp, orderId: string, movement: string) =>
  Object.fromEntries(
    (await entriesOf(t, orderId))
      .filter((entry) => entry.movement === movement)
      .map((entry) => [entry.account, entry.amountCents]),
  );

const heldShareOf = async (t: TestApp, orderId: string) =>
  (await t.app.db.select().from(sellerPayouts).where(eq(sellerPayouts.orderId, orderId)))[0];

const post = (t: TestApp, caller: Caller, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: headersOf(caller), ...(payload ? { payload } : {}) });

/** The parties of one describe: a seller who ships (or not) and a buyer with an address. */
const useShippingCast = (t: TestApp) => {
  const cast = useCast(t);
  let ready: Promise<string> | undefined;
  /** The seller's ship-from address chosen, and the buyer's address id (once). */
  const buyerAddress = () =>
    (ready ??= (async () => {
      const from = await addAddress(t, cast.seller, { name: 'Marcus Bennett', line1: '1 main street' });
      const chosen = await t.app.inject({
        method: 'PUT',
        url: '/api/me/ship-from-address',
        headers: headersOf(cast.seller),
        payload: { addressId: from.id },
      });
      if (chosen.statusCode !== 200) throw new Error(chosen.body);
      return (await addAddress(t, cast.buyer)).id;
    })());

  /** A phone of the seller's booked by the buyer with shipping, through the API. */
  const bookShipped = async (priceCents = 30_000) => {
    const addressId = await buyerAddress();
    const product = await listPhone(t, cast.seller, { priceCents });
    const response = await postBooking(t, cast.buyer, { delivery: 'shipping', productId: product.id, addressId });
    expect(response.statusCode, response.body).toBe(201);
    return OrderSchema.parse(response.json());
  };

  /** The booked order paid with the test card; answers what the card was authorised for. */
  const payFor = async (orderId: string) => {
    const intent = await intentFor(t, cast.buyer, orderId);
    expect((await confirmCard(t, intent)).statusCode).toBe(200);
    const paid = await pay(t, cast.buyer, orderId, { paymentIntentId: intent.paymentIntentId });
    expect(paid.statusCode, paid.body).toBe(200);
    return intent;
  };

  /** The seller buys the label of the rate of this service. */
  const buyLabel = async (orderId: string, service: 'Ground' | 'Priority') => {
    const rates = await post(t, cast.seller, `/api/orders/${orderId}/shipping/rates`);
    expect(rates.statusCode, rates.body).toBe(200);
    const rate = ShippingRatesSchema.parse(rates.json()).rates.find((candidate) => candidate.service === service)!;
    const bought = await post(t, cast.seller, `/api/orders/${orderId}/shipping/label`, { rateId: rate.id });
    expect(bought.statusCode, bought.body).toBe(200);
    return rate.amountCents;
  };

  /** The buyer reports a problem and an admin refunds all of it. */
  const refundAll = async (orderId: string) => {
    const problem = await insertProblem(t, orderId, cast.buyer.id);
    const refunded = await post(t, cast.admin, `/api/admin/order-problems/${problem.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
  };

  return { cast, bookShipped, payFor, buyLabel, refundAll };
};

describe('the buyer pays for shipping (the default)', () => {
  const t = useTestApp();
  const { cast, bookShipped, payFor, buyLabel, refundAll } = useShippingCast(t);

  it('tells anyone who pays for shipping', async () => {
    const response = await t.app.inject('/api/seller-fee');
    expect(SellingTermsSchema.parse(response.json()).shippingPaidBy).toBe('buyer');
  });

  it('refuses shipping from a seller with no ship-from address, and books nothing', async () => {
    const address = await addAddress(t, cast.buyer);
    const product = await listPhone(t, cast.otherSeller);
    const response = await postBooking(t, cast.buyer, {
      delivery: 'shipping',
      productId: product.id,
      addressId: address.id,
    });
    expectError(response, 409, { code: 'conflict', message: buyingMessages.sellerDoesNotShip });
    expect(await t.app.db.select().from(orders).where(eq(orders.productId, product.id))).toEqual([]);
  });

  it('quotes the cheapest rate at booking and authorises the price and the shipping; the receipt shows it', async () => {
    const order = await bookShipped(30_000);
    expect(await orderRow(t, order.id)).toMatchObject({ shippingPaidBy: 'buyer', shippingCents: ground });
    const intent = await payFor(order.id);
    expect(intent).toMatchObject({ priceCents: 30_000, shippingCents: ground, amountCents: 30_000 + ground });
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment?.amountCents).toBe(30_000 + ground);

    const receipt = await t.app.inject({
      url: `/api/orders/${order.id}/payment-receipt`,
      headers: headersOf(cast.buyer),
    });
    expect(PaymentReceiptSchema.parse(receipt.json())).toMatchObject({
      shippingCents: ground,
      totalCents: 30_000 + ground,
    });

    // The sale holds the shipping apart from the seller's share and the fee.
    expect(await movementOf(t, order.id, 'sale')).toEqual({
      processor_balance: 30_000 + ground,
      seller_payable: -(30_000 - feeOf(30_000)),
      platform_fees: -feeOf(30_000),
      shipping_held: -ground,
    });
  });

  it('pays a dearer label from the shipping held and the difference from the seller’s payout', async () => {
    const order = await bookShipped(30_000);
    await payFor(order.id);
    const cost = await buyLabel(order.id, 'Priority');
    expect(cost).toBe(priority);
    expect(await movementOf(t, order.id, 'label')).toEqual({
      processor_balance: -priority,
      shipping_held: ground,
      seller_payable: priority - ground,
    });
    const balances = await balancesOf(t, order.id);
    expect(balances).toMatchObject({ shipping_held: 0, processor_balance: 30_000 + ground - priority });
    expect(Object.values(balances).reduce((sum, cents) => sum + cents, 0)).toBe(0);
    expect((await heldShareOf(t, order.id))?.amountCents).toBe(30_000 - feeOf(30_000) - (priority - ground));
  });

  it('leaves the seller what the buyer paid beyond a cheaper label', async () => {
    const order = await bookShipped(30_000);
    // As if the carrier had quoted $10.00 at booking.
    await t.app.db.update(orders).set({ shippingCents: 1000 }).where(eq(orders.id, order.id));
    expect((await payFor(order.id)).amountCents).toBe(31_000);
    await buyLabel(order.id, 'Ground');
    expect(await movementOf(t, order.id, 'label')).toEqual({
      processor_balance: -ground,
      shipping_held: 1000,
      seller_payable: -(1000 - ground),
    });
    expect((await heldShareOf(t, order.id))?.amountCents).toBe(30_000 - feeOf(30_000) + (1000 - ground));
  });

  it('refunds everything the buyer paid and an unused label at the carrier, its charge undone', async () => {
    const order = await bookShipped(30_000);
    const intent = await payFor(order.id);
    await buyLabel(order.id, 'Priority');
    const { shipmentId } = await orderRow(t, order.id);
    await refundAll(order.id);

    const [shipment] = await t.app.db
      .select()
      .from(testCarrierShipments)
      .where(eq(testCarrierShipments.id, shipmentId!));
    expect(shipment?.refundedAt).not.toBeNull();
    expect((await orderRow(t, order.id)).labelRefundedAt).not.toBeNull();
    expect(await movementOf(t, order.id, 'label_refund')).toEqual({
      processor_balance: priority,
      shipping_held: -ground,
      seller_payable: -(priority - ground),
    });
    // The refund gives back all of it, shipping included: every account of the order is at zero.
    expect(await movementOf(t, order.id, 'refund')).toMatchObject({ processor_balance: -(30_000 + ground) });
    expect(Object.values(await balancesOf(t, order.id)).every((cents) => cents === 0)).toBe(true);
    const [card] = await t.app.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, intent.paymentIntentId));
    expect(card?.refundedCents).toBe(30_000 + ground);
  });

  it('refunds the buyer in full when the label was used; the marketplace bears the label', async () => {
    const order = await bookShipped(30_000);
    await payFor(order.id);
    await buyLabel(order.id, 'Ground');
    // The carrier scanned the parcel: it is on its way.
    await t.app.db.update(orders).set({ trackingStatus: 'in_transit' }).where(eq(orders.id, order.id));
    const { shipmentId } = await orderRow(t, order.id);
    await refundAll(order.id);

    const [shipment] = await t.app.db
      .select()
      .from(testCarrierShipments)
      .where(eq(testCarrierShipments.id, shipmentId!));
    expect(shipment?.refundedAt).toBeNull();
    expect((await orderRow(t, order.id)).labelRefundedAt).toBeNull();
    expect(await movementOf(t, order.id, 'refund')).toMatchObject({ processor_balance: -(30_000 + ground) });
    const balances = await balancesOf(t, order.id);
    expect(balances).toMatchObject({ processor_balance: -ground, platform_fees: ground, seller_payable: 0 });
  });

  it('never refunds part of a payment beyond what was paid, shipping included', async () => {
    const order = await bookShipped(30_000);
    await payFor(order.id);
    const problem = await insertProblem(t, order.id, cast.buyer.id);
    const tooMuch = await post(t, cast.admin, `/api/admin/order-problems/${problem.id}/refund`, {
      amountCents: 30_000 + ground + 1,
    });
    expect(tooMuch.statusCode).toBe(400);
    // All but a cent of it, shipping included, is a part the admin may give back.
    const part = await post(t, cast.admin, `/api/admin/order-problems/${problem.id}/refund`, {
      amountCents: 30_000 + ground - 1,
    });
    expect(part.statusCode, part.body).toBe(200);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment?.refundedCents).toBe(30_000 + ground - 1);
  });
});

describe('the seller pays for shipping', () => {
  const t = useTestApp({ env: () => ({ SHIPPING_PAID_BY: 'seller' }) });
  const { cast, bookShipped, payFor, buyLabel } = useShippingCast(t);

  it('charges the buyer no shipping and takes the label’s cost from the seller’s payout', async () => {
    expect(SellingTermsSchema.parse((await t.app.inject('/api/seller-fee')).json()).shippingPaidBy).toBe('seller');
    const order = await bookShipped(30_000);
    expect(await orderRow(t, order.id)).toMatchObject({ shippingPaidBy: 'seller', shippingCents: null });
    expect(await payFor(order.id)).toMatchObject({ amountCents: 30_000, shippingCents: 0 });
    const cost = await buyLabel(order.id, 'Ground');

    expect(await movementOf(t, order.id, 'label')).toEqual({ processor_balance: -cost, seller_payable: cost });
    expect(await balancesOf(t, order.id)).toMatchObject({ seller_payable: -(30_000 - feeOf(30_000) - cost) });
    const payouts = await t.app.inject({ url: '/api/me/payouts', headers: headersOf(cast.seller) });
    const sale = PayoutsSchema.parse(payouts.json()).sales.find((row) => row.orderId === order.id);
    expect(sale?.netCents).toBe(30_000 - feeOf(30_000) - cost);
  });
});
