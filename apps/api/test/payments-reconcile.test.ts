/**
 * Payments off the lock (docs/decisions/0017): no card-processor call while a transaction holds the
 * phone's or the order's row; cancelling an order releases its card at once; money to give back is
 * listed and retried until the processor confirms; and the reconcile job finishes what a crash or
 * an outage left (a sale claimed but not recorded, an authorisation left held).
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentMessages } from '@recell/contract';
import { ProcessorUnavailableError, type CardProcessor } from '../src/adapters/payments/card-processor.ts';
import { orders, paymentReleases, products, saleClaims } from '../src/db/schema.ts';
import { metricsRegistry } from '../src/lib/metrics.ts';
import { reconcilePayments, staleClaimAfterMs } from '../src/modules/payments/index.ts';
import { databaseUrl } from './helpers.ts';
import { callerWithRole, headersOf, useCast, type Caller } from './support/accounts.ts';
import { expectError, useTestApp } from './support/api.ts';
import {
  bookAdvertisedPhone,
  bookOrder,
  confirmCard,
  intentFor,
  pay,
  requestIntent,
  saleOf,
  testIntentRow,
} from './support/payments.ts';

type Method = 'createIntent' | 'retrieve' | 'capture' | 'cancel' | 'refund';

/**
 * The app's processor with hooks: `before` runs ahead of each call (it may throw, as an outage
 * would), `after` once the call has succeeded (throwing there is an answer lost after the fact).
 */
const hookedProcessor = (inner: CardProcessor) => {
  const hooks: {
    before?: (method: Method, subject: string) => Promise<void> | void;
    after?: (method: Method, subject: string) => Promise<void> | void;
  } = {};
  const hooked =
    <A extends unknown[], R>(method: Method, subjectOf: (...args: A) => string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await hooks.before?.(method, subjectOf(...args));
      const result = await call(...args);
      await hooks.after?.(method, subjectOf(...args));
      return result;
    };
  const processor: CardProcessor = {
    name: inner.name,
    publishableKey: inner.publishableKey,
    createIntent: hooked(
      'createIntent',
      (intent) => `order:${intent.orderId}`,
      (intent) => inner.createIntent(intent),
    ),
    retrieve: hooked(
      'retrieve',
      (id: string) => id,
      (id: string) => inner.retrieve(id),
    ),
    capture: hooked(
      'capture',
      (id: string) => id,
      (id: string) => inner.capture(id),
    ),
    cancel: hooked(
      'cancel',
      (id: string) => id,
      (id: string) => inner.cancel(id),
    ),
    refund: hooked(
      'refund',
      (id: string) => id,
      (id: string) => inner.refund(id),
    ),
  };
  return { processor, hooks };
};

