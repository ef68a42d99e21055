/**
 * Paying sellers with the built-in test-mode processor (docs/decisions/0062): the payout account's
 * onboarding and its states, a sale's share held until the order completes and the account is
 * ready, sent once by the release job whatever crashes or outages it meets, and taken back by a
 * refund (cancelled before release, reversed after). Every figure is checked against the ledger.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  orderProgressMessages,
  payoutMessages,
  PayoutsSchema,
  PayoutAccountSchema,
  sellerFeeOf,
  type Payouts,
} from '@recell/contract';
import { ProcessorUnavailableError } from '../src/adapters/payments/card-processor.ts';
import { PayoutRefusedError, type PayoutProcessor } from '../src/adapters/payouts/payout-processor.ts';
import { ledgerEntries, payments, sellerPayouts, testPaymentIntents, testTransfers } from '../src/db/schema.ts';
import { payoutDepsOf, releaseDuePayouts } from '../src/modules/payouts/index.ts';
import { callerWithRole, headersOf, useCast, type Caller } from './support/accounts.ts';
import { expectError, useTestApp } from './support/api.ts';
import { handOver, insertProblem, orderRow, paidOrder } from './support/order-progress.ts';
import type { TestApp } from './helpers.ts';

const minute = 60_000;
const fee = { percent: 10, fixedCents: 0 };

const post = (t: TestApp, caller: Caller | null, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: headersOf(caller), ...(payload ? { payload } : {}) });

const payoutsOf = async (t: TestApp, seller: Caller): Promise<Payouts> => {
  const response = await t.app.inject({ url: '/api/me/payouts', headers: headersOf(seller) });
  expect(response.statusCode, response.body).toBe(200);
  return PayoutsSchema.parse(response.json());
};

const onboard = async (t: TestApp, seller: Caller, outcome: 'complete' | 'needs_information' | 'rejected') => {
  const response = await post(t, seller, '/api/test-processor/payout-account/onboarding', { outcome });
  expect(response.statusCode, response.body).toBe(200);
  return PayoutAccountSchema.parse(response.json());
};

/** The order's money by account, and its movements in order. */
const ledgerOf = async (t: TestApp, orderId: string) => {
  const entries = await t.app.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(asc(ledgerEntries.id));
  const balance = (account: string) =>
    entries.filter((entry) => entry.account === account).reduce((sum, entry) => sum + entry.amountCents, 0);
  return {
    movements: [...new Set(entries.map((entry) => entry.movement))],
    total: entries.reduce((sum, entry) => sum + entry.amountCents, 0),
    processor: balance('processor_balance'),
    owedToSeller: 0 - balance('seller_payable'),
    fees: 0 - balance('platform_fees'),
  };
};

const transfersOf = (t: TestApp, orderId: string) =>
  t.app.db.select().from(testTransfers).where(eq(testTransfers.orderId, orderId));

const payoutRow = async (t: TestApp, orderId: string) =>
  (await t.app.db.select().from(sellerPayouts).where(eq(sellerPayouts.orderId, orderId)))[0]!;

