/**
 * The admins' Finance screen (docs/decisions/0062): every total is what the ledger sums to, checked
 * against sums this file makes itself from `ledger_entries` (and each share's state) at each step
 * of sales' lives; a refused payout shows as failed and is sent again from the screen; the
 * disputes come open ones first by their deadline. Only admins may look.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FinanceSchema,
  financeListLimit,
  payoutMessages,
  sellerFeeOf,
  type Finance,
  type FinanceTotals,
} from '@recell/contract';
import { ProcessorUnavailableError } from '../src/adapters/payments/card-processor.ts';
import { PayoutRefusedError, type PayoutProcessor } from '../src/adapters/payouts/payout-processor.ts';
import { ledgerEntries, paymentDisputes, sellerPayouts, testTransfers, users } from '../src/db/schema.ts';
import { payoutDepsOf, releaseDuePayouts } from '../src/modules/payouts/index.ts';
import { callerWithRole, headersOf, useCast, type Caller } from './support/accounts.ts';
import { expectError, forbidden, unauthorized, unknownId, useTestApp } from './support/api.ts';
import { handOver, insertProblem, paidOrder } from './support/order-progress.ts';
import type { TestApp } from './helpers.ts';

const fee = { percent: 10, fixedCents: 0 };
const minute = 60_000;
const netOf = (priceCents: number) => priceCents - sellerFeeOf(priceCents, fee);

const post = (t: TestApp, caller: Caller | null, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: headersOf(caller), ...(payload ? { payload } : {}) });

const financeOf = async (t: TestApp, admin: Caller): Promise<Finance> => {
  const response = await t.app.inject({ url: '/api/admin/finance', headers: headersOf(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return FinanceSchema.parse(response.json());
};

const retry = (t: TestApp, caller: Caller | null, orderId: string) =>
  post(t, caller, `/api/admin/payouts/${orderId}/retry`);

/**
 * The totals as this test sums them, from every ledger entry and each order's share state, in
 * plain code: nothing of the API's queries.
 */
const ledgerSums = async (t: TestApp): Promise<FinanceTotals> => {
  const entries = await t.app.db.select().from(ledgerEntries);
  const statusOf = new Map(
    (await t.app.db.select().from(sellerPayouts)).map((payout) => [payout.orderId, payout.status]),
  );
  const sum = (keep: (entry: (typeof entries)[number]) => boolean) =>
    entries.filter(keep).reduce((total, entry) => total + entry.amountCents, 0);
  const owedIn = (status: string) =>
    0 - sum((entry) => entry.account === 'seller_payable' && statusOf.get(entry.orderId) === status);
  return {
    feesEarnedCents: 0 - sum((entry) => entry.account === 'platform_fees'),
    heldForSellersCents: owedIn('held'),
    sendingCents: owedIn('sending'),
    failedCents: owedIn('failed'),
    sentToSellersCents: sum(
      (entry) => entry.account === 'seller_payable' && ['transfer', 'reversal'].includes(entry.movement),
    ),
    refundedToBuyersCents: 0 - sum((entry) => entry.account === 'processor_balance' && entry.movement === 'refund'),
    disputedCents: sum((entry) => entry.account === 'disputed'),
  };
};

const payoutRow = async (t: TestApp, orderId: string) =>
  (await t.app.db.select().from(sellerPayouts).where(eq(sellerPayouts.orderId, orderId)))[0]!;