describe('payments off the lock', () => {
  const t = useTestApp();
  const cast = useCast(t);
  let hooks: ReturnType<typeof hookedProcessor>['hooks'];
  let processor: CardProcessor;
  beforeAll(() => {
    const hooked = hookedProcessor(t.app.cardProcessor);
    processor = hooked.processor;
    hooks = hooked.hooks;
    t.app.cardProcessor = processor;
  });
  beforeEach(() => {
    delete hooks.before;
    delete hooks.after;
  });

  /** One run of the job as the scheduler would start it, `minutesLater` from now. */
  const reconcile = (minutesLater = 0) =>
    reconcilePayments({
      sellerFee: t.config.sellerFee,
      shipByBusinessDays: t.config.shipByBusinessDays,
      db: t.app.db,
      processor,
      log: t.app.log,
      publicUrl: t.app.config.publicUrl,
      now: () => new Date(Date.now() + minutesLater * 60_000),
    });
  const afterStaleClaims = staleClaimAfterMs / 60_000 + 1;
  const nothingDone = {
    releasesListed: 0,
    released: 0,
    refunded: 0,
    releasesSettled: 0,
    releasesFailed: 0,
    claimsRecorded: 0,
    claimsReleased: 0,
    claimsDropped: 0,
    claimsFailed: 0,
  };

  /** The job finds nothing left from earlier tests. */
  const settleEarlierTests = async () => {
    await reconcile(24 * 60);
    expect(await reconcile(48 * 60)).toEqual(nothingDone);
  };

  const bookedPhone = (who: Caller = cast.buyer) => bookAdvertisedPhone(t, cast.seller, who, { priceCents: 61_000 });

  /** A booked phone whose card `who` confirmed (requires_capture). */
  const confirmedSale = async (who: Caller = cast.buyer) => {
    const { product, order } = await bookedPhone(who);
    const intent = await intentFor(t, who, order.id);
    expect((await confirmCard(t, intent)).statusCode).toBe(200);
    return { product, order, intent };
  };

  const deleteOrder = (caller: Caller, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: headersOf(caller) });

  const intentStatus = async (id: string) => (await testIntentRow(t, id))!.status;
  const releaseOf = async (id: string) =>
    (await t.app.db.select().from(paymentReleases).where(eq(paymentReleases.paymentIntentId, id)))[0];
  const claimsOf = (productId: string) => t.app.db.select().from(saleClaims).where(eq(saleClaims.productId, productId));
  const outcomeCount = async (outcome: string) =>
    (await metricsRegistry.getSingleMetric('recell_payment_outcomes_total')!.get()).values.find(
      (value) => value.labels.outcome === outcome,
    )?.value ?? 0;

  describe.skipIf(!databaseUrl)(
    'no processor call while a transaction holds the phone or the order (PostgreSQL)',
    () => {
      let client: pg.Client;
      const violations: string[] = [];
      beforeAll(async () => {
        const result = (await t.app.db.execute(sql`select current_database() as name`)) as unknown as {
          rows: Array<{ name: string }>;
        };
        const url = new URL(databaseUrl!);
        url.pathname = `/${result.rows[0]!.name}`;
        client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
      });
      afterAll(() => client?.end());

      /** From another connection: the call's phone and orders can be locked at once (nobody holds them). */
      const expectNothingLocked = async (method: Method, subject: string) => {
        const orderId = subject.startsWith('order:')
          ? subject.slice('order:'.length)
          : (await client.query('select order_id from test_payment_intents where id = $1', [subject])).rows[0]
              ?.order_id;
        if (!orderId) return;
        await client.query('begin');
        try {
          await client.query(
            'select 1 from products where id = (select product_id from orders where id = $1) for update nowait',
            [orderId],
          );
          await client.query(
            'select 1 from orders where product_id = (select product_id from orders where id = $1) for update nowait',
            [orderId],
          );
        } catch (error) {
          violations.push(`${method} ${subject}: ${(error as Error).message}`);
        } finally {
          await client.query('rollback');
        }
      };

      it('pays, replaces an abandoned authorisation, refuses a loser, cancels and reconciles with no row locked during a call', async () => {
        let calls = 0;
        hooks.before = async (method, subject) => {
          calls += 1;
          await expectNothingLocked(method, subject);
        };
        // An authorisation abandoned and replaced, then the sale.
        const { product, order, intent } = await confirmedSale();
        const next = await intentFor(t, cast.buyer, order.id);
        expect(await intentStatus(intent.paymentIntentId)).toBe('canceled');
        expect((await confirmCard(t, next)).statusCode).toBe(200);
        // Another buyer authorised for the same phone, and one who will cancel.
        const loser = await bookOrder(t, cast.otherBuyer, product);
        const loserIntent = await intentFor(t, cast.otherBuyer, loser.id);
        expect((await confirmCard(t, loserIntent)).statusCode).toBe(200);
        const third = await callerWithRole(t, 'user');
        const cancelled = await bookOrder(t, third, product);
        const cancelledIntent = await intentFor(t, third, cancelled.id);
        expect((await confirmCard(t, cancelledIntent)).statusCode).toBe(200);
        expect((await deleteOrder(third, cancelled.id)).statusCode).toBe(204);

        expect((await pay(t, cast.buyer, order.id, { paymentIntentId: next.paymentIntentId })).statusCode).toBe(200);
        expectError(await pay(t, cast.otherBuyer, loser.id, { paymentIntentId: loserIntent.paymentIntentId }), 409, {
          code: 'conflict',
          message: paymentMessages.phoneSold,
        });
        await reconcile(24 * 60);

        expect(calls).toBeGreaterThan(10);
        expect(violations).toEqual([]);
        expect((await saleOf(t, product.id)).payments).toHaveLength(1);
        for (const id of [loserIntent.paymentIntentId, cancelledIntent.paymentIntentId]) {
          expect(await intentStatus(id)).toBe('canceled');
        }
      });

      it('notices a call made under a lock (the check itself works)', async () => {
        const { order } = await bookedPhone();
        const before = violations.length;
        await t.app.db.transaction(async (tx) => {
          await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
          await expectNothingLocked('retrieve', `order:${order.id}`);
        });
        expect(violations.length).toBe(before + 1);
        violations.length = before;
      });
    },
  );

  describe('buyers racing for one phone', () => {
    it('answers the other buyers while the winner’s card is still being captured: one sale, nobody else charged', async () => {
      const { product } = await bookedPhone(await callerWithRole(t, 'user'));
      const attempts: Array<{ who: Caller; order: { id: string }; intent: { paymentIntentId: string } }> = [];
      for (let i = 0; i < 10; i += 1) {
        const who = await callerWithRole(t, 'user');
        const order = await bookOrder(t, who, product);
        const intent = await intentFor(t, who, order.id);
        expect((await confirmCard(t, intent)).statusCode).toBe(200);
        attempts.push({ who, order, intent });
      }
      let refused = 0;
      let everyoneElseAnswered = () => {};
      const othersAnswered = new Promise<void>((resolve) => {
        everyoneElseAnswered = resolve;
      });
      let captures = 0;
      let refusedDuringCapture = -1;
      // The capture waits until the nine others have their answer (or gives up after 10 s: under a
      // lock held across the capture they could never get one).
      hooks.before = async (method) => {
        if (method !== 'capture') return;
        captures += 1;
        await Promise.race([othersAnswered, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        refusedDuringCapture = refused;
      };
      const responses = await Promise.all(
        attempts.map(async ({ who, order, intent }) => {
          const response = await pay(t, who, order.id, { paymentIntentId: intent.paymentIntentId });
          if (response.statusCode !== 200 && ++refused === attempts.length - 1) everyoneElseAnswered();
          return response;
        }),
      );

      expect(refusedDuringCapture).toBe(9);
      expect(captures).toBe(1);
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const response of responses.filter((r) => r.statusCode !== 200)) {
        expectError(response, 409, { code: 'conflict', message: paymentMessages.phoneSold });
      }
      const winner = attempts[responses.findIndex((r) => r.statusCode === 200)]!;
      for (const { intent } of attempts) {
        expect(await intentStatus(intent.paymentIntentId)).toBe(intent === winner.intent ? 'succeeded' : 'canceled');
      }
      const sale = await saleOf(t, product.id);
      expect(sale.paidOrders.map((o) => o.id)).toEqual([winner.order.id]);
      expect(sale.payments).toHaveLength(1);
      expect(sale.productStatus).toBe('sold');
      expect(await claimsOf(product.id)).toEqual([]);
    });
  });

  describe('cancelling an order', () => {
    it('releases its authorised card at once', async () => {
      const { order, intent } = await confirmedSale();
      const released = await outcomeCount('released');
      expect((await deleteOrder(cast.buyer, order.id)).statusCode).toBe(204);
      expect(await intentStatus(intent.paymentIntentId)).toBe('canceled');
      expect(await releaseOf(intent.paymentIntentId)).toMatchObject({
        orderId: order.id,
        kind: 'cancel',
        doneAt: expect.any(Date),
      });
      expect(await outcomeCount('released')).toBe(released + 1);
    });

    it('releases a card waiting to be confirmed too, so it can no longer be authorised', async () => {
      const { order } = await bookedPhone();
      const intent = await intentFor(t, cast.buyer, order.id);
      expect((await deleteOrder(cast.buyer, order.id)).statusCode).toBe(204);
      expect(await intentStatus(intent.paymentIntentId)).toBe('canceled');
      expect((await confirmCard(t, intent)).statusCode).toBe(409);
    });

    it('is refused while the order’s payment is being completed (409), and the sale then finishes', async () => {
      const { product, order, intent } = await confirmedSale();
      // The answer to the capture is lost: the claim stays, the money may have been taken.
      hooks.after = (method) => {
        if (method === 'capture') throw new ProcessorUnavailableError('connection reset');
      };
      const lost = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
      expect(lost.statusCode).toBe(503);
      delete hooks.after;
      expectError(await deleteOrder(cast.buyer, order.id), 409, {
        code: 'conflict',
        message: paymentMessages.paymentInProgress,
      });
      const retried = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
      expect(retried.statusCode, retried.body).toBe(200);
      expect((await saleOf(t, product.id)).paidOrders.map((o) => o.id)).toEqual([order.id]);
      expect(await claimsOf(product.id)).toEqual([]);
    });
  });

  describe('the buyers who lose a phone', () => {
    it('have their authorisation released after the sale even if they never pressed Payment', async () => {
      const winner = await confirmedSale(cast.otherBuyer);
      const loser = await bookOrder(t, cast.buyer, winner.product);
      const loserIntent = await intentFor(t, cast.buyer, loser.id);
      expect((await confirmCard(t, loserIntent)).statusCode).toBe(200);
      // And one who opened the payment page but had not confirmed a card yet.
      const undecided = await callerWithRole(t, 'user');
      const undecidedOrder = await bookOrder(t, undecided, winner.product);
      const undecidedIntent = await intentFor(t, undecided, undecidedOrder.id);

      const response = await pay(t, cast.otherBuyer, winner.order.id, {
        paymentIntentId: winner.intent.paymentIntentId,
      });
      expect(response.statusCode, response.body).toBe(200);
      // Released right after the sale (in the background); the job makes sure of it.
      await reconcile();
      expect(await intentStatus(loserIntent.paymentIntentId)).toBe('canceled');
      expect(await releaseOf(loserIntent.paymentIntentId)).toMatchObject({ kind: 'cancel', doneAt: expect.any(Date) });
      expect(await intentStatus(undecidedIntent.paymentIntentId)).toBe('canceled');
      expect((await confirmCard(t, undecidedIntent)).statusCode).toBe(409);
      expect(await intentStatus(winner.intent.paymentIntentId)).toBe('succeeded');
    });
  });

  describe('a sale interrupted after the buyer pressed Payment', () => {
    it('is finished when the payment page asks for an intent again (409 orderPaid), not paid twice', async () => {
      const { product, order, intent } = await confirmedSale();
      hooks.after = (method) => {
        if (method === 'capture') throw new ProcessorUnavailableError('connection reset');
      };
      expect((await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(503);
      delete hooks.after;
      expectError(await requestIntent(t, cast.buyer, order.id), 409, {
        code: 'conflict',
        message: paymentMessages.orderPaid,
      });
      const sale = await saleOf(t, product.id);
      expect(sale.paidOrders.map((o) => o.id)).toEqual([order.id]);
      expect(sale.payments.map((p) => p.providerPaymentId)).toEqual([intent.paymentIntentId]);
      expect(await claimsOf(product.id)).toEqual([]);
    });
  });

  describe('reconcilePayments', () => {
    it('records a sale whose capture went through but whose answer was lost, once', async () => {
      await settleEarlierTests();
      const { product, order, intent } = await confirmedSale();
      hooks.after = (method) => {
        if (method === 'capture') throw new ProcessorUnavailableError('connection reset');
      };
      expect((await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(503);
      delete hooks.after;
      expect(await intentStatus(intent.paymentIntentId)).toBe('succeeded');
      expect(await claimsOf(product.id)).toHaveLength(1);

      // A claim younger than the threshold belongs to a request that may still be running.
      expect(await reconcile()).toEqual(nothingDone);
      expect(await reconcile(afterStaleClaims)).toEqual({ ...nothingDone, claimsRecorded: 1 });
      const sale = await saleOf(t, product.id);
      expect(sale.productStatus).toBe('sold');
      expect(sale.isAdvertised).toBe(false);
      expect(sale.paidOrders.map((o) => o.id)).toEqual([order.id]);
      expect(sale.payments).toEqual([
        expect.objectContaining({ orderId: order.id, providerPaymentId: intent.paymentIntentId, amountCents: 61_000 }),
      ]);
      expect(sale.audit.filter((a) => a.action === 'payment.recorded')).toEqual([
        expect.objectContaining({ detail: expect.objectContaining({ via: 'reconcile' }) }),
      ]);
      expect(await claimsOf(product.id)).toEqual([]);

      // A second run changes nothing; the buyer's retry finds the order paid.
      expect(await reconcile(afterStaleClaims * 2)).toEqual(nothingDone);
      expect((await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);
      expect((await saleOf(t, product.id)).payments).toHaveLength(1);
    });

    it('captures and records a claim left before its capture (the buyer asked to pay)', async () => {
      await settleEarlierTests();
      const { product, order, intent } = await confirmedSale();
      // A crash right after the claim: the capture never ran.
      hooks.before = (method) => {
        if (method === 'capture') throw new ProcessorUnavailableError('the replica died');
      };
      expect((await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(503);
      delete hooks.before;
      expect(await intentStatus(intent.paymentIntentId)).toBe('requires_capture');

      expect(await reconcile(afterStaleClaims)).toEqual({ ...nothingDone, claimsRecorded: 1 });
      expect(await intentStatus(intent.paymentIntentId)).toBe('succeeded');
      const sale = await saleOf(t, product.id);
      expect(sale.paidOrders.map((o) => o.id)).toEqual([order.id]);
      expect(sale.payments).toHaveLength(1);
      expect(await reconcile(afterStaleClaims * 2)).toEqual(nothingDone);
    });

    it('releases the card of a stale claim whose phone was removed meanwhile, and frees nothing else', async () => {
      await settleEarlierTests();
      const { product, order, intent } = await confirmedSale();
      hooks.before = (method) => {
        if (method === 'capture') throw new ProcessorUnavailableError('the replica died');
      };
      expect((await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(503);
      delete hooks.before;
      await t.app.db.update(products).set({ status: 'removed' }).where(eq(products.id, product.id));

      expect(await reconcile(afterStaleClaims)).toEqual({ ...nothingDone, claimsReleased: 1 });
      expect(await intentStatus(intent.paymentIntentId)).toBe('canceled');
      expect(await claimsOf(product.id)).toEqual([]);
      expect((await saleOf(t, product.id)).payments).toEqual([]);
      expect(await reconcile(afterStaleClaims * 2)).toEqual(nothingDone);
    });

    it('refunds a capture that can no longer be recorded (the phone was removed during it)', async () => {
      await settleEarlierTests();
      const { product, order, intent } = await confirmedSale();
      hooks.after = async (method) => {
        if (method === 'capture') {
          await t.app.db.update(products).set({ status: 'removed' }).where(eq(products.id, product.id));
        }
      };
      expectError(await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId }), 409, {
        code: 'conflict',
        message: paymentMessages.paymentRefunded,
      });
      expect((await testIntentRow(t, intent.paymentIntentId))!.refundedAt).not.toBeNull();
      expect(await releaseOf(intent.paymentIntentId)).toMatchObject({ kind: 'refund', doneAt: expect.any(Date) });
      expect((await saleOf(t, product.id)).payments).toEqual([]);
      expect(await claimsOf(product.id)).toEqual([]);
    });

    it('retries a cancel the processor failed until it succeeds, then leaves it alone', async () => {
      await settleEarlierTests();
      const { order, intent } = await confirmedSale();
      hooks.before = (method) => {
        if (method === 'cancel') throw new ProcessorUnavailableError('processor down');
      };
      const failed = await outcomeCount('release_failed');
      // The order is cancelled all the same; the card's release waits for the job.
      expect((await deleteOrder(cast.buyer, order.id)).statusCode).toBe(204);
      expect(await intentStatus(intent.paymentIntentId)).toBe('requires_capture');
      expect(await releaseOf(intent.paymentIntentId)).toMatchObject({
        doneAt: null,
        attempts: 1,
        lastError: expect.stringContaining('processor down'),
      });
      expect(await outcomeCount('release_failed')).toBe(failed + 1);
      // Not due yet; then due but still failing.
      expect(await reconcile()).toEqual(nothingDone);
      expect(await reconcile(60)).toEqual({ ...nothingDone, releasesFailed: 1 });
      expect(await releaseOf(intent.paymentIntentId)).toMatchObject({ doneAt: null, attempts: 2 });

      delete hooks.before;
      expect(await reconcile(120)).toEqual({ ...nothingDone, released: 1 });
      expect(await intentStatus(intent.paymentIntentId)).toBe('canceled');
      expect(await releaseOf(intent.paymentIntentId)).toMatchObject({ doneAt: expect.any(Date), attempts: 3 });
      expect(await reconcile(180)).toEqual(nothingDone);
    });

    it('retries a refund the processor failed until it succeeds', async () => {
      await settleEarlierTests();
      const { product, order, intent } = await confirmedSale();
      hooks.before = (method) => {
        if (method === 'refund') throw new ProcessorUnavailableError('processor down');
      };
      hooks.after = async (method) => {
        if (method === 'capture') {
          await t.app.db.update(products).set({ status: 'removed' }).where(eq(products.id, product.id));
        }
      };
      expect((await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(409);
      expect((await testIntentRow(t, intent.paymentIntentId))!.refundedAt).toBeNull();
      expect(await reconcile(60)).toEqual({ ...nothingDone, releasesFailed: 1 });
      delete hooks.before;
      delete hooks.after;
      expect(await reconcile(120)).toEqual({ ...nothingDone, refunded: 1 });
      expect((await testIntentRow(t, intent.paymentIntentId))!.refundedAt).not.toBeNull();
      expect(await reconcile(180)).toEqual(nothingDone);
    });

    it('releases authorisations of orders that can no longer be paid, however they got there', async () => {
      await settleEarlierTests();
      // The phone removed by an admin, and an order cancelled by a path that released nothing.
      const removed = await confirmedSale();
      await t.app.db.update(products).set({ status: 'removed' }).where(eq(products.id, removed.product.id));
      const cancelled = await confirmedSale();
      await t.app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.order.id));
      // Still payable: left alone.
      const open = await confirmedSale();

      expect(await reconcile()).toEqual({ ...nothingDone, releasesListed: 2, released: 2 });
      expect(await intentStatus(removed.intent.paymentIntentId)).toBe('canceled');
      expect(await intentStatus(cancelled.intent.paymentIntentId)).toBe('canceled');
      expect(await intentStatus(open.intent.paymentIntentId)).toBe('requires_capture');
      expect(await reconcile()).toEqual(nothingDone);
      // A listed intent never pays, even if the phone came back.
      await t.app.db.update(products).set({ status: 'available' }).where(eq(products.id, removed.product.id));
      expect(
        (await pay(t, cast.buyer, removed.order.id, { paymentIntentId: removed.intent.paymentIntentId })).statusCode,
      ).toBe(409);
    });

    it('takes each claim and release once when several replicas run it at the same moment', async () => {
      await settleEarlierTests();
      const sales = [await confirmedSale(), await confirmedSale(), await confirmedSale()];
      hooks.before = (method) => {
        if (method === 'capture') throw new ProcessorUnavailableError('the replica died');
      };
      for (const { order, intent } of sales) {
        expect((await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(503);
      }
      delete hooks.before;
      const cancelled = await confirmedSale();
      await t.app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.order.id));

      const runs = await Promise.all([
        reconcile(afterStaleClaims),
        reconcile(afterStaleClaims),
        reconcile(afterStaleClaims),
      ]);
      const total = (key: keyof typeof nothingDone) => runs.reduce((sum, run) => sum + run[key], 0);
      expect(total('claimsRecorded')).toBe(3);
      expect(total('releasesListed')).toBe(1);
      expect(total('released') + total('releasesSettled')).toBeLessThanOrEqual(1);
      await reconcile(afterStaleClaims * 2);
      expect(await intentStatus(cancelled.intent.paymentIntentId)).toBe('canceled');
      for (const { product } of sales) {
        const sale = await saleOf(t, product.id);
        expect(sale.payments).toHaveLength(1);
        expect(sale.productStatus).toBe('sold');
      }
    });
  });
});
