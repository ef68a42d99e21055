/** Helpers for the payment tests: booked orders, the payment page's calls, and what the sale left behind. */
import { eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { PaymentIntentSchema, type PaymentIntent } from '@recell/contract';
import { advertisements, auditLog, orders, payments, products, testPaymentIntents } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers.ts';
import type { Caller } from './listings.ts';

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
export const futureExpiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/** A booking as the orders module makes it: open ('booked'), at the phone's price. */
export const bookOrder = async (
  t: TestApp,
  buyer: { id: string },
  product: { id: string; priceCents: number },
  overrides: Partial<typeof orders.$inferInsert> = {},
) => {
  const [order] = await t.app.db
    .insert(orders)
    .values({
      productId: product.id,
      buyerId: buyer.id,
      phone: '5125550100',
      location: 'Austin, TX',
      priceCents: product.priceCents,
      ...overrides,
    })
    .returning();
  return order!;
};

export const requestIntent = (t: TestApp, caller: Pick<Caller, 'headers'> | null, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payment-intent`,
    headers: caller?.headers ?? {},
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
    headers: caller?.headers ?? {},
    payload: body as object,
  });

/** Everything the sale of this phone wrote: its status, advertisement, orders, payments, audit. */
export const saleOf = async (t: TestApp, productId: string) => {
  const db = t.app.db;
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  const productOrders = await db.select().from(orders).where(eq(orders.productId, productId));
  const orderIds = productOrders.map((order) => order.id);
  return {
    productStatus: product!.status,
    isAdvertised: (await db.select().from(advertisements).where(eq(advertisements.productId, productId))).length > 0,
    orders: productOrders,
    paidOrders: productOrders.filter((order) => order.status === 'paid'),
    payments: orderIds.length > 0 ? await db.select().from(payments).where(inArray(payments.orderId, orderIds)) : [],
    audit: orderIds.length > 0 ? await db.select().from(auditLog).where(inArray(auditLog.subjectId, orderIds)) : [],
  };
};

export const testIntentRow = async (t: TestApp, id: string) =>
  (await t.app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)))[0];

/** Posts a Stripe event to the webhook, signed with `secret` (Stripe's own test helper signs it). */
export const postStripeEvent = (t: TestApp, payload: string, secret: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