describe('Finance (admin)', () => {
  const t = useTestApp({ env: () => ({ SELLER_FEE_PERCENT: String(fee.percent), SELLER_FEE_FIXED_CENTS: '0' }) });
  const cast = useCast(t);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const release = (processor?: Partial<PayoutProcessor>, now?: Date) =>
    releaseDuePayouts({
      ...payoutDepsOf(t.app, t.app.log),
      ...(processor ? { payouts: { ...t.app.payoutProcessor, ...processor } } : {}),
      ...(now ? { now: () => now } : {}),
    });
  const refusing = {
    transfer: async () => {
      throw new PayoutRefusedError('account_closed', 'The destination account is closed.');
    },
  };
  const down = {
    transfer: async () => {
      throw new ProcessorUnavailableError('connection reset');
    },
  };

  /** A verified seller whose payout account is ready. */
  const readySeller = async () => {
    const seller = await callerWithRole(t, 'seller', { verified: true });
    const onboarded = await post(t, seller, '/api/test-processor/payout-account/onboarding', { outcome: 'complete' });
    expect(onboarded.statusCode, onboarded.body).toBe(200);
    return seller;
  };
  /** A paid order of `seller`'s phone, handed over and confirmed by the buyer: completed, its share due. */
  const completedSale = async (seller: Caller, priceCents: number) => {
    const { order, product } = await paidOrder(t, seller, cast.buyer, { priceCents });
    expect((await post(t, seller, `/api/orders/${order.id}/handed-over`)).statusCode).toBe(200);
    const confirmed = await post(t, cast.buyer, `/api/orders/${order.id}/receipt`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { order, product };
  };
  /** The screen's totals are the ledger's sums as this test makes them, and come back as `expected`. */
  const expectTotals = async (expected: Partial<FinanceTotals>) => {
    const { totals } = await financeOf(t, cast.admin);
    expect(totals).toEqual(await ledgerSums(t));
    expect(totals).toMatchObject(expected);
    return totals;
  };

  it('sums every total from the ledger through sales held, failed, sent again, on the way, refunded and disputed', async () => {
    const seller = await readySeller();
    const { name: sellerName } = (
      await t.app.db.select({ name: users.name }).from(users).where(eq(users.id, seller.id))
    )[0]!;
    await expectTotals({
      feesEarnedCents: 0,
      heldForSellersCents: 0,
      sendingCents: 0,
      failedCents: 0,
      sentToSellersCents: 0,
      refundedToBuyersCents: 0,
      disputedCents: 0,
    });

    // Two completed sales and one still in the buyer's window: all three held.
    const first = await completedSale(seller, 40_001);
    const second = await completedSale(seller, 25_000);
    const { order: inWindow } = await paidOrder(t, seller, cast.buyer, { priceCents: 12_345 });
    const held = netOf(40_001) + netOf(25_000) + netOf(12_345);
    const fees = sellerFeeOf(40_001, fee) + sellerFeeOf(25_000, fee) + sellerFeeOf(12_345, fee);
    await expectTotals({ feesEarnedCents: fees, heldForSellersCents: held, failedCents: 0, sentToSellersCents: 0 });

    // The processor refuses both due transfers: they fail, newest sale first on the screen.
    expect(await release(refusing)).toMatchObject({ sent: 0, notSent: 2 });
    let page = await financeOf(t, cast.admin);
    expect(page.failedPayouts).toEqual([
      {
        orderId: second.order.id,
        productName: second.product.name,
        sellerName,
        amountCents: netOf(25_000),
        attempts: 0,
        lastError: expect.stringContaining('The destination account is closed.'),
        nextAttemptAt: null,
        status: 'failed',
      },
      expect.objectContaining({ orderId: first.order.id, amountCents: netOf(40_001), status: 'failed' }),
    ]);
    expect(page.pendingPayouts).toEqual([]);
    await expectTotals({
      heldForSellersCents: netOf(12_345),
      failedCents: netOf(40_001) + netOf(25_000),
      sentToSellersCents: 0,
    });

    // Sent again while the processor still refuses: still failed, with its new error.
    vi.spyOn(t.app.payoutProcessor, 'transfer').mockRejectedValueOnce(
      new PayoutRefusedError('account_closed', 'Still closed.'),
    );
    expectError(await retry(t, cast.admin, first.order.id), 409, {
      code: 'conflict',
      message: payoutMessages.payoutRefused,
    });
    expect(await payoutRow(t, first.order.id)).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('Still closed.'),
    });
    vi.restoreAllMocks();

    // Sent again: the answer is the screen as it then stands; failed moves to sent.
    const retried = await retry(t, cast.admin, first.order.id);
    expect(retried.statusCode, retried.body).toBe(200);
    page = FinanceSchema.parse(retried.json());
    expect(page.failedPayouts.map((payout) => payout.orderId)).toEqual([second.order.id]);
    expect(page.totals).toEqual(await ledgerSums(t));
    expect(page.totals).toMatchObject({ failedCents: netOf(25_000), sentToSellersCents: netOf(40_001) });
    expect(await t.app.db.select().from(testTransfers).where(eq(testTransfers.orderId, first.order.id))).toEqual([
      expect.objectContaining({ kind: 'transfer', amountCents: netOf(40_001) }),
    ]);

    // Only a failed payout is sent again.
    expectError(await retry(t, cast.admin, first.order.id), 409, {
      code: 'conflict',
      message: payoutMessages.payoutNotFailed,
    });
    expectError(await retry(t, cast.admin, inWindow.id), 409, {
      code: 'conflict',
      message: payoutMessages.payoutNotFailed,
    });

    // An outage leaves a completed sale on its way, with its next try.
    const third = await completedSale(seller, 9_999);
    expect(await release(down)).toMatchObject({ sent: 0, notSent: 1 });
    page = await financeOf(t, cast.admin);
    expect(page.pendingPayouts).toEqual([
      {
        orderId: third.order.id,
        productName: third.product.name,
        sellerName,
        amountCents: netOf(9_999),
        attempts: 1,
        lastError: expect.stringContaining('connection reset'),
        nextAttemptAt: expect.any(String),
        status: 'sending',
      },
    ]);
    expect(Date.parse(page.pendingPayouts[0]!.nextAttemptAt!)).toBeGreaterThan(Date.now());
    await expectTotals({ sendingCents: netOf(9_999), failedCents: netOf(25_000) });

    // Its next try goes through: on the way moves to sent.
    expect(await release(undefined, new Date(Date.now() + 2 * minute))).toMatchObject({ sent: 1 });
    await expectTotals({ sendingCents: 0, sentToSellersCents: netOf(40_001) + netOf(9_999) });

    // A refund before release gives the buyer the price back; the fee and the seller's share go with it.
    const { order: refunded } = await paidOrder(t, seller, cast.buyer, { priceCents: 30_000 });
    await handOver(t, refunded.id);
    const problem = await insertProblem(t, refunded.id, cast.buyer.id);
    expect((await post(t, cast.admin, `/api/admin/order-problems/${problem.id}/refund`)).statusCode).toBe(200);
    await expect.poll(async () => (await payoutRow(t, refunded.id)).status).toBe('cancelled');
    await expectTotals({
      refundedToBuyersCents: 30_000,
      feesEarnedCents: fees + sellerFeeOf(9_999, fee),
      heldForSellersCents: netOf(12_345),
    });

    // A refund after release: the transfer taken back leaves 'sent to sellers', the buyer gets the price.
    const fourth = await completedSale(seller, 20_000);
    await release();
    const sent = netOf(40_001) + netOf(9_999) + netOf(20_000);
    await expectTotals({ sentToSellersCents: sent });
    const late = await insertProblem(t, fourth.order.id, cast.buyer.id);
    expect((await post(t, cast.admin, `/api/admin/order-problems/${late.id}/refund`)).statusCode).toBe(200);
    await expect.poll(async () => (await payoutRow(t, fourth.order.id)).status).toBe('reversed');
    await expect.poll(async () => (await financeOf(t, cast.admin)).totals.refundedToBuyersCents).toBe(50_000);
    await expectTotals({
      sentToSellersCents: sent - netOf(20_000),
      feesEarnedCents: fees + sellerFeeOf(9_999, fee),
    });

    // The card network takes part of a sale while its dispute is open (the ledger's movement, as a dispute records it).
    await t.app.db.insert(ledgerEntries).values([
      { orderId: second.order.id, movement: 'dispute_opened', account: 'disputed', amountCents: 7_500 },
      { orderId: second.order.id, movement: 'dispute_opened', account: 'processor_balance', amountCents: -7_500 },
    ]);
    await expectTotals({ disputedCents: 7_500 });
  });

  it('lists the disputes open ones first, the nearest deadline first, then closed ones newest first', async () => {
    const seller = await callerWithRole(t, 'seller', { verified: true });
    const { order, product } = await paidOrder(t, seller, cast.buyer, { priceCents: 50_000 });
    const day = 24 * 60 * minute;
    const now = Date.now();
    const at = (days: number) => new Date(now + days * day);
    const dispute = (id: string, fields: Partial<typeof paymentDisputes.$inferInsert>) => ({
      id,
      orderId: order.id,
      amountCents: 50_000,
      reason: 'fraudulent',
      status: 'needs_response',
      ...fields,
    });
    await t.app.db
      .insert(paymentDisputes)
      .values([
        dispute('dp_closed_old', { status: 'won', createdAt: at(-30), evidenceDueBy: at(-20), closedAt: at(-10) }),
        dispute('dp_open_later', { createdAt: at(-3), evidenceDueBy: at(9) }),
        dispute('dp_open_no_deadline', { status: 'warning_needs_response', createdAt: at(-12), evidenceDueBy: null }),
        dispute('dp_closed_new', { status: 'lost', createdAt: at(-8), evidenceDueBy: at(-1), closedAt: at(-2) }),
        dispute('dp_open_sooner', { reason: 'product_not_received', createdAt: at(-5), evidenceDueBy: at(2) }),
      ]);

    const { disputes } = await financeOf(t, cast.admin);
    expect(disputes.map((row) => row.id)).toEqual([
      'dp_open_sooner',
      'dp_open_later',
      'dp_open_no_deadline',
      'dp_closed_new',
      'dp_closed_old',
    ]);
    expect(disputes[0]).toEqual({
      id: 'dp_open_sooner',
      orderId: order.id,
      productName: product.name,
      amountCents: 50_000,
      reason: 'product_not_received',
      status: 'needs_response',
      evidenceDueBy: at(2).toISOString(),
      createdAt: at(-5).toISOString(),
      closedAt: null,
    });
    expect(disputes[3]).toMatchObject({ status: 'lost', closedAt: at(-2).toISOString() });

    // At most the limit: the open ones still come first.
    await t.app.db
      .insert(paymentDisputes)
      .values(
        Array.from({ length: financeListLimit }, (_, n) =>
          dispute(`dp_closed_bulk_${n}`, { status: 'won', createdAt: at(-40), closedAt: at(-35) }),
        ),
      );
    const capped = (await financeOf(t, cast.admin)).disputes;
    expect(capped).toHaveLength(financeListLimit);
    expect(capped.slice(0, 3).map((row) => row.id)).toEqual(['dp_open_sooner', 'dp_open_later', 'dp_open_no_deadline']);
  });

  it('answers 404 for a payout it does not know, however its id is written', async () => {
    for (const id of [unknownId, 'not-an-id', unknownId.toUpperCase().replace('6F1C', '7F1C')]) {
      expectError(await retry(t, cast.admin, id), 404, { code: 'not_found', message: payoutMessages.payoutNotFound });
    }
  });

  it('is the admins’: sellers and buyers are refused, visitors asked to sign in, and nothing is sent', async () => {
    const seller = await readySeller();
    const { order } = await completedSale(seller, 15_000);
    await release(refusing);
    expect((await payoutRow(t, order.id)).status).toBe('failed');
    for (const [caller, error] of [
      [null, unauthorized],
      [cast.buyer, forbidden],
      [cast.seller, forbidden],
      [seller, forbidden],
    ] as const) {
      expectError(
        await t.app.inject({ url: '/api/admin/finance', headers: headersOf(caller) }),
        error === unauthorized ? 401 : 403,
        error,
      );
      expectError(await retry(t, caller, order.id), error === unauthorized ? 401 : 403, error);
    }
    expect((await payoutRow(t, order.id)).status).toBe('failed');
  });
});
