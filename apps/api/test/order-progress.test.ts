/**
 * A paid order's progress: the seller's hand-over and shipping, the buyer's receipt and problem
 * report, the admins' refund or close, each tried by every kind of caller and from every state;
 * the emails and audit entries each event writes; the progress-orders job (completion a week after
 * the hand-over, paused by an open problem, two runs racing); refunds that are idempotent and
 * survive a crash between the processor's refund and the database's record, at the test-mode
 * processor and at Stripe.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AdminOrderProblemPageSchema,
  AdminOrderProblemSchema,
  orderProgressAuditActions,
  orderProgressLimits,
  orderProgressMessages,
  OrderSchema,
  SaleSchema,
} from '@recell/contract';
import type { AuthUser } from '../src/modules/auth/index.ts';
import { ProcessorUnavailableError, type CardProcessor } from '../src/adapters/payments/card-processor.ts';
import { auditLog, orderProblems, orders, outboxEmails, payments, users } from '../src/db/schema.ts';
import { completeDueOrders, finishDueRefunds, hasOpenProblem, refundProblem } from '../src/modules/orders/index.ts';
import { markPaymentPartlyRefunded, markPaymentRefunded } from '../src/modules/payments/index.ts';
import { payoutDepsOf, takeBackSellerPayout as takeBack } from '../src/modules/payouts/index.ts';
import { insertProduct } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { castOf, headersOf, useCast, type Caller, type Cast } from './support/accounts.ts';
import { expectError, forbidden, unauthorized, unknownId, useTestApp } from './support/api.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { handOver, insertProblem, orderRow, paidOrder, problemRow } from './support/order-progress.ts';
import { bookOrder, intentFor, pay, testIntentRow } from './support/payments.ts';
import { insertCategories } from './fixtures.ts';

const hour = 3_600_000;
const day = 24 * hour;
const conflictOf = (message: string) => ({ code: 'conflict', message });
const notFoundOrder = { code: 'not_found', message: orderProgressMessages.orderNotFound };

const post = (t: TestApp, caller: Caller | null, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: headersOf(caller), ...(payload ? { payload } : {}) });

const emailsTo = (t: TestApp, to: string, kind: string) =>
  t.app.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.recipient, to), eq(outboxEmails.kind, kind)));

const emailOf = async (t: TestApp, caller: Caller) =>
  (await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, caller.id)))[0]!.email;

const auditOf = (t: TestApp, subjectId: string) =>
  t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));

describe('order progress', () => {
  const t = useTestApp();
  const takeBackSellerPayout = (orderId: string) => takeBack(payoutDepsOf(t.app, t.app.log), orderId);
  const cast = useCast(t);

  describe('the seller hands the phone over or ships it', () => {
    it('marks handed over from awaiting_handover only, audited, and emails the buyer', async () => {
      const { order } = await paidOrder(t, cast.seller, cast.buyer);
      const response = await post(t, cast.seller, `/api/orders/${order.id}/handed-over`);
      expect(response.statusCode, response.body).toBe(200);
      const sale = SaleSchema.parse(response.json());
      expect(sale).toMatchObject({ id: order.id, status: 'paid', progress: 'handed_over', trackingNote: null });
      expect(sale.handedOverAt).not.toBeNull();
      expect(await emailsTo(t, await emailOf(t, cast.buyer), 'order_handed_over')).toEqual(
        expect.arrayContaining([expect.objectContaining({ subject: expect.stringContaining('handed over') })]),
      );
      expect((await auditOf(t, order.id)).map((row) => row.action)).toContain(orderProgressAuditActions.handedOver);

      expectError(
        await post(t, cast.seller, `/api/orders/${order.id}/handed-over`),
        409,
        conflictOf(orderProgressMessages.alreadyHandedOver),
      );
      expectError(
        await post(t, cast.seller, `/api/orders/${order.id}/shipped`, {}),
        409,
        conflictOf(orderProgressMessages.alreadyHandedOver),
      );
    });

    it('marks shipped with an optional, length-limited, plain-text tracking note', async () => {
      const { order } = await paidOrder(t, cast.seller, cast.buyer);
      const tooLong = await post(t, cast.seller, `/api/orders/${order.id}/shipped`, {
        trackingNote: 'x'.repeat(orderProgressLimits.trackingNote + 1),
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.fields).toEqual({ trackingNote: orderProgressMessages.trackingNoteTooLong });
      expect(
        (await post(t, cast.seller, `/api/orders/${order.id}/shipped`, { trackingNote: 'a\u0000b' })).statusCode,
      ).toBe(400);
      expect((await orderRow(t, order.id)).progress).toBe('awaiting_handover');

      const response = await post(t, cast.seller, `/api/orders/${order.id}/shipped`, {
        trackingNote: '  <b>DHL</b> 1234567890 ',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(SaleSchema.parse(response.json())).toMatchObject({
        progress: 'shipped',
        trackingNote: '<b>DHL</b> 1234567890',
      });
      const [email] = (await emailsTo(t, await emailOf(t, cast.buyer), 'order_handed_over')).filter((row) =>
        row.subject.includes('shipped'),
      );
      expect(email?.textBody).toContain('Tracking: <b>DHL</b> 1234567890');
      expect(email?.htmlBody).toBeNull();

      // The buyer sees it on My Orders.
      const mine = OrderSchema.parse(
        (await t.app.inject({ url: `/api/orders/${order.id}`, headers: cast.buyer.headers })).json(),
      );
      expect(mine).toMatchObject({
        progress: 'shipped',
        trackingNote: '<b>DHL</b> 1234567890',
        canReportProblem: true,
      });
    });

    it('an empty tracking note is none', async () => {
      const { order } = await paidOrder(t, cast.seller, cast.buyer);
      const response = await post(t, cast.seller, `/api/orders/${order.id}/shipped`, { trackingNote: '   ' });
      expect(SaleSchema.parse(response.json())).toMatchObject({ progress: 'shipped', trackingNote: null });
    });

    it('is the order’s seller’s alone, and only for a paid order', async () => {
      const { order } = await paidOrder(t, cast.seller, cast.buyer);
      const url = `/api/orders/${order.id}/handed-over`;
      expectError(await post(t, null, url), 401, unauthorized);
      expectError(await post(t, cast.buyer, url), 403, forbidden);
      expectError(await post(t, cast.admin, url), 403, forbidden);
      expectError(await post(t, cast.otherSeller, url), 404, notFoundOrder);
      expectError(await post(t, cast.seller, `/api/orders/${unknownId}/handed-over`), 404, notFoundOrder);
      expectError(await post(t, cast.seller, '/api/orders/not-an-id/handed-over'), 404, {
        code: 'not_found',
        message: expect.any(String) as unknown as string,
      });
      expect((await orderRow(t, order.id)).progress).toBe('awaiting_handover');

      const product = await insertProduct(t.app.db, cast.seller.id);
      const booked = await bookOrder(t, cast.buyer, product);
      expectError(
        await post(t, cast.seller, `/api/orders/${booked.id}/handed-over`),
        409,
        conflictOf(orderProgressMessages.notPaid),
      );
    });

    it('shows the progress on My Sales', async () => {
      const { order } = await paidOrder(t, cast.seller, cast.buyer);
      const sales = await t.app.inject({ url: '/api/me/sales?limit=100', headers: cast.seller.headers });
      const sale = sales.json().items.find((item: { id: string }) => item.id === order.id);
      expect(SaleSchema.parse(sale)).toMatchObject({
        progress: 'awaiting_handover',
        handedOverAt: null,
        problem: null,
      });
    });
  });

  describe('the buyer confirms receipt', () => {
    it('completes a handed-over order and emails the seller; not before the hand-over, not twice', async () => {
      const { order } = await paidOrder(t, cast.seller, cast.buyer);
      const url = `/api/orders/${order.id}/receipt`;
      expectError(await post(t, cast.buyer, url), 409, conflictOf(orderProgressMessages.notHandedOver));
      await post(t, cast.seller, `/api/orders/${order.id}/handed-over`);

      expectError(await post(t, null, url), 401, unauthorized);
      expectError(await post(t, cast.seller, url), 403, forbidden);
      expectError(await post(t, cast.admin, url), 403, forbidden);
      expectError(await post(t, cast.otherBuyer, url), 404, notFoundOrder);
      expect((await orderRow(t, order.id)).progress).toBe('handed_over');

      const response = await post(t, cast.buyer, url);
      expect(response.statusCode, response.body).toBe(200);
      const confirmed = OrderSchema.parse(response.json());
      expect(confirmed).toMatchObject({ progress: 'completed' });
      expect(confirmed.completedAt).not.toBeNull();
      const emails = await emailsTo(t, await emailOf(t, cast.seller), 'order_completed');
      expect(emails.some((row) => row.textBody.includes('The buyer confirmed receiving'))).toBe(true);
      expect((await auditOf(t, order.id)).map((row) => row.action)).toContain(
        orderProgressAuditActions.receiptConfirmed,
      );

      expectError(await post(t, cast.buyer, url), 409, conflictOf(orderProgressMessages.alreadyCompleted));
    });
  });

  describe('the buyer reports a problem', () => {
    const report = (caller: Caller | null, orderId: string, reason = 'The phone does not charge.') =>
      post(t, caller, `/api/orders/${orderId}/problems`, { reason });

    it('within the window after the hand-over, one open at a time; it blocks confirming receipt', async () => {
      const { order } = await paidOrder(t, cast.seller, cast.buyer);
      expectError(await report(cast.buyer, order.id), 409, conflictOf(orderProgressMessages.notHandedOver));
      await handOver(t, order.id, new Date(Date.now() - 47 * hour));

      expectError(await report(null, order.id), 401, unauthorized);
      expectError(await report(cast.seller, order.id), 403, forbidden);
      expectError(await report(cast.otherBuyer, order.id), 404, notFoundOrder);
      const tooLong = await report(cast.buyer, order.id, 'x'.repeat(orderProgressLimits.problemReason + 1));
      expect(tooLong.json().error.fields).toEqual({ reason: orderProgressMessages.reasonTooLong });
      expect((await report(cast.buyer, order.id, '   ')).json().error.fields).toEqual({
        reason: orderProgressMessages.reasonRequired,
      });
      expect(await hasOpenProblem(t.app.db, order.id)).toBe(false);

      const response = await report(cast.buyer, order.id);
      expect(response.statusCode, response.body).toBe(201);
      const reported = OrderSchema.parse(response.json());
      expect(reported.problem).toMatchObject({
        status: 'open',
        reason: 'The phone does not charge.',
        resolvedAt: null,
      });
      expect(reported.canReportProblem).toBe(false);
      expect(await hasOpenProblem(t.app.db, order.id)).toBe(true);

      expectError(await report(cast.buyer, order.id), 409, conflictOf(orderProgressMessages.problemOpen));
      expectError(
        await post(t, cast.buyer, `/api/orders/${order.id}/receipt`),
        409,
        conflictOf(orderProgressMessages.problemOpen),
      );
      // The seller sees the report on My Sales.
      const sales = await t.app.inject({ url: '/api/me/sales?limit=100', headers: cast.seller.headers });
      expect(sales.json().items.find((item: { id: string }) => item.id === order.id).problem).toMatchObject({
        status: 'open',
        reason: 'The phone does not charge.',
      });
    });

    it('is refused once the window is over', async () => {
      const { order } = await paidOrder(t, cast.seller, cast.buyer);
      await handOver(t, order.id, new Date(Date.now() - (orderProgressLimits.problemWindowHours + 1) * hour));
      const mine = OrderSchema.parse(
        (await t.app.inject({ url: `/api/orders/${order.id}`, headers: cast.buyer.headers })).json(),
      );
      expect(mine.canReportProblem).toBe(false);
      expectError(await report(cast.buyer, order.id), 409, conflictOf(orderProgressMessages.problemWindowOver));
    });

    it('two reports at once open one', async () => {
      const { order } = await paidOrder(t, cast.seller, cast.buyer);
      await handOver(t, order.id);
      const answers = await Promise.all([report(cast.buyer, order.id), report(cast.buyer, order.id)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(await t.app.db.select().from(orderProblems).where(eq(orderProblems.orderId, order.id))).toHaveLength(1);
    });
  });

  describe('an admin decides a problem', () => {
    const openProblem = async () => {
      const sale = await paidOrder(t, cast.seller, cast.buyer);
      await handOver(t, sale.order.id);
      const problem = await insertProblem(t, sale.order.id, cast.buyer.id);
      return { ...sale, problem };
    };

    it('lists open problems with the order’s facts, for admins only', async () => {
      const { order, problem, product, paymentIntentId } = await openProblem();
      expectError(await t.app.inject({ url: '/api/admin/order-problems' }), 401, unauthorized);
      expectError(
        await t.app.inject({ url: '/api/admin/order-problems', headers: cast.buyer.headers }),
        403,
        forbidden,
      );
      const response = await t.app.inject({ url: '/api/admin/order-problems?limit=100', headers: cast.admin.headers });
      const page = AdminOrderProblemPageSchema.parse(response.json());
      expect(page.items.find((item) => item.problem.id === problem.id)).toMatchObject({
        problem: { status: 'open', reason: problem.reason },
        order: {
          id: order.id,
          priceCents: order.priceCents,
          progress: 'handed_over',
          transactionId: paymentIntentId,
          paymentStatus: 'succeeded',
        },
        product: { id: product.id, name: product.name },
        buyer: { id: cast.buyer.id, email: await emailOf(t, cast.buyer) },
        seller: { id: cast.seller.id, email: await emailOf(t, cast.seller) },
      });
    });

    it('closes without a refund: both parties are told, and it cannot be decided again', async () => {
      const { order, problem } = await openProblem();
      const url = `/api/admin/order-problems/${problem.id}/close`;
      expectError(await post(t, cast.buyer, url), 403, forbidden);
      expectError(await post(t, cast.seller, url), 403, forbidden);
      const response = await post(t, cast.admin, url);
      expect(response.statusCode, response.body).toBe(200);
      expect(AdminOrderProblemSchema.parse(response.json()).problem.status).toBe('closed');
      expect(await hasOpenProblem(t.app.db, order.id)).toBe(false);
      for (const to of [await emailOf(t, cast.buyer), await emailOf(t, cast.seller)]) {
        expect((await emailsTo(t, to, 'problem_outcome')).some((row) => row.subject.includes('closed'))).toBe(true);
      }
      expect((await auditOf(t, problem.id)).map((row) => row.action)).toContain(orderProgressAuditActions.closed);
      expectError(await post(t, cast.admin, url), 409, conflictOf(orderProgressMessages.problemAlreadyDecided));
      expectError(
        await post(t, cast.admin, `/api/admin/order-problems/${problem.id}/refund`),
        409,
        conflictOf(orderProgressMessages.problemAlreadyDecided),
      );
      expectError(await post(t, cast.admin, `/api/admin/order-problems/${unknownId}/close`), 404, {
        code: 'not_found',
        message: orderProgressMessages.problemNotFound,
      });
      // The order completes as usual now.
      expect((await post(t, cast.buyer, `/api/orders/${order.id}/receipt`)).statusCode).toBe(200);
    });

    it('refunds once through the processor however often it is pressed; the phone stays sold', async () => {
      const { order, problem, product, paymentIntentId } = await openProblem();
      const refund = vi.spyOn(t.app.cardProcessor, 'refund');
      try {
        const url = `/api/admin/order-problems/${problem.id}/refund`;
        const [first, second] = await Promise.all([post(t, cast.admin, url), post(t, cast.admin, url)]);
        // One carries the refund out; the other finds it done (200) or under way (409).
        const statuses = [first!.statusCode, second!.statusCode].sort();
        expect([
          [200, 200],
          [200, 409],
        ]).toContainEqual(statuses);
        const third = await post(t, cast.admin, url);
        expect(third.statusCode, third.body).toBe(200);
        expect(AdminOrderProblemSchema.parse(third.json())).toMatchObject({
          problem: { status: 'refunded' },
          order: { paymentStatus: 'refunded' },
        });
        expect(refund).toHaveBeenCalledTimes(1);
      } finally {
        refund.mockRestore();
      }
      expect((await testIntentRow(t, paymentIntentId))?.refundedAt).not.toBeNull();
      const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(payment?.status).toBe('refunded');
      const row = await orderRow(t, order.id);
      expect(row).toMatchObject({ status: 'paid', progress: 'handed_over' });
      expect(row.refundedAt).not.toBeNull();
      const phone = await t.app.inject({ url: `/api/products/${product.id}` });
      expect(phone.json().status).toBe('sold');
      for (const to of [await emailOf(t, cast.buyer), await emailOf(t, cast.seller)]) {
        expect((await emailsTo(t, to, 'problem_outcome')).some((row) => row.subject.includes('refunded'))).toBe(true);
      }
      const actions = (await auditOf(t, problem.id)).map((entry) => entry.action);
      expect(actions.filter((action) => action === orderProgressAuditActions.refunded)).toHaveLength(1);

      // Nothing moves a refunded order on; the buyer sees it refunded.
      expectError(
        await post(t, cast.buyer, `/api/orders/${order.id}/receipt`),
        409,
        conflictOf(orderProgressMessages.refunded),
      );
      const mine = OrderSchema.parse(
        (await t.app.inject({ url: `/api/orders/${order.id}`, headers: cast.buyer.headers })).json(),
      );
      expect(mine).toMatchObject({ problem: { status: 'refunded' }, canReportProblem: false });
      expect(mine.refundedAt).not.toBeNull();
      // Decided problems leave the admins' list.
      const page = AdminOrderProblemPageSchema.parse(
        (await t.app.inject({ url: '/api/admin/order-problems?limit=100', headers: cast.admin.headers })).json(),
      );
      expect(page.items.some((item) => item.problem.id === problem.id)).toBe(false);
    });

    it('survives a crash between the processor’s refund and the record: the job finishes it, refunding once', async () => {
      const { order, problem, paymentIntentId } = await openProblem();
      const real = t.app.cardProcessor;
      let refunds = 0;
      // The processor refunds, then the answer is lost (as if this replica died right after the call).
      const crashing: CardProcessor = {
        ...real,
        retrieve: (id) => real.retrieve(id),
        refund: async (id) => {
          refunds += 1;
          await real.refund(id);
          throw new Error('connection reset');
        },
      };
      const log = t.app.log;
      await expect(
        refundProblem(
          {
            db: t.app.db,
            publicUrl: t.config.publicUrl,
            processor: crashing,
            log,
            markPaymentRefunded,
            markPaymentPartlyRefunded,
            takeBackSellerPayout,
          },
          { id: cast.admin.id } as AuthUser,
          problem.id,
        ),
      ).rejects.toMatchObject({
        statusCode: 503,
        message: orderProgressMessages.refundDelayed,
      });
      expect(await problemRow(t, problem.id)).toMatchObject({ status: 'refunding', attempts: 1 });
      expect((await testIntentRow(t, paymentIntentId))?.refundedAt).not.toBeNull();
      expect(await hasOpenProblem(t.app.db, order.id)).toBe(true);
      expectError(
        await post(t, cast.admin, `/api/admin/order-problems/${problem.id}/close`),
        409,
        conflictOf(orderProgressMessages.refundUnderWay),
      );
      // Until its next try is due, pressing Refund again leaves it to the job.
      expectError(
        await post(t, cast.admin, `/api/admin/order-problems/${problem.id}/refund`),
        409,
        conflictOf(orderProgressMessages.refundUnderWay),
      );

      // Not before its next attempt is due.
      const counting: CardProcessor = {
        ...real,
        retrieve: (id) => real.retrieve(id),
        refund: async (id) => {
          refunds += 1;
          await real.refund(id);
        },
      };
      const refundsDue = (now?: () => Date) =>
        finishDueRefunds({
          db: t.app.db,
          publicUrl: t.config.publicUrl,
          processor: counting,
          log,
          markPaymentRefunded,
          markPaymentPartlyRefunded,
          takeBackSellerPayout,
          ...(now && { now }),
        });
      expect(await refundsDue()).toEqual({
        refunded: 0,
        refundsFailed: 0,
      });
      const later = () => new Date(Date.now() + 2 * hour);
      expect(await refundsDue(later)).toEqual({
        refunded: 1,
        refundsFailed: 0,
      });
      expect(refunds).toBe(1);
      expect(await problemRow(t, problem.id)).toMatchObject({ status: 'refunded' });
      const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(payment?.status).toBe('refunded');
      expect(await refundsDue(later)).toEqual({
        refunded: 0,
        refundsFailed: 0,
      });
    });
    it('a refund the processor refuses fails for good: said to the admin, the buyer and the seller, never retried', async () => {
      const { order, problem, paymentIntentId } = await openProblem();
      // The processor has never heard of the order's payment (as the demo's seeded orders once had).
      await t.app.db
        .update(orders)
        .set({ transactionId: 'pi_unknown_to_the_processor' })
        .where(eq(orders.id, order.id));
      const url = `/api/admin/order-problems/${problem.id}/refund`;
      expectError(await post(t, cast.admin, url), 409, conflictOf(orderProgressMessages.refundRefused));

      const row = await problemRow(t, problem.id);
      expect(row).toMatchObject({ status: 'refund_failed', nextAttemptAt: null });
      expect(row.lastError).toContain('does not know');
      expect((await auditOf(t, problem.id)).map((entry) => entry.action)).toContain(
        orderProgressAuditActions.refundFailed,
      );
      expect((await testIntentRow(t, paymentIntentId))?.refundedAt).toBeNull();
      expect((await orderRow(t, order.id)).refundedAt).toBeNull();

      // The admins see it on their list, flagged; the buyer and the seller read that it failed.
      const page = AdminOrderProblemPageSchema.parse(
        (await t.app.inject({ url: '/api/admin/order-problems?limit=100', headers: cast.admin.headers })).json(),
      );
      expect(page.items.find((item) => item.problem.id === problem.id)).toMatchObject({
        problem: { status: 'refund_failed', resolvedAt: null },
        order: { paymentStatus: 'succeeded' },
      });
      const mine = OrderSchema.parse(
        (await t.app.inject({ url: `/api/orders/${order.id}`, headers: cast.buyer.headers })).json(),
      );
      expect(mine).toMatchObject({ problem: { status: 'refund_failed' }, refundedAt: null, canReportProblem: false });
      const sales = await t.app.inject({ url: '/api/me/sales?limit=100', headers: cast.seller.headers });
      expect(sales.json().items.find((item: { id: string }) => item.id === order.id).problem.status).toBe(
        'refund_failed',
      );

      // Nothing tries it again on its own, however late; the order does not complete meanwhile.
      const retrieve = vi.spyOn(t.app.cardProcessor, 'retrieve');
      try {
        const later = () => new Date(Date.now() + 30 * day);
        expect(
          await finishDueRefunds({
            db: t.app.db,
            publicUrl: t.config.publicUrl,
            processor: t.app.cardProcessor,
            log: t.app.log,
            now: later,
            markPaymentRefunded,
            markPaymentPartlyRefunded,
            takeBackSellerPayout,
          }),
        ).toEqual({ refunded: 0, refundsFailed: 0 });
        expect(retrieve).not.toHaveBeenCalled();
      } finally {
        retrieve.mockRestore();
      }
      await completeDueOrders({
        db: t.app.db,
        publicUrl: t.config.publicUrl,
        now: () => new Date(Date.now() + 30 * day),
      });
      expect((await orderRow(t, order.id)).progress).toBe('handed_over');
      expectError(
        await post(t, cast.buyer, `/api/orders/${order.id}/receipt`),
        409,
        conflictOf(orderProgressMessages.problemOpen),
      );

      // Once the payment is known again, an admin's Refund tries again and it goes through.
      await t.app.db.update(orders).set({ transactionId: paymentIntentId }).where(eq(orders.id, order.id));
      const again = await post(t, cast.admin, url);
      expect(again.statusCode, again.body).toBe(200);
      expect(AdminOrderProblemSchema.parse(again.json())).toMatchObject({
        problem: { status: 'refunded' },
        order: { paymentStatus: 'refunded' },
      });
      expect((await testIntentRow(t, paymentIntentId))?.refundedAt).not.toBeNull();
    });

    it('a refund the processor cannot be reached for is tried again, then fails after its last try; an admin may close it', async () => {
      const { order, problem } = await openProblem();
      const unreachable: CardProcessor = {
        ...t.app.cardProcessor,
        retrieve: () => Promise.reject(new ProcessorUnavailableError('connect ECONNREFUSED')),
      };
      const deps = {
        db: t.app.db,
        publicUrl: t.config.publicUrl,
        processor: unreachable,
        log: t.app.log,
        markPaymentRefunded,
        markPaymentPartlyRefunded,
        takeBackSellerPayout,
      };
      await expect(refundProblem(deps, { id: cast.admin.id } as AuthUser, problem.id)).rejects.toMatchObject({
        statusCode: 503,
        message: orderProgressMessages.refundDelayed,
      });
      expect(await problemRow(t, problem.id)).toMatchObject({ status: 'refunding', attempts: 1 });
      const buyerSees = async () =>
        OrderSchema.parse((await t.app.inject({ url: `/api/orders/${order.id}`, headers: cast.buyer.headers })).json())
          .problem?.status;
      expect(await buyerSees()).toBe('refunding');

      // The job tries again once each try is due (the waits double, to an hour at most)…
      let now = Date.now();
      for (let attempt = 2; attempt <= orderProgressLimits.refundAttempts; attempt += 1) {
        now += 2 * hour;
        const at = new Date(now);
        expect(await finishDueRefunds({ ...deps, now: () => at })).toEqual({ refunded: 0, refundsFailed: 1 });
        const row = await problemRow(t, problem.id);
        expect(row.attempts).toBe(attempt);
        expect(row.status).toBe(attempt < orderProgressLimits.refundAttempts ? 'refunding' : 'refund_failed');
      }
      // …and after its last one the refund failed: nothing tries it again, and the buyer is told.
      expect(await finishDueRefunds({ ...deps, now: () => new Date(now + 2 * hour) })).toEqual({
        refunded: 0,
        refundsFailed: 0,
      });
      expect(await buyerSees()).toBe('refund_failed');
      expect((await auditOf(t, problem.id)).map((entry) => entry.action)).toContain(
        orderProgressAuditActions.refundFailed,
      );

      const closed = await post(t, cast.admin, `/api/admin/order-problems/${problem.id}/close`);
      expect(closed.statusCode, closed.body).toBe(200);
      expect(AdminOrderProblemSchema.parse(closed.json()).problem.status).toBe('closed');
      expect(await buyerSees()).toBe('closed');
      expect((await post(t, cast.buyer, `/api/orders/${order.id}/receipt`)).statusCode).toBe(200);
    });

    it('an admin who refunds the last try of an outage hears that it failed', async () => {
      const { problem } = await openProblem();
      await t.app.db
        .update(orderProblems)
        .set({
          status: 'refunding',
          attempts: orderProgressLimits.refundAttempts - 1,
          nextAttemptAt: new Date(Date.now() - hour),
        })
        .where(eq(orderProblems.id, problem.id));
      const unreachable: CardProcessor = {
        ...t.app.cardProcessor,
        retrieve: () => Promise.reject(new ProcessorUnavailableError('connect ECONNREFUSED')),
      };
      await expect(
        refundProblem(
          {
            db: t.app.db,
            publicUrl: t.config.publicUrl,
            processor: unreachable,
            log: t.app.log,
            markPaymentRefunded,
            markPaymentPartlyRefunded,
            takeBackSellerPayout,
          },
          { id: cast.admin.id } as AuthUser,
          problem.id,
        ),
      ).rejects.toMatchObject({ statusCode: 409, message: orderProgressMessages.refundUnreachable });
      expect(await problemRow(t, problem.id)).toMatchObject({ status: 'refund_failed' });
    });
  });

  describe('the progress-orders job', () => {
    const run = (now = new Date()) =>
      completeDueOrders({ db: t.app.db, publicUrl: t.config.publicUrl, now: () => now });

    it('completes orders a week after the hand-over, unless a problem is open or it was refunded', async () => {
      const due = await paidOrder(t, cast.seller, cast.buyer);
      await handOver(t, due.order.id, new Date(Date.now() - 8 * day), 'shipped');
      const young = await paidOrder(t, cast.seller, cast.buyer);
      await handOver(t, young.order.id, new Date(Date.now() - 6 * day));
      const waiting = await paidOrder(t, cast.seller, cast.buyer);
      const paused = await paidOrder(t, cast.seller, cast.buyer);
      await handOver(t, paused.order.id, new Date(Date.now() - 8 * day));
      const problem = await insertProblem(t, paused.order.id, cast.buyer.id, new Date(Date.now() - 7 * day));
      const refunded = await paidOrder(t, cast.seller, cast.buyer);
      await handOver(t, refunded.order.id, new Date(Date.now() - 8 * day));
      await t.app.db.update(orders).set({ refundedAt: new Date() }).where(eq(orders.id, refunded.order.id));

      const before = (await emailsTo(t, await emailOf(t, cast.seller), 'order_completed')).length;
      expect(await run()).toBeGreaterThanOrEqual(1);
      expect((await orderRow(t, due.order.id)).progress).toBe('completed');
      expect((await orderRow(t, young.order.id)).progress).toBe('handed_over');
      expect((await orderRow(t, waiting.order.id)).progress).toBe('awaiting_handover');
      expect((await orderRow(t, paused.order.id)).progress).toBe('handed_over');
      expect((await orderRow(t, refunded.order.id)).progress).toBe('handed_over');
      const audit = (await auditOf(t, due.order.id)).find(
        (row) => row.action === orderProgressAuditActions.autoCompleted,
      );
      expect(audit?.actorId).toBeNull();
      const emails = await emailsTo(t, await emailOf(t, cast.seller), 'order_completed');
      expect(emails.length).toBe(before + 1);

      // Closing the problem lets the order complete at the next run.
      expect((await post(t, cast.admin, `/api/admin/order-problems/${problem.id}/close`)).statusCode).toBe(200);
      await run();
      expect((await orderRow(t, paused.order.id)).progress).toBe('completed');
      // Six days on, the young one is due too.
      await run(new Date(Date.now() + 2 * day));
      expect((await orderRow(t, young.order.id)).progress).toBe('completed');
    });

    it('runs as a job, and two runs at once complete each order once', async () => {
      const sales = [];
      for (let i = 0; i < 6; i++) {
        const sale = await paidOrder(t, cast.seller, cast.otherBuyer);
        await handOver(t, sale.order.id, new Date(Date.now() - 8 * day));
        sales.push(sale);
      }
      const before = (await emailsTo(t, await emailOf(t, cast.seller), 'order_completed')).length;
      const [a, b] = await Promise.all([
        completeDueOrders({ db: t.app.db, publicUrl: t.config.publicUrl, now: () => new Date() }, { batchSize: 2 }),
        completeDueOrders({ db: t.app.db, publicUrl: t.config.publicUrl, now: () => new Date() }, { batchSize: 2 }),
      ]);
      expect(a! + b!).toBe(6);
      for (const sale of sales) {
        expect((await orderRow(t, sale.order.id)).progress).toBe('completed');
        const entries = (await auditOf(t, sale.order.id)).filter(
          (row) => row.action === orderProgressAuditActions.autoCompleted,
        );
        expect(entries).toHaveLength(1);
      }
      expect((await emailsTo(t, await emailOf(t, cast.seller), 'order_completed')).length).toBe(before + 6);
    });
  });
});

describe('order problem refunds at Stripe', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(stripe.env);
    await insertCategories(t.app.db);
    cast = await castOf(t);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.stop();
  });

  it('refunds the captured payment once, whoever presses Refund how often', async () => {
    const product = await insertProduct(t.app.db, cast.seller.id);
    const order = await bookOrder(t, cast.buyer, product);
    const intent = await intentFor(t, cast.buyer, order.id);
    stripe.confirm(intent.paymentIntentId);
    const paid = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
    expect(paid.statusCode, paid.body).toBe(200);
    await handOver(t, order.id);
    const problem = await insertProblem(t, order.id, cast.buyer.id);

    const url = `/api/admin/order-problems/${problem.id}/refund`;
    const first = await post(t, cast.admin, url);
    expect(first.statusCode, first.body).toBe(200);
    expect(AdminOrderProblemSchema.parse(first.json()).problem.status).toBe('refunded');
    expect((await post(t, cast.admin, url)).statusCode).toBe(200);
    expect(stripe.calls.refund.get(intent.paymentIntentId)).toBe(1);
    expect(stripe.intents.get(intent.paymentIntentId)?.latest_charge?.refunded).toBe(true);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment?.status).toBe('refunded');
  });

  it('a payment Stripe does not know is not refunded: the refund failed, and says so', async () => {
    const product = await insertProduct(t.app.db, cast.seller.id);
    const order = await bookOrder(t, cast.buyer, product);
    const intent = await intentFor(t, cast.buyer, order.id);
    stripe.confirm(intent.paymentIntentId);
    expect((await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);
    await handOver(t, order.id);
    await t.app.db.update(orders).set({ transactionId: 'pi_not_at_stripe' }).where(eq(orders.id, order.id));
    const problem = await insertProblem(t, order.id, cast.buyer.id);

    expectError(
      await post(t, cast.admin, `/api/admin/order-problems/${problem.id}/refund`),
      409,
      conflictOf(orderProgressMessages.refundRefused),
    );
    expect(await problemRow(t, problem.id)).toMatchObject({ status: 'refund_failed' });
    expect(stripe.intents.get(intent.paymentIntentId)?.latest_charge?.refunded).toBeFalsy();
  });
});
