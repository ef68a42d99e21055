/**
 * Card payments with the built-in test-mode processor (the embedded default): the payment page's
 * config, the order's payment intent, the card confirmation with Stripe's test cards, and the sale
 * itself — for every role, with another buyer's order, with tampered prices, and with 50 buyers
 * racing for one phone.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buyingMessages,
  ErrorBodySchema,
  OrderSchema,
  PaymentConfigSchema,
  paymentMessages,
  TestConfirmationSchema,
  type PaymentIntent,
} from '@recell/contract';
import { auditLog, orders, payments, products, testPaymentIntents } from '../src/db/schema.ts';
import { disableUser, insertProduct } from './fixtures.ts';
import { callerWithRole, useCast, type Caller } from './support/accounts.ts';
import { expectError, forbidden, unauthorized, useTestApp } from './support/api.ts';
import {
  advertisedPhone,
  bookAdvertisedPhone,
  bookOrder,
  confirmCard,
  insertTestIntent,
  intentFor,
  pay,
  requestIntent,
  saleOf,
  testCards,
  testIntentRow,
  whilePaymentsAreRefused,
} from './support/payments.ts';

const orderNotFound = { code: 'not_found', message: buyingMessages.orderNotFound };

describe('payments with the built-in test-mode processor', () => {
  let listingChanges = 0;
  const t = useTestApp({ onListingsChanged: () => listingChanges++ });
  const cast = useCast(t);
  beforeEach(() => {
    listingChanges = 0;
  });

  /** An advertised phone of the seller's, booked by `who` (the buyer unless told otherwise). */
  const bookedPhone = (who: Caller = cast.buyer, overrides: Parameters<typeof insertProduct>[2] = {}) =>
    bookAdvertisedPhone(t, cast.seller, who, { priceCents: 45_000, ...overrides });

  /** A booked phone whose card the buyer has confirmed with 4242 (status requires_capture). */
  const confirmedSale = async (who: Caller = cast.buyer) => {
    const { product, order } = await bookedPhone(who);
    const intent = await intentFor(t, who, order.id);
    const confirmed = await confirmCard(t, intent);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { product, order, intent };
  };

  const intentStatus = async (id: string) => (await testIntentRow(t, id))!.status;

  describe('GET /api/payments/config', () => {
    it('tells anyone, signed in or not, that the page talks to the test-mode processor', async () => {
      for (const headers of [{}, cast.buyer.headers, cast.seller.headers, cast.admin.headers]) {
        const response = await t.app.inject({ url: '/api/payments/config', headers });
        expect(response.statusCode).toBe(200);
        expect(PaymentConfigSchema.parse(response.json())).toEqual({ processor: 'test', publishableKey: null });
      }
    });

    it('registers neither Stripe’s webhook nor Stripe’s origins in the Content-Security-Policy', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: {} });
      expect(response.statusCode).toBe(404);
      const csp = String((await t.app.inject('/api/categories')).headers['content-security-policy']);
      expect(csp).not.toContain('stripe.com');
      expect(csp).toContain("script-src 'self';");
    });
  });

  it('documents the payment endpoints, the buyer’s ones as needing sign-in', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json();
    expect(document.paths['/api/payments/config'].get.security).toBeUndefined();
    expect(document.paths['/api/orders/{id}/payment-intent'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/orders/{id}/pay'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/test-processor/payment-intents/{id}/confirm'].post.security).toBeUndefined();
    expect(document.paths['/api/orders/{id}/pay'].post.responses).toHaveProperty('402');
  });

  describe('POST /api/orders/:id/payment-intent', () => {
    it('gives the buyer an intent for the order’s price, kept on the order', async () => {
      const { order } = await bookedPhone();
      const response = await requestIntent(t, cast.buyer, order.id);
      expect(response.statusCode, response.body).toBe(200);
      const intent = response.json();
      expect(intent).toEqual({
        paymentIntentId: expect.stringMatching(/^pi_test_[0-9a-f]{24}$/),
        clientSecret: expect.stringMatching(/^pi_test_[0-9a-f]{24}_secret_[0-9a-f]{32}$/),
        amountCents: 45_000,
        priceCents: 45_000,
        // No service fee by default, and no shipping for a meeting.
        buyerFeeCents: 0,
        shippingCents: 0,
        currency: 'usd',
        processor: 'test',
      });
      expect(intent.clientSecret.startsWith(`${intent.paymentIntentId}_secret_`)).toBe(true);
      const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.paymentIntentId).toBe(intent.paymentIntentId);
      expect(await testIntentRow(t, intent.paymentIntentId)).toMatchObject({
        orderId: order.id,
        amountCents: 45_000,
        status: 'requires_payment_method',
      });
    });

    it('charges the price the phone had when it was booked, not what the seller asks now', async () => {
      const { product, order } = await bookedPhone();
      await t.app.db.update(products).set({ priceCents: 1_00 }).where(eq(products.id, product.id));
      expect((await intentFor(t, cast.buyer, order.id)).amountCents).toBe(45_000);
    });

    it('returns the same intent while it waits for a card, also after a declined card', async () => {
      const { order } = await bookedPhone();
      const first = await intentFor(t, cast.buyer, order.id);
      expect(await intentFor(t, cast.buyer, order.id)).toEqual(first);
      expect((await confirmCard(t, first, { number: testCards.declined })).statusCode).toBe(402);
      expect(await intentFor(t, cast.buyer, order.id)).toEqual(first);
    });

    it('releases an authorisation left from an abandoned attempt and makes a new intent', async () => {
      const { order, intent } = await confirmedSale();
      const next = await intentFor(t, cast.buyer, order.id);
      expect(next.paymentIntentId).not.toBe(intent.paymentIntentId);
      expect(await intentStatus(intent.paymentIntentId)).toBe('canceled');
      expect(await intentStatus(next.paymentIntentId)).toBe('requires_payment_method');
    });

    it('refuses anonymous callers (401), sellers and admins (403), and hides other buyers’ orders (404)', async () => {
      const { order } = await bookedPhone();
      expectError(await requestIntent(t, null, order.id), 401, unauthorized);
      expectError(await requestIntent(t, cast.seller, order.id), 403, forbidden);
      expectError(await requestIntent(t, cast.admin, order.id), 403, forbidden);
      expectError(await requestIntent(t, cast.otherBuyer, order.id), 404, orderNotFound);
      expectError(await requestIntent(t, cast.buyer, '4b6f0c1e-0000-4000-8000-000000000000'), 404, orderNotFound);
      expectError(await requestIntent(t, cast.buyer, 'not-an-id'), 404, orderNotFound);
      const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.paymentIntentId).toBeNull();
    });

    it('refuses a paid order, a cancelled one, and one whose phone is sold or removed (409)', async () => {
      const paid = await bookedPhone(cast.buyer);
      await t.app.db.update(orders).set({ status: 'paid', transactionId: 'pi_x' }).where(eq(orders.id, paid.order.id));
      expectError(await requestIntent(t, cast.buyer, paid.order.id), 409, {
        code: 'conflict',
        message: paymentMessages.orderPaid,
      });

      const cancelled = await bookedPhone(cast.buyer);
      await t.app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.order.id));
      const sold = await bookedPhone(cast.buyer);
      await t.app.db.update(products).set({ status: 'sold' }).where(eq(products.id, sold.product.id));
      const removed = await bookedPhone(cast.buyer);
      await t.app.db.update(products).set({ status: 'removed' }).where(eq(products.id, removed.product.id));
      for (const { order } of [cancelled, sold, removed]) {
        expectError(await requestIntent(t, cast.buyer, order.id), 409, {
          code: 'conflict',
          message: paymentMessages.orderNotPayable,
        });
      }
    });
  });

  describe('POST /api/test-processor/payment-intents/:id/confirm', () => {
    it('authorises Stripe’s success cards without sign-in (the client secret authorises), keeping the last four digits only', async () => {
      for (const [number, brand] of [
        [testCards.visa, 'visa'],
        [testCards.mastercard, 'mastercard'],
        [testCards.visaDebit, 'visa'],
      ] as const) {
        const { order } = await bookedPhone();
        const intent = await intentFor(t, cast.buyer, order.id);
        const response = await confirmCard(t, intent, { number, cvc: '987' });
        expect(response.statusCode, response.body).toBe(200);
        expect(TestConfirmationSchema.parse(response.json())).toEqual({
          paymentIntentId: intent.paymentIntentId,
          status: 'requires_capture',
        });
        const row = await testIntentRow(t, intent.paymentIntentId);
        expect(row).toMatchObject({ status: 'requires_capture', cardBrand: brand, cardLast4: number.slice(-4) });
        // Authorised is not paid: nothing is recorded until the sale captures it.
        expect((await saleOf(t, order.productId)).payments).toEqual([]);
      }
    });

    it('never stores the card number or the CVC anywhere', async () => {
      const { order } = await bookedPhone();
      const intent = await intentFor(t, cast.buyer, order.id);
      await confirmCard(t, intent, { number: testCards.mastercard, cvc: '9731' });
      await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
      const everything = JSON.stringify([
        await t.app.db.select().from(testPaymentIntents),
        await t.app.db.select().from(payments),
        await t.app.db.select().from(orders),
        await t.app.db.select().from(auditLog),
      ]);
      expect(everything).toContain('"cardLast4":"4444"');
      expect(everything).not.toContain('5555555555554444');
      expect(everything).not.toContain('5555 5555');
      // As a stored value or field (random ids may contain any four digits by chance).
      expect(everything).not.toMatch(/"9731"|"cvc"/i);
    });

    const refusals: Array<[string, { number?: string; expiry?: string; cvc?: string }, string, string, string | null]> =
      [
        ['a declined card', { number: testCards.declined }, 'card_declined', paymentMessages.cardDeclined, null],
        [
          'insufficient funds',
          { number: testCards.insufficientFunds },
          'insufficient_funds',
          paymentMessages.insufficientFunds,
          null,
        ],
        ['an expired card', { number: testCards.expired }, 'expired_card', paymentMessages.expiredCard, 'expiry'],
        ['a wrong CVC', { number: testCards.incorrectCvc }, 'incorrect_cvc', paymentMessages.incorrectCvc, 'cvc'],
        [
          'a real card in test mode',
          { number: '4111 1111 1111 1111' },
          'card_declined',
          paymentMessages.testModeLiveCard,
          null,
        ],
        [
          'a number failing Luhn',
          { number: '4242 4242 4242 4241' },
          'incorrect_number',
          paymentMessages.incorrectNumber,
          'number',
        ],
        [
          'letters in the number',
          { number: '4242 4242 abcd 4242' },
          'invalid_number',
          paymentMessages.invalidNumber,
          'number',
        ],
        ['a malformed expiry', { expiry: '13/40' }, 'invalid_expiry', paymentMessages.invalidExpiry, 'expiry'],
        ['a past expiry year', { expiry: '01/20' }, 'invalid_expiry_year', paymentMessages.invalidExpiryYear, 'expiry'],
        ['a short CVC', { cvc: '12' }, 'invalid_cvc', paymentMessages.invalidCvc, 'cvc'],
      ];

    for (const [name, card, code, message, field] of refusals) {
      it(`refuses ${name} with Stripe’s message (402): the intent waits for another card and nothing is paid`, async () => {
        const { order, product } = await bookedPhone();
        const intent = await intentFor(t, cast.buyer, order.id);
        expectError(await confirmCard(t, intent, card), 402, {
          code: 'payment_failed',
          message,
          ...(field ? { fields: { [field]: message } } : {}),
        });
        expect(await testIntentRow(t, intent.paymentIntentId)).toMatchObject({
          status: 'requires_payment_method',
          lastErrorCode: code,
          lastErrorMessage: message,
          cardLast4: null,
        });
        // Paying with it is refused too, and nothing is recorded.
        expectError(await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId }), 409, {
          code: 'conflict',
          message: paymentMessages.paymentNotConfirmed,
        });
        const sale = await saleOf(t, product.id);
        expect(sale.payments).toEqual([]);
        expect(sale.orders.map((o) => o.status)).toEqual(['booked']);
        expect(sale.productStatus).toBe('available');
        expect(sale.isAdvertised).toBe(true);
        // The buyer can try again with a good card.
        expect((await confirmCard(t, intent)).statusCode).toBe(200);
      });
    }

    it('answers a wrong or another intent’s client secret, or an unknown intent, as Stripe does (404)', async () => {
      const { order } = await bookedPhone();
      const intent = await intentFor(t, cast.buyer, order.id);
      const other = await intentFor(t, cast.otherBuyer, (await bookedPhone(cast.otherBuyer)).order.id);
      const mismatch = { code: 'not_found', message: paymentMessages.clientSecretMismatch };
      expectError(await confirmCard(t, { ...intent, clientSecret: `${intent.clientSecret}x` }), 404, mismatch);
      expectError(await confirmCard(t, { ...intent, clientSecret: other.clientSecret }), 404, mismatch);
      expectError(await confirmCard(t, { ...intent, paymentIntentId: 'pi_test_unknown' }), 404, mismatch);
      // Being signed in grants nothing here: only the client secret authorises.
      for (const caller of [cast.buyer, cast.otherBuyer, cast.seller, cast.admin]) {
        expectError(
          await confirmCard(t, { ...intent, clientSecret: other.clientSecret }, {}, caller.headers),
          404,
          mismatch,
        );
      }
      expect(await intentStatus(intent.paymentIntentId)).toBe('requires_payment_method');
    });

    it('refuses a second confirmation (409) and one of a cancelled intent (409)', async () => {
      const { order, intent } = await confirmedSale();
      expectError(await confirmCard(t, intent), 409, {
        code: 'conflict',
        message: paymentMessages.paymentAlreadyConfirmed,
      });
      await intentFor(t, cast.buyer, order.id); // releases the authorisation: the intent is cancelled
      expectError(await confirmCard(t, intent), 409, {
        code: 'conflict',
        message: paymentMessages.paymentIntentCanceled,
      });
    });

    it('names missing fields (400)', async () => {
      const { order } = await bookedPhone();
      const intent = await intentFor(t, cast.buyer, order.id);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/test-processor/payment-intents/${intent.paymentIntentId}/confirm`,
        payload: { clientSecret: intent.clientSecret, number: testCards.visa },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(ErrorBodySchema.parse(response.json()).error.fields ?? {}).sort()).toEqual(['cvc', 'expiry']);
    });
  });

  describe('POST /api/orders/:id/pay', () => {
    it('sells the phone: captures, records the payment, marks the order paid and the phone sold, removes its advertisement', async () => {
      const { product, order, intent } = await confirmedSale();
      const response = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
      expect(response.statusCode, response.body).toBe(200);
      const paid = OrderSchema.parse(response.json());
      expect(paid).toMatchObject({
        id: order.id,
        status: 'paid',
        priceCents: 45_000,
        transactionId: intent.paymentIntentId,
        canPay: false,
        phone: '5125550100',
        location: 'Austin, TX',
        product: { id: product.id, name: 'iPhone 13', status: 'sold', priceCents: 45_000, originalPriceCents: 79_900 },
        seller: { id: cast.seller.id, name: 'Marcus Bennett', isVerified: true },
      });
      // Buyer and seller arrange the meeting in the order's messages: the seller's number is not told.
      expect(paid.seller).not.toHaveProperty('phone');
      expect(response.body).not.toContain('01700000000');
      expect(Math.abs(Date.parse(paid.paidAt!) - Date.now())).toBeLessThan(60_000);

      const sale = await saleOf(t, product.id);
      expect(sale.productStatus).toBe('sold');
      expect(sale.isAdvertised).toBe(false);
      expect(sale.payments).toEqual([
        expect.objectContaining({
          orderId: order.id,
          provider: 'test',
          providerPaymentId: intent.paymentIntentId,
          amountCents: 45_000,
          currency: 'usd',
          status: 'succeeded',
        }),
      ]);
      expect(sale.paidOrders).toEqual([
        expect.objectContaining({ id: order.id, transactionId: intent.paymentIntentId }),
      ]);
      expect(sale.audit).toEqual([
        expect.objectContaining({
          actorId: cast.buyer.id,
          action: 'payment.recorded',
          subjectType: 'order',
          subjectId: order.id,
          detail: expect.objectContaining({
            providerPaymentId: intent.paymentIntentId,
            amountCents: 45_000,
            via: 'pay',
          }),
        }),
      ]);
      expect(await intentStatus(intent.paymentIntentId)).toBe('succeeded');
      expect(listingChanges).toBe(1);

      // The phone shows sold to everyone.
      const details = await t.app.inject(`/api/products/${product.id}`);
      expect(details.json()).toMatchObject({ status: 'sold', isAdvertised: false });
    });

    it('is a no-op when repeated after success: the same paid order, still one payment', async () => {
      const { product, order, intent } = await confirmedSale();
      const first = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
      const again = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
      const sale = await saleOf(t, product.id);
      expect(sale.payments).toHaveLength(1);
      expect(sale.audit).toHaveLength(1);
      expect(listingChanges).toBe(1);
    });

    it('refuses anonymous callers (401), sellers and admins (403), and hides other buyers’ orders (404), changing nothing', async () => {
      const { product, order, intent } = await confirmedSale();
      const body = { paymentIntentId: intent.paymentIntentId };
      expectError(await pay(t, null, order.id, body), 401, unauthorized);
      expectError(await pay(t, cast.seller, order.id, body), 403, forbidden);
      expectError(await pay(t, cast.admin, order.id, body), 403, forbidden);
      expectError(await pay(t, cast.otherBuyer, order.id, body), 404, orderNotFound);
      expectError(await pay(t, cast.buyer, 'not-an-id', body), 404, orderNotFound);
      expectError(await pay(t, cast.buyer, '4b6f0c1e-0000-4000-8000-000000000000', body), 404, orderNotFound);
      const sale = await saleOf(t, product.id);
      expect(sale.payments).toEqual([]);
      expect(sale.productStatus).toBe('available');
      expect(await intentStatus(intent.paymentIntentId)).toBe('requires_capture');
    });

    it('charges the order’s price whatever the body says: an amount sent along is ignored', async () => {
      const { product, order, intent } = await confirmedSale();
      const response = await pay(t, cast.buyer, order.id, {
        paymentIntentId: intent.paymentIntentId,
        amount: 1,
        amountCents: 1,
        priceCents: 1,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await saleOf(t, product.id)).payments.map((p) => p.amountCents)).toEqual([45_000]);
    });

    it('refuses an intent made for another order, without touching it (409)', async () => {
      const mine = await bookedPhone();
      const theirs = await confirmedSale(cast.otherBuyer);
      const mineToo = await confirmedSale(cast.buyer);
      for (const intent of [theirs.intent, mineToo.intent]) {
        expectError(await pay(t, cast.buyer, mine.order.id, { paymentIntentId: intent.paymentIntentId }), 409, {
          code: 'conflict',
          message: paymentMessages.paymentIntentMismatch,
        });
        // Naming someone's intent must not cancel their payment.
        expect(await intentStatus(intent.paymentIntentId)).toBe('requires_capture');
      }
      expectError(await pay(t, cast.buyer, mine.order.id, { paymentIntentId: 'pi_test_unknown' }), 409, {
        code: 'conflict',
        message: paymentMessages.paymentIntentMismatch,
      });
      for (const productId of [mine.product.id, theirs.product.id, mineToo.product.id]) {
        expect((await saleOf(t, productId)).payments).toEqual([]);
      }
    });

    it('refuses an intent for another amount than the order’s price, and releases it (409)', async () => {
      const { product, order } = await bookedPhone();
      // An authorised intent for this order but one cent: however it came to exist, it cannot pay.
      await insertTestIntent(t, {
        id: 'pi_test_one_cent',
        orderId: order.id,
        amountCents: 1,
        status: 'requires_capture',
      });
      expectError(await pay(t, cast.buyer, order.id, { paymentIntentId: 'pi_test_one_cent' }), 409, {
        code: 'conflict',
        message: paymentMessages.paymentIntentMismatch,
      });
      expect(await intentStatus('pi_test_one_cent')).toBe('canceled');
      expect((await saleOf(t, product.id)).payments).toEqual([]);
    });

    it('refuses an intent whose card was not confirmed yet (409) and leaves it usable', async () => {
      const { product, order } = await bookedPhone();
      const intent = await intentFor(t, cast.buyer, order.id);
      expectError(await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId }), 409, {
        code: 'conflict',
        message: paymentMessages.paymentNotConfirmed,
      });
      expect(await intentStatus(intent.paymentIntentId)).toBe('requires_payment_method');
      expect((await saleOf(t, product.id)).payments).toEqual([]);
    });

    it('refuses a cancelled intent (409)', async () => {
      const { order, intent } = await confirmedSale();
      await intentFor(t, cast.buyer, order.id); // a new intent: the confirmed one is released
      expectError(await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId }), 409, {
        code: 'conflict',
        message: paymentMessages.paymentIntentCanceled,
      });
    });

    it('refuses a body without an intent id (400)', async () => {
      const { order } = await bookedPhone();
      const response = await pay(t, cast.buyer, order.id, { amount: 45_000 });
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).error.fields).toHaveProperty('paymentIntentId');
    });

    it('releases the card when the phone was sold to someone else: 409 phoneSold, never captured', async () => {
      const winner = await confirmedSale(cast.otherBuyer);
      const loserOrder = await bookOrder(t, cast.buyer, winner.product);
      const loserIntent = await intentFor(t, cast.buyer, loserOrder.id);
      expect((await confirmCard(t, loserIntent)).statusCode).toBe(200);
      expect(
        (await pay(t, cast.otherBuyer, winner.order.id, { paymentIntentId: winner.intent.paymentIntentId })).statusCode,
      ).toBe(200);

      expectError(await pay(t, cast.buyer, loserOrder.id, { paymentIntentId: loserIntent.paymentIntentId }), 409, {
        code: 'conflict',
        message: paymentMessages.phoneSold,
      });
      expect(await intentStatus(loserIntent.paymentIntentId)).toBe('canceled');
      const sale = await saleOf(t, winner.product.id);
      expect(sale.payments.map((p) => p.orderId)).toEqual([winner.order.id]);
      expect(sale.orders.find((o) => o.id === loserOrder.id)!.status).toBe('booked');
      // The loser's order can no longer get an intent either.
      expectError(await requestIntent(t, cast.buyer, loserOrder.id), 409, {
        code: 'conflict',
        message: paymentMessages.orderNotPayable,
      });
    });

    it('releases the card of a cancelled order, a removed phone or a removed seller’s phone (409 orderNotPayable)', async () => {
      const cancelled = await confirmedSale();
      await t.app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.order.id));
      const removed = await confirmedSale();
      await t.app.db.update(products).set({ status: 'removed' }).where(eq(products.id, removed.product.id));
      const goneSeller = await callerWithRole(t, 'seller');
      const goneSellersPhone = await insertProduct(t.app.db, goneSeller.id);
      const goneSellersOrder = await bookOrder(t, cast.buyer, goneSellersPhone);
      const goneSellersIntent = await intentFor(t, cast.buyer, goneSellersOrder.id);
      expect((await confirmCard(t, goneSellersIntent)).statusCode).toBe(200);
      await disableUser(t.app.db, goneSeller.id);
      expectError(await requestIntent(t, cast.buyer, goneSellersOrder.id), 409, {
        code: 'conflict',
        message: paymentMessages.orderNotPayable,
      });
      const sellerGone = { order: goneSellersOrder, intent: goneSellersIntent, product: goneSellersPhone };
      for (const { order, intent, product } of [cancelled, removed, sellerGone]) {
        expectError(await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId }), 409, {
          code: 'conflict',
          message: paymentMessages.orderNotPayable,
        });
        expect(await intentStatus(intent.paymentIntentId)).toBe('canceled');
        expect((await saleOf(t, product.id)).payments).toEqual([]);
      }
    });

    it('refunds a captured intent that can no longer buy the phone, and refuses a second intent on a paid order', async () => {
      const { order, intent, product } = await confirmedSale();
      expect((await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);
      // A second intent of the same order, captured somehow (a processor-side capture).
      await insertTestIntent(t, { id: 'pi_test_second', orderId: order.id, amountCents: 45_000, status: 'succeeded' });
      expectError(await pay(t, cast.buyer, order.id, { paymentIntentId: 'pi_test_second' }), 409, {
        code: 'conflict',
        message: paymentMessages.orderPaid,
      });
      expect((await testIntentRow(t, 'pi_test_second'))!.refundedAt).not.toBeNull();
      expect((await saleOf(t, product.id)).payments.map((p) => p.providerPaymentId)).toEqual([intent.paymentIntentId]);
    });

    it('records an intent the processor already captured, without capturing again', async () => {
      const { order, intent, product } = await confirmedSale();
      await t.app.db
        .update(testPaymentIntents)
        .set({ status: 'succeeded' })
        .where(eq(testPaymentIntents.id, intent.paymentIntentId));
      const response = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
      expect(response.statusCode, response.body).toBe(200);
      expect((await saleOf(t, product.id)).payments).toHaveLength(1);
    });

    it('does not record an intent whose money was given back', async () => {
      const { order, intent, product } = await confirmedSale();
      await t.app.db
        .update(testPaymentIntents)
        .set({ status: 'succeeded', refundedAt: new Date() })
        .where(eq(testPaymentIntents.id, intent.paymentIntentId));
      expectError(await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId }), 409, {
        code: 'conflict',
        message: paymentMessages.paymentRefunded,
      });
      expect((await saleOf(t, product.id)).payments).toEqual([]);
    });

    it('keeps the phone for the buyer whose capture could not be recorded, and records it on their retry', async () => {
      const { order, intent, product } = await confirmedSale();
      // The database refuses the payment row (as a failing disk or a lost connection would).
      await whilePaymentsAreRefused(t, async () => {
        const response = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
        expect(response.statusCode).toBe(500);
        expect(response.body).not.toContain('payments are refused');
      });
      // The money was taken outside the transaction; nothing is recorded yet, and the phone is
      // still this buyer's: another buyer is refused and never charged.
      expect(await intentStatus(intent.paymentIntentId)).toBe('succeeded');
      let sale = await saleOf(t, product.id);
      expect(sale.payments).toEqual([]);
      expect(sale.orders.map((o) => o.status)).toEqual(['booked']);
      const other = await bookOrder(t, cast.otherBuyer, product);
      const otherIntent = await intentFor(t, cast.otherBuyer, other.id);
      expect((await confirmCard(t, otherIntent)).statusCode).toBe(200);
      expectError(await pay(t, cast.otherBuyer, other.id, { paymentIntentId: otherIntent.paymentIntentId }), 409, {
        code: 'conflict',
        message: paymentMessages.phoneSold,
      });
      expect(await intentStatus(otherIntent.paymentIntentId)).toBe('canceled');
      // Paying again finishes the same sale, without a second capture.
      const again = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
      expect(again.statusCode, again.body).toBe(200);
      sale = await saleOf(t, product.id);
      expect(sale.payments.map((p) => p.providerPaymentId)).toEqual([intent.paymentIntentId]);
      expect(sale.paidOrders.map((o) => o.id)).toEqual([order.id]);
      expect(sale.productStatus).toBe('sold');
    });
  });

  describe('concurrent attempts', () => {
    it('sells a phone once to 50 buyers paying at the same moment; the 49 others are never charged', async () => {
      const product = await advertisedPhone(t, cast.seller, { priceCents: 30_000 });
      const buyers = await Promise.all(Array.from({ length: 50 }, () => callerWithRole(t, 'user')));
      const attempts: Array<{ who: Caller; order: { id: string }; intent: PaymentIntent }> = [];
      for (const who of buyers) {
        const order = await bookOrder(t, who, product);
        const intent = await intentFor(t, who, order.id);
        const confirmed = await confirmCard(t, intent);
        expect(confirmed.statusCode).toBe(200);
        attempts.push({ who, order, intent });
      }
      listingChanges = 0;

      const responses = await Promise.all(
        attempts.map(({ who, order, intent }) => pay(t, who, order.id, { paymentIntentId: intent.paymentIntentId })),
      );

      expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      const won = responses.flatMap((r, i) => (r.statusCode === 200 ? [attempts[i]!] : []));
      expect(won).toHaveLength(1);
      const lost = responses.filter((r) => r.statusCode !== 200);
      expect(lost).toHaveLength(49);
      for (const response of lost) {
        expectError(response, 409, { code: 'conflict', message: paymentMessages.phoneSold });
      }

      const sale = await saleOf(t, product.id);
      expect(sale.productStatus).toBe('sold');
      expect(sale.isAdvertised).toBe(false);
      expect(sale.payments).toHaveLength(1);
      expect(sale.payments[0]).toMatchObject({
        orderId: won[0]!.order.id,
        providerPaymentId: won[0]!.intent.paymentIntentId,
        amountCents: 30_000,
      });
      expect(sale.paidOrders.map((o) => o.id)).toEqual([won[0]!.order.id]);
      expect(sale.audit.filter((a) => a.action === 'payment.recorded')).toHaveLength(1);
      expect(listingChanges).toBe(1);

      const statuses = await t.app.db
        .select({ id: testPaymentIntents.id, status: testPaymentIntents.status })
        .from(testPaymentIntents)
        .where(sql`${testPaymentIntents.id} in ${attempts.map((a) => a.intent.paymentIntentId)}`);
      expect(statuses.filter((s) => s.status === 'succeeded').map((s) => s.id)).toEqual([
        won[0]!.intent.paymentIntentId,
      ]);
      expect(statuses.filter((s) => s.status === 'canceled')).toHaveLength(49);
    });

    it('records one payment when the same buyer pays twice at once', async () => {
      const { product, order, intent } = await confirmedSale();
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId })),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      for (const response of responses) expect(OrderSchema.parse(response.json()).status).toBe('paid');
      const sale = await saleOf(t, product.id);
      expect(sale.payments).toHaveLength(1);
      expect(sale.audit).toHaveLength(1);
    });

    it('records one payment when the same buyer pays at once with two intents, releasing the other', async () => {
      const { product, order, intent: first } = await confirmedSale();
      const second = await intentFor(t, cast.buyer, order.id); // releases the first authorisation…
      expect((await confirmCard(t, second)).statusCode).toBe(200);
      // …so only the second can still pay; both tabs press Payment together.
      const [a, b] = await Promise.all([
        pay(t, cast.buyer, order.id, { paymentIntentId: first.paymentIntentId }),
        pay(t, cast.buyer, order.id, { paymentIntentId: second.paymentIntentId }),
      ]);
      expect(a.statusCode).toBe(409);
      expect(b.statusCode).toBe(200);
      expect((await saleOf(t, product.id)).payments.map((p) => p.providerPaymentId)).toEqual([second.paymentIntentId]);
    });
  });
});
