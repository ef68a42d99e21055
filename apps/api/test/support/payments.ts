/** Helpers for the payment tests: booked orders, the payment page's calls, and what the sale left behind. */
import { eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { PaymentIntentSchema, type PaymentIntent } from '@recell/contract';
import { auditLog, orders, payments, testPaymentIntents } from '../../src/db/schema.ts';
import { advertise, advertisementsOf, insertOrder, insertProduct, productRow } from '../fixtures.ts';
import type { TestApp } from '../helpers.ts';
import { headersOf, type Caller } from './accounts.ts';

/** Stripe's test cards (https://docs.stripe.com/testing). */
export const testCards = {
  visa: '4242 4242 4242 4242',
  visaDebit: '4000 0566 5566 5556',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  expired: '4000 0000 0000 0069',
  incorrectCvc: '4000 0000 0000 0127',
} as const;

/** A future expiry, as typed on the card form. */
const futureExpiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/** A booking as the orders module makes it: open ('booked'), at the phone's price. */
export const bookOrder = (
  t: TestApp,
  buyer: { id: string },
  product: { id: string; priceCents: number },
  overrides: Partial<typeof orders.$inferInsert> = {},
) =>
  insertOrder(t.app.db, {
    productId: product.id,
    buyerId: buyer.id,
    phone: '5125550100',
    location: 'Austin, TX',
    priceCents: product.priceCents,
    ...overrides,
  });

/** A phone of `seller`'s for sale and advertised (its advertisement goes with the sale). */
export const advertisedPhone = async (
  t: TestApp,
  seller: Pick<Caller, 'id'>,
  overrides: Parameters<typeof insertProduct>[2] = {},
) => {
  const product = await insertProduct(t.app.db, seller.id, overrides);
  await advertise(t.app.db, product.id);
  return product;
};

/** An advertised phone of `seller`'s, booked by `buyer`: what a payment starts from. */
export const bookAdvertisedPhone = async (
  t: TestApp,
  seller: Pick<Caller, 'id'>,
  buyer: Pick<Caller, 'id'>,
  overrides: Parameters<typeof insertProduct>[2] = {},
) => {
  const product = await advertisedPhone(t, seller, overrides);
  const order = await bookOrder(t, buyer, product);
  return { product, order };
};

export const requestIntent = (t: TestApp, caller: Pick<Caller, 'headers'> | null, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payment-intent`,
    headers: headersOf(caller),
  });

/** POST /api/orders/:id/payment-intent as the buyer; fails the test unless it answers 200. */
export const intentFor = async (
  t: TestApp,
  buyer: Pick<Caller, 'headers'>,
  orderId: string,
): Promise<PaymentIntent> => {
  const response = await requestIntent(t, buyer, orderId);
  if (response.statusCode !== 200) throw new Error(`payment-intent: ${response.statusCode} ${response.body}`);
  return PaymentIntentSchema.parse(response.json());
};

/** What the payment page sends to the test-mode processor. */
export const confirmCard = (
  t: TestApp,
  intent: { paymentIntentId: string; clientSecret: string },
  card: { number?: string; expiry?: string; cvc?: string } = {},
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/test-processor/payment-intents/${intent.paymentIntentId}/confirm`,
    headers,
    payload: {
      clientSecret: intent.clientSecret,
      number: card.number ?? testCards.visa,
      expiry: card.expiry ?? futureExpiry,
      cvc: card.cvc ?? '123',
    },
  });

export const pay = (t: TestApp, caller: Pick<Caller, 'headers'> | null, orderId: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/pay`,
    headers: headersOf(caller),
    payload: body as object,
  });

/** Everything the sale of this phone wrote: its status, advertisement, orders, payments, audit. */
export const saleOf = async (t: TestApp, productId: string) => {
  const db = t.app.db;
  const product = await productRow(db, productId);
  const productOrders = await db.select().from(orders).where(eq(orders.productId, productId));
  const orderIds = productOrders.map((order) => order.id);
  return {
    productStatus: product.status,
    isAdvertised: (await advertisementsOf(db, productId)).length > 0,
    orders: productOrders,
    paidOrders: productOrders.filter((order) => order.status === 'paid'),
    payments: orderIds.length > 0 ? await db.select().from(payments).where(inArray(payments.orderId, orderIds)) : [],
    audit: orderIds.length > 0 ? await db.select().from(auditLog).where(inArray(auditLog.subjectId, orderIds)) : [],
  };
};

export const testIntentRow = async (t: TestApp, id: string) =>
  (await t.app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)))[0];

/** A test-mode intent for the order straight in the database, however it came to exist (its secret: `<id>_secret_x`). */
export const insertTestIntent = (
  t: TestApp,
  intent: Pick<typeof testPaymentIntents.$inferInsert, 'id' | 'orderId' | 'amountCents' | 'status'>,
) => t.app.db.insert(testPaymentIntents).values({ clientSecret: `${intent.id}_secret_x`, ...intent });

/**
 * Runs `action` while the database refuses every payment row (as a failing disk or a lost
 * connection would), so the sale's transaction cannot commit; then lets payments in again.
 */
export const whilePaymentsAreRefused = async (t: TestApp, action: () => Promise<void>) => {
  await t.app.db.execute(sql`
    create function refuse_payment() returns trigger language plpgsql as $$
    begin raise exception 'payments are refused'; end $$`);
  await t.app.db.execute(
    sql`create trigger refuse_payment before insert on payments for each row execute function refuse_payment()`,
  );
  try {
    await action();
  } finally {
    await t.app.db.execute(sql`drop trigger refuse_payment on payments`);
    await t.app.db.execute(sql`drop function refuse_payment()`);
  }
};

/** Posts a Stripe event to the webhook, signed with `secret` (Stripe's own test helper signs it). */
export const postStripeEvent = (
  t: TestApp,
  payload: string,
  secret: string,
  signature?: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