describe('payouts (test mode)', () => {
  const t = useTestApp({ env: () => ({ SELLER_FEE_PERCENT: String(fee.percent), SELLER_FEE_FIXED_CENTS: '0' }) });
  const cast = useCast(t);
  const newSeller = () => callerWithRole(t, 'seller', { verified: true });

  const release = (processor?: PayoutProcessor, now?: Date) =>
    releaseDuePayouts({
      ...payoutDepsOf(t.app, t.app.log),
      ...(processor ? { payouts: processor } : {}),
      ...(now ? { now: () => now } : {}),
    });

  /** A paid order of `seller`'s phone, handed over and confirmed by the buyer: completed. */
  const completedSale = async (seller: Caller, priceCents = 40_000) => {
    const { order } = await paidOrder(t, seller, cast.buyer, { priceCents });
    await post(t, seller, `/api/orders/${order.id}/handed-over`);
    const confirmed = await post(t, cast.buyer, `/api/orders/${order.id}/receipt`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return order;
  };

  describe('the payout account', () => {
    it('goes from none to ready through onboarding, saying each state', async () => {
      const seller = await newSeller();
      expect((await payoutsOf(t, seller)).account).toEqual({
        state: 'not_connected',
        processor: 'test',
        requirementsDue: [],
      });

      const started = await post(t, seller, '/api/me/payout-account/onboarding');
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json()).toEqual({ url: '/dashboard/payouts/test-onboarding' });
      const { account } = await payoutsOf(t, seller);
      expect(account.state).toBe('incomplete');
      expect(account.requirementsDue.length).toBeGreaterThan(0);
      // A second start keeps the one account.
      await post(t, seller, '/api/me/payout-account/onboarding');

      expect(await onboard(t, seller, 'needs_information')).toEqual({
        state: 'needs_information',
        processor: 'test',
        requirementsDue: ['individual.verification.document'],
      });
      expect(await onboard(t, seller, 'complete')).toEqual({ state: 'ready', processor: 'test', requirementsDue: [] });
    });

    it('refuses to set up a rejected account again', async () => {
      const seller = await newSeller();
      expect((await onboard(t, seller, 'rejected')).state).toBe('rejected');
      expectError(await post(t, seller, '/api/me/payout-account/onboarding'), 409, {
        code: 'conflict',
        message: payoutMessages.accountRejected,
      });
    });

    it('is a seller’s own: buyers and admins are refused, visitors asked to sign in', async () => {
      for (const [caller, status] of [
        [null, 401],
        [cast.buyer, 403],
        [cast.admin, 403],
      ] as const) {
        expect((await t.app.inject({ url: '/api/me/payouts', headers: headersOf(caller) })).statusCode).toBe(status);
        expect((await post(t, caller, '/api/me/payout-account/onboarding')).statusCode).toBe(status);
      }
      const outcome = await post(t, cast.seller, '/api/test-processor/payout-account/onboarding', {
        outcome: 'paid',
      });
      expect(outcome.statusCode).toBe(400);
    });
  });

  describe('holding and releasing a sale', () => {
    it('holds the share through the window, then sends it once when the order completes', async () => {
      const seller = await newSeller();
      await onboard(t, seller, 'complete');
      const { order } = await paidOrder(t, seller, cast.buyer, { priceCents: 40_001 });
      const net = 40_001 - sellerFeeOf(40_001, fee);

      let page = await payoutsOf(t, seller);
      expect(page.sales).toEqual([
        expect.objectContaining({
          orderId: order.id,
          priceCents: 40_001,
          feeCents: 4000,
          netCents: net,
          state: 'held',
          releaseAt: null,
          sentAt: null,
        }),
      ]);
      expect(page.balances).toEqual({ heldCents: net, onTheWayCents: 0, paidOutCents: 0 });

      // Handed over: still in the window; the release date is the automatic completion's.
      await post(t, seller, `/api/orders/${order.id}/handed-over`);
      await release();
      expect(await transfersOf(t, order.id)).toEqual([]);
      page = await payoutsOf(t, seller);
      expect(page.sales[0]!.state).toBe('held');
      expect(Date.parse(page.sales[0]!.releaseAt!) - Date.now()).toBeGreaterThan(6.9 * 24 * 60 * minute);

      await post(t, cast.buyer, `/api/orders/${order.id}/receipt`);
      const [first, second] = await Promise.all([release(), release()]);
      expect(first.sent + second.sent).toBeGreaterThanOrEqual(1);
      await release();

      const transfers = await transfersOf(t, order.id);
      expect(transfers).toEqual([expect.objectContaining({ kind: 'transfer', amountCents: net })]);
      expect(await ledgerOf(t, order.id)).toEqual({
        movements: ['sale', 'transfer'],
        total: 0,
        processor: 4000,
        owedToSeller: 0,
        fees: 4000,
      });
      page = await payoutsOf(t, seller);
      expect(page.sales[0]).toMatchObject({ state: 'sent', sentAt: expect.any(String) });
      expect(page.balances).toEqual({ heldCents: 0, onTheWayCents: 0, paidOutCents: net });
    });

    it('waits for a seller without a ready account, and sends once the account is ready', async () => {
      const seller = await newSeller();
      const order = await completedSale(seller);
      await release();
      expect((await payoutsOf(t, seller)).sales[0]!.state).toBe('waiting_for_account');

      await onboard(t, seller, 'needs_information');
      await release();
      expect(await transfersOf(t, order.id)).toEqual([]);

      await onboard(t, seller, 'complete');
      await release();
      expect(await transfersOf(t, order.id)).toHaveLength(1);
      expect((await payoutsOf(t, seller)).sales[0]!.state).toBe('sent');
    });

    it('does not release an order with an undecided problem report', async () => {
      const seller = await newSeller();
      await onboard(t, seller, 'complete');
      // Completed by the buyer, then reported within the window before the job ran.
      const order = await completedSale(seller);
      await insertProblem(t, order.id, cast.buyer.id);
      await release();
      expect(await transfersOf(t, order.id)).toEqual([]);
    });
  });

  describe('a transfer that fails', () => {
    it('is tried again after an outage, with backoff, and sent once', async () => {
      const seller = await newSeller();
      await onboard(t, seller, 'complete');
      const order = await completedSale(seller);
      const real = t.app.payoutProcessor;
      const down: PayoutProcessor = {
        ...real,
        transfer: async () => {
          throw new ProcessorUnavailableError('connection reset');
        },
      };
      expect(await release(down)).toMatchObject({ sent: 0, notSent: 1 });
      const row = await payoutRow(t, order.id);
      expect(row).toMatchObject({ status: 'sending', attempts: 1, lastError: expect.stringContaining('reset') });
      expect((await payoutsOf(t, seller)).sales[0]!.state).toBe('sending');

      // Before its next try: left alone.
      await release();
      expect(await transfersOf(t, order.id)).toEqual([]);
      expect(await release(undefined, new Date(Date.now() + 2 * minute))).toMatchObject({ sent: 1 });
      expect(await transfersOf(t, order.id)).toHaveLength(1);
      expect((await ledgerOf(t, order.id)).owedToSeller).toBe(0);
    });

    it('made but not recorded (a crash) is recorded once when its lease is over, with the same transfer', async () => {
      const seller = await newSeller();
      await onboard(t, seller, 'complete');
      const order = await completedSale(seller);
      const real = t.app.payoutProcessor;
      const crashing: PayoutProcessor = {
        ...real,
        transfer: async (transfer) => {
          await real.transfer(transfer);
          throw new Error('the process died after the transfer');
        },
      };
      await release(crashing);
      expect(await transfersOf(t, order.id)).toHaveLength(1);
      // The failure was counted: its retry waits for the backoff and the lease.
      await release(undefined, new Date(Date.now() + 5 * minute));
      const transfers = await transfersOf(t, order.id);
      expect(transfers).toHaveLength(1);
      expect(await payoutRow(t, order.id)).toMatchObject({ status: 'sent', transferId: transfers[0]!.id });
      expect(await ledgerOf(t, order.id)).toMatchObject({ movements: ['sale', 'transfer'], owedToSeller: 0 });
    });

    it('refused by the processor fails for good, for an admin to send again', async () => {
      const seller = await newSeller();
      await onboard(t, seller, 'complete');
      const order = await completedSale(seller);
      // The account was closed at the processor after the seller's setup.
      const refusing: PayoutProcessor = {
        ...t.app.payoutProcessor,
        transfer: async () => {
          throw new PayoutRefusedError('account_closed', 'The destination account is closed.');
        },
      };
      await release(refusing);
      expect(await payoutRow(t, order.id)).toMatchObject({
        status: 'failed',
        lastError: expect.stringContaining('closed'),
      });
      await release(undefined, new Date(Date.now() + 2 * 60 * minute));
      expect(await transfersOf(t, order.id)).toEqual([]);
      expect((await ledgerOf(t, order.id)).owedToSeller).toBeGreaterThan(0);
    });
  });

  describe('refunds', () => {
    const refund = (problemId: string) => post(t, cast.admin, `/api/admin/order-problems/${problemId}/refund`);

    it('before release cancel the share: never sent, every account back at zero', async () => {
      const seller = await newSeller();
      await onboard(t, seller, 'complete');
      const { order } = await paidOrder(t, seller, cast.buyer, { priceCents: 30_000 });
      await handOver(t, order.id);
      const problem = await insertProblem(t, order.id, cast.buyer.id);
      expect((await refund(problem.id)).statusCode).toBe(200);
      expect((await payoutRow(t, order.id)).status).toBe('cancelled');
      await release(undefined, new Date(Date.now() + 10 * 24 * 60 * minute));
      expect(await transfersOf(t, order.id)).toEqual([]);
      expect(await ledgerOf(t, order.id)).toEqual({
        movements: ['sale', 'refund'],
        total: 0,
        processor: 0,
        owedToSeller: 0,
        fees: 0,
      });
      const page = await payoutsOf(t, seller);
      expect(page.sales[0]!.state).toBe('refunded');
      expect(page.balances).toEqual({ heldCents: 0, onTheWayCents: 0, paidOutCents: 0 });
    });

    it('after release reverse the transfer first, then refund the buyer; both recorded once', async () => {
      const seller = await newSeller();
      await onboard(t, seller, 'complete');
      const order = await completedSale(seller, 30_000);
      await release();
      expect((await payoutRow(t, order.id)).status).toBe('sent');
      // Reported within the window after the buyer confirmed.
      const problem = await insertProblem(t, order.id, cast.buyer.id);
      const [first, second] = await Promise.all([refund(problem.id), refund(problem.id)]);
      expect([first.statusCode, second.statusCode]).toContain(200);
      await expect.poll(async () => (await orderRow(t, order.id)).refundedAt).not.toBeNull();

      const transfers = await transfersOf(t, order.id);
      expect(transfers.map((row) => [row.kind, row.amountCents])).toEqual([
        ['transfer', 27_000],
        ['reversal', 27_000],
      ]);
      expect(await payoutRow(t, order.id)).toMatchObject({ status: 'reversed', reversalId: transfers[1]!.id });
      expect(await ledgerOf(t, order.id)).toEqual({
        movements: ['sale', 'transfer', 'reversal', 'refund'],
        total: 0,
        processor: 0,
        owedToSeller: 0,
        fees: 0,
      });
      const page = await payoutsOf(t, seller);
      expect(page.sales[0]!.state).toBe('reversed');
      expect(page.balances).toEqual({ heldCents: 0, onTheWayCents: 0, paidOutCents: 0 });
    });
  });

  describe('an admin’s partial refund', () => {
    const refund = (problemId: string, amountCents?: number) =>
      post(
        t,
        cast.admin,
        `/api/admin/order-problems/${problemId}/refund`,
        amountCents === undefined ? {} : { amountCents },
      );
    const intentRefunded = async (orderId: string) =>
      (await t.app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, orderId))).find(
        (intent) => intent.status === 'succeeded',
      )!.refundedCents;

    it('before release: the buyer gets the part, the held share and the fee give back theirs', async () => {
      const seller = await newSeller();
      await onboard(t, seller, 'complete');
      const { order } = await paidOrder(t, seller, cast.buyer, { priceCents: 40_000 });
      await handOver(t, order.id);
      const problem = await insertProblem(t, order.id, cast.buyer.id);
      const response = await refund(problem.id, 10_000);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        problem: { status: 'refunded', refundCents: 10_000 },
        order: { paidCents: 40_000, refundedCents: 10_000 },
      });
      expect(await intentRefunded(order.id)).toBe(10_000);
      // 10 % fee: $10 of fees and $90 of the seller's share go back.
      expect(await ledgerOf(t, order.id)).toMatchObject({ processor: 30_000, owedToSeller: 27_000, fees: 3_000 });
      expect((await payoutRow(t, order.id)).amountCents).toBe(27_000);
      // Not refunded in full: the order goes on, and its share is sent at completion.
      expect((await orderRow(t, order.id)).refundedAt).toBeNull();
      await post(t, cast.buyer, `/api/orders/${order.id}/receipt`);
      await release();
      expect((await transfersOf(t, order.id)).map((row) => row.amountCents)).toEqual([27_000]);
      expect(await ledgerOf(t, order.id)).toMatchObject({ total: 0, processor: 3_000, owedToSeller: 0, fees: 3_000 });
    });

    it('after release: the seller’s part is reversed first, once; a later full refund gives back the rest', async () => {
      const seller = await newSeller();
      await onboard(t, seller, 'complete');
      const order = await completedSale(seller, 40_000);
      await release();
      const first = await insertProblem(t, order.id, cast.buyer.id);
      const [a, b] = await Promise.all([refund(first.id, 10_000), refund(first.id, 10_000)]);
      expect([a.statusCode, b.statusCode]).toContain(200);
      await expect
        .poll(
          async () => (await t.app.db.select().from(payments).where(eq(payments.orderId, order.id)))[0]!.refundedCents,
        )
        .toBe(10_000);
      expect((await transfersOf(t, order.id)).map((row) => [row.kind, row.amountCents])).toEqual([
        ['transfer', 36_000],
        ['reversal', 9_000],
      ]);
      expect(await ledgerOf(t, order.id)).toMatchObject({ total: 0, processor: 3_000, owedToSeller: 0, fees: 3_000 });
      expect((await payoutsOf(t, seller)).balances.paidOutCents).toBe(27_000);

      const second = await insertProblem(t, order.id, cast.buyer.id);
      expect((await refund(second.id)).statusCode).toBe(200);
      expect(await intentRefunded(order.id)).toBe(40_000);
      expect((await transfersOf(t, order.id)).map((row) => row.amountCents)).toEqual([36_000, 9_000, 27_000]);
      expect(await ledgerOf(t, order.id)).toMatchObject({ total: 0, processor: 0, owedToSeller: 0, fees: 0 });
      expect((await payoutsOf(t, seller)).balances.paidOutCents).toBe(0);
    });

    it('refuses more than the buyer paid and was not refunded, and changes nothing', async () => {
      const seller = await newSeller();
      const { order } = await paidOrder(t, seller, cast.buyer, { priceCents: 20_000 });
      await handOver(t, order.id);
      const problem = await insertProblem(t, order.id, cast.buyer.id);
      const before = await ledgerOf(t, order.id);
      expectError(await refund(problem.id, 20_001), 400, {
        code: 'validation',
        message: orderProgressMessages.refundAboveWhatWasPaid,
        fields: { amountCents: orderProgressMessages.refundAboveWhatWasPaid },
      });
      expect((await refund(problem.id, 0)).statusCode).toBe(400);
      expect((await refund(problem.id, 1.5)).statusCode).toBe(400);
      expect(await ledgerOf(t, order.id)).toEqual(before);
      expect(await intentRefunded(order.id)).toBe(0);
      // All of it, asked as an amount, is a full refund.
      expect((await refund(problem.id, 20_000)).statusCode).toBe(200);
      expect((await orderRow(t, order.id)).refundedAt).not.toBeNull();
      expect(await ledgerOf(t, order.id)).toMatchObject({ processor: 0, owedToSeller: 0, fees: 0 });
    });
  });
});
