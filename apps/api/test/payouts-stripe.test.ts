/**
 * Paying sellers through Stripe Connect Express, against the local server speaking Stripe's API
 * (test/support/fake-stripe.ts): the seller's hosted onboarding and `account.updated`, each sale's
 * share transferred from its charge once the order completes (once, whatever repeats), and a
 * refund after release reversing the transfer before the buyer is refunded.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayoutsSchema, type Payouts } from '@recell/contract';
import { ledgerEntries, paymentDisputes, payments, payoutAccounts, sellerPayouts } from '../src/db/schema.ts';
import { payoutDepsOf, releaseDuePayouts } from '../src/modules/payouts/index.ts';
import { callerWithRole, headersOf, useCast, type Caller } from './support/accounts.ts';
import { useTestApp } from './support/api.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { insertProblem, orderRow } from './support/order-progress.ts';
import { bookAdvertisedPhone, intentFor, pay, postStripeEvent } from './support/payments.ts';
import type { TestApp } from './helpers.ts';

const post = (t: TestApp, caller: Caller | null, url: string) =>
  t.app.inject({ method: 'POST', url, headers: headersOf(caller) });

const payoutsOf = async (t: TestApp, seller: Caller): Promise<Payouts> => {
  const response = await t.app.inject({ url: '/api/me/payouts', headers: headersOf(seller) });
  expect(response.statusCode, response.body).toBe(200);
  return PayoutsSchema.parse(response.json());
};

describe('payouts with Stripe Connect', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(() => stripe.stop());
  const t = useTestApp({ env: () => ({ ...stripe.env, SELLER_FEE_PERCENT: '5' }) });
  const cast = useCast(t);
  const release = () => releaseDuePayouts(payoutDepsOf(t.app, t.app.log));

  const accountIdOf = async (seller: Caller) =>
    (await t.app.db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, seller.id)))[0]!.accountId;

  /** The seller connects: Stripe's hosted onboarding, finished as `outcome`, then Stripe's event. */
  const connect = async (seller: Caller, outcome: 'complete' | 'needs_information' | 'rejected') => {
    const started = await post(t, seller, '/api/me/payout-account/onboarding');
    expect(started.statusCode, started.body).toBe(200);
    const accountId = await accountIdOf(seller);
    expect(started.json<{ url: string }>().url).toBe(`${stripe.url}/connect/onboarding/${accountId}`);
    const account = stripe.completeOnboarding(accountId, outcome);
    const event = stripe.signedEvent('account.updated', account, { account: accountId });
    const received = await postStripeEvent(t, event.payload, stripe.webhookSecret, event.signature);
    expect(received.statusCode, received.body).toBe(200);
    return accountId;
  };

  /** A phone of `seller`'s paid by card at Stripe, handed over and confirmed: completed. */
  const completedSale = async (seller: Caller, priceCents: number) => {
    const { order } = await bookAdvertisedPhone(t, seller, cast.buyer, { priceCents });
    const intent = await intentFor(t, cast.buyer, order.id);
    stripe.confirm(intent.paymentIntentId);
    expect((await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);
    expect((await post(t, seller, `/api/orders/${order.id}/handed-over`)).statusCode).toBe(200);
    expect((await post(t, cast.buyer, `/api/orders/${order.id}/receipt`)).statusCode).toBe(200);
    return { order, intentId: intent.paymentIntentId };
  };

  it('sends the seller to Stripe’s onboarding and follows the account from Stripe’s events', async () => {
    const seller = await callerWithRole(t, 'seller', { verified: true });
    await connect(seller, 'needs_information');
    expect((await payoutsOf(t, seller)).account).toEqual({
      state: 'needs_information',
      processor: 'stripe',
      requirementsDue: ['individual.verification.document'],
    });
    const accountId = await accountIdOf(seller);
    const account = stripe.completeOnboarding(accountId, 'complete');
    const event = stripe.signedEvent('account.updated', account, { account: accountId });
    await postStripeEvent(t, event.payload, stripe.webhookSecret, event.signature);
    expect((await payoutsOf(t, seller)).account.state).toBe('ready');
    // The test-mode page's route is not there with Stripe.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/test-processor/payout-account/onboarding',
          headers: headersOf(seller),
          payload: { outcome: 'complete' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('ignores an account.updated with a bad signature', async () => {
    const seller = await callerWithRole(t, 'seller', { verified: true });
    await post(t, seller, '/api/me/payout-account/onboarding');
    const accountId = await accountIdOf(seller);
    const account = stripe.completeOnboarding(accountId, 'complete');
    const event = stripe.signedEvent('account.updated', account, { account: accountId });
    expect((await postStripeEvent(t, event.payload, 'whsec_someone_else')).statusCode).toBe(400);
    const [row] = await t.app.db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId));
    expect(row?.payoutsEnabled).toBe(false);
  });

  it('transfers a completed sale’s share from its charge once, and reverses it when the buyer is refunded', async () => {
    const seller = await callerWithRole(t, 'seller', { verified: true });
    const accountId = await connect(seller, 'complete');
    const { order, intentId } = await completedSale(seller, 50_000);
    await Promise.all([release(), release()]);
    await release();

    const transfers = [...stripe.transfers.values()].filter((transfer) => transfer.transfer_group === order.id);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      amount: 47_500,
      destination: accountId,
      source_transaction: stripe.intents.get(intentId)!.latest_charge!.id,
    });
    expect((await payoutsOf(t, seller)).balances).toEqual({ heldCents: 0, onTheWayCents: 0, paidOutCents: 47_500 });

    const problem = await insertProblem(t, order.id, cast.buyer.id);
    const refunded = await post(t, cast.admin, `/api/admin/order-problems/${problem.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await orderRow(t, order.id)).refundedAt).not.toBeNull();
    const transfer = stripe.transfers.get(transfers[0]!.id)!;
    expect(transfer.amount_reversed).toBe(47_500);
    expect(stripe.intents.get(intentId)!.latest_charge!.amount_refunded).toBe(50_000);
    const [payout] = await t.app.db.select().from(sellerPayouts).where(eq(sellerPayouts.orderId, order.id));
    expect(payout?.status).toBe('reversed');
    expect((await payoutsOf(t, seller)).sales[0]!.state).toBe('reversed');
  });

  it('keeps a transfer Stripe cannot take for another try, and sends it once Stripe is back', async () => {
    const seller = await callerWithRole(t, 'seller', { verified: true });
    const accountId = await connect(seller, 'complete');
    const { order } = await completedSale(seller, 20_000);
    stripe.failTransfersTo(accountId);
    await release();
    const [row] = await t.app.db.select().from(sellerPayouts).where(eq(sellerPayouts.orderId, order.id));
    expect(row).toMatchObject({ status: 'sending', attempts: 1 });
    stripe.failTransfersTo(accountId, null);
    await releaseDuePayouts({ ...payoutDepsOf(t.app, t.app.log), now: () => new Date(Date.now() + 5 * 60_000) });
    expect([...stripe.transfers.values()].filter((transfer) => transfer.transfer_group === order.id)).toHaveLength(1);
  });

  describe('disputes', () => {
    const post = async (type: string, object: unknown) => {
      const event = stripe.signedEvent(type, object);
      const response = await postStripeEvent(t, event.payload, stripe.webhookSecret, event.signature);
      expect(response.statusCode, response.body).toBe(200);
    };
    const ledgerOf = async (orderId: string) => {
      const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
      const byAccount: Record<string, number> = {};
      for (const entry of entries) byAccount[entry.account] = (byAccount[entry.account] ?? 0) + entry.amountCents;
      return { movements: entries.map((entry) => entry.movement), byAccount };
    };
    const payoutOf = async (orderId: string) =>
      (await t.app.db.select().from(sellerPayouts).where(eq(sellerPayouts.orderId, orderId)))[0]!;
    const transfersOf = (orderId: string) =>
      [...stripe.transfers.values()].filter((transfer) => transfer.transfer_group === orderId);

    it('freezes a held share while open; lost, the buyer has the money and the seller nothing', async () => {
      const seller = await callerWithRole(t, 'seller', { verified: true });
      await connect(seller, 'complete');
      const { order, intentId } = await completedSale(seller, 30_000);
      const dispute = stripe.dispute(intentId);
      await post('charge.dispute.created', dispute);
      await post('charge.dispute.created', dispute);
      await release();
      expect(transfersOf(order.id)).toEqual([]);
      const [row] = await t.app.db.select().from(paymentDisputes).where(eq(paymentDisputes.orderId, order.id));
      expect(row).toMatchObject({
        amountCents: 30_000,
        reason: 'fraudulent',
        status: 'needs_response',
        closedAt: null,
      });
      expect(row!.evidenceDueBy!.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);
      // One movement of two entries, however often Stripe told of it.
      expect((await ledgerOf(order.id)).movements.filter((movement) => movement === 'dispute_opened')).toHaveLength(2);

      await post('charge.dispute.closed', { ...dispute, status: 'lost' });
      await post('charge.dispute.closed', { ...dispute, status: 'lost' });
      expect((await payoutOf(order.id)).status).toBe('cancelled');
      const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(payment?.status).toBe('refunded');
      const { movements, byAccount } = await ledgerOf(order.id);
      expect(movements.filter((movement) => movement === 'dispute_lost').length).toBeGreaterThan(0);
      expect(Object.values(byAccount).every((cents) => cents === 0)).toBe(true);
      await release();
      expect(transfersOf(order.id)).toEqual([]);
    });

    it('takes back a share already sent; won, it is sent again, once', async () => {
      const seller = await callerWithRole(t, 'seller', { verified: true });
      await connect(seller, 'complete');
      const { order, intentId } = await completedSale(seller, 40_000);
      await release();
      expect(transfersOf(order.id)).toHaveLength(1);

      const dispute = stripe.dispute(intentId, { reason: 'product_not_received' });
      await post('charge.dispute.created', dispute);
      expect(transfersOf(order.id)[0]!.amount_reversed).toBe(38_000);
      expect((await payoutOf(order.id)).status).toBe('reversed');
      expect((await payoutsOf(t, seller)).balances.paidOutCents).toBe(0);

      await post('charge.dispute.closed', { ...dispute, status: 'won' });
      await release();
      await release();
      const transfers = transfersOf(order.id);
      expect(transfers).toHaveLength(2);
      expect(transfers.filter((transfer) => !transfer.reversed)).toHaveLength(1);
      expect((await payoutOf(order.id)).status).toBe('sent');
      const { byAccount } = await ledgerOf(order.id);
      expect(byAccount).toMatchObject({
        disputed: 0,
        seller_payable: 0,
        platform_fees: -2000,
        processor_balance: 2000,
      });
      expect((await payoutsOf(t, seller)).balances.paidOutCents).toBe(38_000);
    });
  });

  it('shows the seller’s bank payouts from their account’s payout events, ignoring unknown accounts', async () => {
    const seller = await callerWithRole(t, 'seller', { verified: true });
    const accountId = await connect(seller, 'complete');
    const payout = stripe.payout({ amount: 38_000, status: 'in_transit' });
    for (const [type, object, account] of [
      ['payout.created', payout, accountId],
      ['payout.paid', { ...payout, status: 'paid' }, accountId],
      ['payout.failed', stripe.payout({ amount: 5_000, status: 'failed' }), 'acct_someone_else'],
    ] as const) {
      const event = stripe.signedEvent(type, object, { account });
      expect((await postStripeEvent(t, event.payload, stripe.webhookSecret, event.signature)).statusCode).toBe(200);
    }
    expect((await payoutsOf(t, seller)).bankPayouts).toEqual([
      expect.objectContaining({ id: payout.id, amountCents: 38_000, status: 'paid', failureMessage: null }),
    ]);
  });
});
