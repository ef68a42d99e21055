/**
 * Card payments with Stripe, against a local server speaking Stripe's API (test/support/fake-stripe.ts):
 * PaymentIntents with manual capture, the sale through /pay and through Stripe's signed webhooks,
 * each event handled once, and refused buyers' authorisations released at Stripe.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyingMessages,
  ErrorBodySchema,
  messages,
  OrderSchema,
  paymentMessages,
  PaymentIntentSchema,
  type PaymentIntent,
} from '@recell/contract';
import { webhookEvents } from '../src/db/schema.ts';
import { callerWithRole, useCast, type Caller } from './support/accounts.ts';
import { expectError, useTestApp } from './support/api.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import {
  advertisedPhone,
  bookAdvertisedPhone,
  bookOrder,
  intentFor,
  pay,
  postStripeEvent,
  requestIntent,
  saleOf,
  whilePaymentsAreRefused,
} from './support/payments.ts';

describe('payments with Stripe', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(() => stripe.stop());
  let listingChanges = 0;
  const t = useTestApp({ env: () => stripe.env, onListingsChanged: () => listingChanges++ });
  const cast = useCast(t);

  const bookedPhone = (who: Caller = cast.buyer) => bookAdvertisedPhone(t, cast.seller, who, { priceCents: 52_500 });

  /** Booked, with the card confirmed in the page by Stripe Elements (the intent requires capture). */
  const confirmedSale = async (who: Caller = cast.buyer) => {
    const { product, order } = await bookedPhone(who);
    const intent = await intentFor(t, who, order.id);
    stripe.confirm(intent.paymentIntentId);
    return { product, order, intent };
  };

  const statusAtStripe = (id: string) => stripe.intents.get(id)!.status;
  const captures = (id: string) => stripe.calls.capture.get(id) ?? 0;

  describe('the payment page', () => {
    it('is told to use Stripe with the publishable key', async () => {
      const response = await t.app.inject('/api/payments/config');
      expect(response.json()).toEqual({ processor: 'stripe', publishableKey: stripe.publishableKey });
      expect(response.body).not.toContain(stripe.secretKey);
    });

    it('may load Stripe.js and its frames, and call Stripe’s API (Content-Security-Policy)', async () => {
      const csp = String((await t.app.inject('/api/categories')).headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp.split(';').map((directive) => {
          const [name, ...sources] = directive.trim().split(/\s+/);
          return [name, sources.join(' ')];
        }),
      );
      expect(directives).toMatchObject({
        'default-src': "'self'",
        'script-src': "'self' https://js.stripe.com",
        'frame-src': "'self' https://js.stripe.com https://hooks.stripe.com",
        'connect-src': "'self' https://api.stripe.com",
        'style-src': "'self'",
        'frame-ancestors': "'none'",
      });
    });

    it('has no test-mode card confirmation', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test-processor/payment-intents/pi_x/confirm',
        payload: { clientSecret: 'x', number: '4242424242424242', expiry: '12/40', cvc: '123' },
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('POST /api/orders/:id/payment-intent', () => {
    it('creates a manual-capture card PaymentIntent for the order’s price, and reuses it', async () => {
      const { order } = await bookedPhone();
      const response = await requestIntent(t, cast.buyer, order.id);
      expect(response.statusCode, response.body).toBe(200);
      const intent = PaymentIntentSchema.parse(response.json());
      const atStripe = stripe.intents.get(intent.paymentIntentId)!;
      expect(intent).toEqual({
        paymentIntentId: atStripe.id,
        clientSecret: atStripe.client_secret,
        amountCents: 52_500,
        priceCents: 52_500,
        buyerFeeCents: 0,
        shippingCents: 0,
        currency: 'usd',
        processor: 'stripe',
      });
      expect(atStripe).toMatchObject({
        amount: 52_500,
        currency: 'usd',
        capture_method: 'manual',
        allowed_payment_method_types: ['card'],
        metadata: { orderId: order.id },
      });
      expect(await intentFor(t, cast.buyer, order.id)).toEqual(intent);
    });

    it('refuses anonymous callers, sellers and admins, and hides other buyers’ orders', async () => {
      const { order } = await bookedPhone();
      expect((await requestIntent(t, null, order.id)).statusCode).toBe(401);
      expect((await requestIntent(t, cast.seller, order.id)).statusCode).toBe(403);
      expect((await requestIntent(t, cast.admin, order.id)).statusCode).toBe(403);
      expectError(await requestIntent(t, cast.otherBuyer, order.id), 404, {
        code: 'not_found',
        message: buyingMessages.orderNotFound,
      });
    });
  });

  describe('POST /api/orders/:id/pay', () => {
    it('captures the authorised card at Stripe and records the sale', async () => {
      const { product, order, intent } = await confirmedSale();
      listingChanges = 0;
      const response = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId, amount: 1 });
      expect(response.statusCode, response.body).toBe(200);
      expect(OrderSchema.parse(response.json())).toMatchObject({
        status: 'paid',
        transactionId: intent.paymentIntentId,
        product: { status: 'sold' },
      });
      expect(statusAtStripe(intent.paymentIntentId)).toBe('succeeded');
      expect(captures(intent.paymentIntentId)).toBe(1);
      const sale = await saleOf(t, product.id);
      expect(sale.payments).toEqual([
        expect.objectContaining({
          provider: 'stripe',
          providerPaymentId: intent.paymentIntentId,
          amountCents: 52_500,
          currency: 'usd',
        }),
      ]);
      expect(sale.productStatus).toBe('sold');
      expect(sale.isAdvertised).toBe(false);
      expect(listingChanges).toBe(1);

      // Repeated: the same paid order, no second capture, no second payment.
      const again = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(response.json());
      expect(captures(intent.paymentIntentId)).toBe(1);
      expect((await saleOf(t, product.id)).payments).toHaveLength(1);
    });

    it('refuses anonymous callers, sellers, admins and other buyers without capturing', async () => {
      const { order, intent } = await confirmedSale();
      const body = { paymentIntentId: intent.paymentIntentId };
      expect((await pay(t, null, order.id, body)).statusCode).toBe(401);
      expect((await pay(t, cast.seller, order.id, body)).statusCode).toBe(403);
      expect((await pay(t, cast.admin, order.id, body)).statusCode).toBe(403);
      expectError(await pay(t, cast.otherBuyer, order.id, body), 404, {
        code: 'not_found',
        message: buyingMessages.orderNotFound,
      });
      expect(captures(intent.paymentIntentId)).toBe(0);
      expect(statusAtStripe(intent.paymentIntentId)).toBe('requires_capture');
    });

    it('refuses a declined card (not confirmed) and records nothing', async () => {
      const { product, order } = await bookedPhone();
      const intent = await intentFor(t, cast.buyer, order.id);
      stripe.confirm(intent.paymentIntentId, '4000 0000 0000 0002');
      expectError(await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId }), 409, {
        code: 'conflict',
        message: paymentMessages.paymentNotConfirmed,
      });
      expect((await saleOf(t, product.id)).payments).toEqual([]);
      expect((await saleOf(t, product.id)).orders.map((o) => o.status)).toEqual(['booked']);
    });

    it('answers a capture Stripe refuses with Stripe’s message (402) and records nothing', async () => {
      const { product, order, intent } = await confirmedSale();
      stripe.refuseCaptureOf(intent.paymentIntentId, {
        code: 'insufficient_funds',
        message: paymentMessages.insufficientFunds,
      });
      expectError(await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId }), 402, {
        code: 'payment_failed',
        message: paymentMessages.insufficientFunds,
      });
      const sale = await saleOf(t, product.id);
      expect(sale.payments).toEqual([]);
      expect(sale.productStatus).toBe('available');
      expect(sale.orders.map((o) => o.status)).toEqual(['booked']);
    });

    it('refuses another order’s intent without cancelling it', async () => {
      const mine = await bookedPhone();
      const theirs = await confirmedSale(cast.otherBuyer);
      expectError(await pay(t, cast.buyer, mine.order.id, { paymentIntentId: theirs.intent.paymentIntentId }), 409, {
        code: 'conflict',
        message: paymentMessages.paymentIntentMismatch,
      });
      expectError(await pay(t, cast.buyer, mine.order.id, { paymentIntentId: 'pi_unknown' }), 409, {
        code: 'conflict',
        message: paymentMessages.paymentIntentMismatch,
      });
      expect(statusAtStripe(theirs.intent.paymentIntentId)).toBe('requires_capture');
      expect(stripe.calls.cancel.get(theirs.intent.paymentIntentId)).toBeUndefined();
    });

    it('keeps money captured for a sale that could not be recorded, and records it on the next attempt', async () => {
      const { product, order, intent } = await confirmedSale();
      await whilePaymentsAreRefused(t, async () => {
        expect((await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(500);
      });
      expect(statusAtStripe(intent.paymentIntentId)).toBe('succeeded');
      expect((await saleOf(t, product.id)).payments).toEqual([]);
      const again = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
      expect(again.statusCode, again.body).toBe(200);
      expect(captures(intent.paymentIntentId)).toBe(1);
      expect(stripe.calls.refund.get(intent.paymentIntentId)).toBeUndefined();
      const sale = await saleOf(t, product.id);
      expect(sale.payments.map((p) => p.providerPaymentId)).toEqual([intent.paymentIntentId]);
      expect(sale.productStatus).toBe('sold');
    });

    it('sells a phone once to 10 buyers paying at the same moment, cancelling the others at Stripe', async () => {
      const product = await advertisedPhone(t, cast.seller, { priceCents: 30_000 });
      const attempts: Array<{ who: Caller; order: { id: string }; intent: PaymentIntent }> = [];
      for (let i = 0; i < 10; i += 1) {
        const who = await callerWithRole(t, 'user');
        const order = await bookOrder(t, who, product);
        const intent = await intentFor(t, who, order.id);
        stripe.confirm(intent.paymentIntentId);
        attempts.push({ who, order, intent });
      }
      const responses = await Promise.all(
        attempts.map(({ who, order, intent }) => pay(t, who, order.id, { paymentIntentId: intent.paymentIntentId })),
      );
      expect(responses.filter((r) => r.statusCode >= 500)).toEqual([]);
      const winners = attempts.filter((_, i) => responses[i]!.statusCode === 200);
      expect(winners).toHaveLength(1);
      for (const response of responses.filter((r) => r.statusCode !== 200)) {
        expectError(response, 409, { code: 'conflict', message: paymentMessages.phoneSold });
      }
      for (const { intent } of attempts) {
        const isWinner = intent === winners[0]!.intent;
        expect(statusAtStripe(intent.paymentIntentId)).toBe(isWinner ? 'succeeded' : 'canceled');
        expect(captures(intent.paymentIntentId)).toBe(isWinner ? 1 : 0);
      }
      const sale = await saleOf(t, product.id);
      expect(sale.payments).toHaveLength(1);
      expect(sale.paidOrders.map((o) => o.id)).toEqual([winners[0]!.order.id]);
      expect(sale.productStatus).toBe('sold');
      expect(sale.isAdvertised).toBe(false);
    });
  });

  describe('DELETE /api/orders/:id', () => {
    it('releases the order’s authorisation at Stripe at once', async () => {
      const { order, intent } = await confirmedSale();
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/orders/${order.id}`,
        headers: cast.buyer.headers,
      });
      expect(response.statusCode).toBe(204);
      expect(statusAtStripe(intent.paymentIntentId)).toBe('canceled');
      expect(stripe.calls.cancel.get(intent.paymentIntentId)).toBe(1);
      expect(captures(intent.paymentIntentId)).toBe(0);
    });
  });

  describe('POST /api/webhooks/stripe', () => {
    const eventRows = async (eventId: string) =>
      t.app.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));

    it('refuses an event with a bad, missing or foreign signature (400) and changes nothing', async () => {
      const { product, intent } = await confirmedSale();
      const event = stripe.event('payment_intent.amount_capturable_updated', intent.paymentIntentId);
      const invalid = { code: 'validation', message: paymentMessages.webhookSignatureInvalid };
      expectError(await postStripeEvent(t, event.payload, 'whsec_someone_else'), 400, invalid);
      expectError(await postStripeEvent(t, event.payload, stripe.webhookSecret, 't=1,v1=deadbeef'), 400, invalid);
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: event.payload,
      });
      expectError(unsigned, 400, invalid);
      // A body changed after signing.
      const signedOriginal = (await import('stripe')).default.webhooks.generateTestHeaderString({
        payload: event.payload,
        secret: stripe.webhookSecret,
      });
      expectError(
        await postStripeEvent(t, event.payload.replace('52500', '1'), stripe.webhookSecret, signedOriginal),
        400,
        invalid,
      );

      expect(await eventRows(event.id)).toEqual([]);
      expect(captures(intent.paymentIntentId)).toBe(0);
      expect((await saleOf(t, product.id)).payments).toEqual([]);
    });

    it('settles the sale once from an authorised card’s event, however often Stripe sends it', async () => {
      const { product, order, intent } = await confirmedSale();
      const event = stripe.event('payment_intent.amount_capturable_updated', intent.paymentIntentId);
      listingChanges = 0;
      for (let i = 0; i < 2; i += 1) {
        const response = await postStripeEvent(t, event.payload, stripe.webhookSecret);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ received: true });
      }
      expect(captures(intent.paymentIntentId)).toBe(1);
      const sale = await saleOf(t, product.id);
      expect(sale.payments).toEqual([expect.objectContaining({ providerPaymentId: intent.paymentIntentId })]);
      expect(sale.paidOrders.map((o) => o.id)).toEqual([order.id]);
      expect(sale.productStatus).toBe('sold');
      expect(sale.audit).toEqual([
        expect.objectContaining({ action: 'payment.recorded', detail: expect.objectContaining({ via: 'webhook' }) }),
      ]);
      expect(await eventRows(event.id)).toHaveLength(1);
      expect(listingChanges).toBe(1);

      // The page's /pay after the webhook finds the order paid: the paid order, nothing more.
      const paid = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
      expect(paid.statusCode).toBe(200);
      expect(OrderSchema.parse(paid.json()).status).toBe('paid');
      // Stripe then reports the capture: already recorded, nothing changes.
      const succeeded = stripe.event('payment_intent.succeeded', intent.paymentIntentId);
      expect((await postStripeEvent(t, succeeded.payload, stripe.webhookSecret)).statusCode).toBe(200);
      expect((await saleOf(t, product.id)).payments).toHaveLength(1);
      expect(captures(intent.paymentIntentId)).toBe(1);
    });

    it('settles once when the same event arrives twice at the same moment', async () => {
      const { product, intent } = await confirmedSale();
      const event = stripe.event('payment_intent.amount_capturable_updated', intent.paymentIntentId);
      const responses = await Promise.all([
        postStripeEvent(t, event.payload, stripe.webhookSecret),
        postStripeEvent(t, event.payload, stripe.webhookSecret),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(captures(intent.paymentIntentId)).toBe(1);
      expect((await saleOf(t, product.id)).payments).toHaveLength(1);
    });

    it('records a payment Stripe captured that is not recorded yet', async () => {
      const { product, order, intent } = await confirmedSale();
      const atStripe = stripe.intents.get(intent.paymentIntentId)!;
      atStripe.status = 'succeeded';
      atStripe.latest_charge = {
        id: 'ch_x',
        object: 'charge',
        amount: atStripe.amount,
        amount_refunded: 0,
        refunded: false,
      };
      const event = stripe.event('payment_intent.succeeded', intent.paymentIntentId);
      expect((await postStripeEvent(t, event.payload, stripe.webhookSecret)).statusCode).toBe(200);
      expect(captures(intent.paymentIntentId)).toBe(0);
      const sale = await saleOf(t, product.id);
      expect(sale.payments).toEqual([expect.objectContaining({ orderId: order.id, amountCents: 52_500 })]);
    });

    it('acknowledges the event of a buyer who lost the phone, releasing their card', async () => {
      const winner = await confirmedSale(cast.otherBuyer);
      expect(
        (await pay(t, cast.otherBuyer, winner.order.id, { paymentIntentId: winner.intent.paymentIntentId })).statusCode,
      ).toBe(200);
      const loserOrder = await bookOrder(t, cast.buyer, winner.product);
      const loserIntent = await intentFor(t, cast.buyer, loserOrder.id).catch(() => null);
      // The phone is sold, so the loser cannot even get an intent; one made before the sale is released.
      expect(loserIntent).toBeNull();
      const early = await stripeIntentFor(loserOrder.id, winner.product.priceCents);
      stripe.confirm(early);
      const event = stripe.event('payment_intent.amount_capturable_updated', early);
      expect((await postStripeEvent(t, event.payload, stripe.webhookSecret)).statusCode).toBe(200);
      expect(statusAtStripe(early)).toBe('canceled');
      expect(await eventRows(event.id)).toHaveLength(1);
      expect((await saleOf(t, winner.product.id)).payments).toHaveLength(1);
    });

    it('acknowledges other events once', async () => {
      const { intent } = await confirmedSale();
      const event = stripe.event('payment_intent.created', intent.paymentIntentId);
      for (let i = 0; i < 2; i += 1) {
        expect((await postStripeEvent(t, event.payload, stripe.webhookSecret)).statusCode).toBe(200);
      }
      expect(await eventRows(event.id)).toEqual([
        expect.objectContaining({ provider: 'stripe', type: 'payment_intent.created' }),
      ]);
      expect(captures(intent.paymentIntentId)).toBe(0);
    });

    it('takes events whatever site the call says it comes from (the signature proves Stripe)', async () => {
      const { intent } = await confirmedSale();
      const event = stripe.event('payment_intent.created', intent.paymentIntentId);
      const response = await postStripeEvent(t, event.payload, stripe.webhookSecret, undefined, {
        origin: 'https://stripe.example',
        'sec-fetch-site': 'cross-site',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await eventRows(event.id)).toHaveLength(1);
    });

    it('keeps its raw body to itself: other routes still read JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@recell.test', password: 'wrong-password' },
      });
      expect(ErrorBodySchema.parse(response.json()).error.message).toBe(messages.userNotFound);
    });
  });

  /** An intent made at Stripe for the order directly (as one created before the phone was sold). */
  const stripeIntentFor = async (orderId: string, amountCents: number) => {
    const { createStripeClient } = await import('../src/adapters/payments/stripe-processor.ts');
    const client = createStripeClient({ secretKey: stripe.secretKey, apiUrl: stripe.url });
    const created = await client.paymentIntents.create({
      amount: amountCents,
      currency: 'usd',
      capture_method: 'manual',
      metadata: { orderId },
    });
    return created.id;
  };
});
