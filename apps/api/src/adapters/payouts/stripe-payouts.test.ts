/**
 * Stripe Connect Express payouts, against the local server speaking Stripe's API
 * (test/support/fake-stripe.ts): accounts and their onboarding, transfers from a sale's charge,
 * reversals, and Stripe's errors in the port's words.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../test/support/fake-stripe.ts';
import { ProcessorUnavailableError } from '../payments/card-processor.ts';
import { createStripeClient } from '../payments/stripe-processor.ts';
import { PayoutRefusedError, type PayoutProcessor } from './payout-processor.ts';
import { createStripePayoutProcessor, toConnectedAccount } from './stripe-payouts.ts';

describe('payouts with Stripe Connect Express', () => {
  let fake: FakeStripe;
  let payouts: PayoutProcessor;
  let stripe: Stripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    payouts = createStripePayoutProcessor({ secretKey: fake.secretKey, apiUrl: fake.url });
    stripe = createStripeClient({ secretKey: fake.secretKey, apiUrl: fake.url });
  });
  afterAll(() => fake.stop());

  /** A seller's account, onboarded as `outcome` says (not at all when absent). */
  const sellerAccount = async (outcome?: 'complete' | 'needs_information' | 'rejected') => {
    const sellerId = randomUUID();
    const account = await payouts.createAccount({
      sellerId,
      email: `${sellerId}@example.com`,
      idempotencyKey: `account-${sellerId}`,
    });
    if (outcome) fake.completeOnboarding(account.id, outcome);
    return account.id;
  };

  /** A sale paid by card as the app takes it: authorised, confirmed by Stripe Elements, captured. */
  const paidSale = async (amount = 52_500) => {
    const orderId = randomUUID();
    const intent = await stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      capture_method: 'manual',
      allowed_payment_method_types: ['card'],
      metadata: { orderId },
    });
    fake.confirm(intent.id);
    const captured = await stripe.paymentIntents.capture(intent.id);
    return { orderId, paymentIntentId: intent.id, chargeId: captured.latest_charge as string };
  };

  const refusal = async (promise: Promise<unknown>) => {
    const error: unknown = await promise.then(
      () => expect.unreachable('the call should have been refused'),
      (cause: unknown) => cause,
    );
    expect(error).toBeInstanceOf(PayoutRefusedError);
    return error as PayoutRefusedError;
  };

  describe('accounts', () => {
    it('creates an Express account for the seller, with card payments and transfers asked for, once per key', async () => {
      const sellerId = randomUUID();
      const seller = { sellerId, email: 'seller@example.com', idempotencyKey: `account-${sellerId}` };
      const account = await payouts.createAccount(seller);

      expect(account).toEqual({
        id: expect.stringMatching(/^acct_/),
        detailsSubmitted: false,
        payoutsEnabled: false,
        requirementsDue: expect.arrayContaining(['external_account', 'individual.dob.day']),
        disabledReason: null,
      });
      expect(fake.accounts.get(account.id)).toMatchObject({
        type: 'express',
        email: 'seller@example.com',
        metadata: { sellerId },
        capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      });

      const accountsBefore = fake.accounts.size;
      expect((await payouts.createAccount(seller)).id).toBe(account.id);
      expect(fake.accounts.size).toBe(accountsBefore);
    });

    it('answers where the seller finishes the setup on Stripe', async () => {
      const accountId = await sellerAccount();
      const url = await payouts.onboardingLink(accountId, {
        returnUrl: 'https://recell.test/me/payouts',
        refreshUrl: 'https://recell.test/me/payouts?refresh=1',
      });
      expect(url).toBe(`${fake.url}/connect/onboarding/${accountId}`);
    });

    it('refuses a link for an account Stripe does not know', async () => {
      const error = await refusal(
        payouts.onboardingLink('acct_unknown', { returnUrl: 'https://a.test/', refreshUrl: 'https://a.test/' }),
      );
      expect(error.code).toBe('resource_missing');
    });

    it('reads the account as onboarding leaves it', async () => {
      const accountId = await sellerAccount();
      expect(await payouts.retrieveAccount(accountId)).toMatchObject({
        id: accountId,
        detailsSubmitted: false,
        payoutsEnabled: false,
        requirementsDue: expect.arrayContaining(['external_account']),
        disabledReason: null,
      });

      fake.completeOnboarding(accountId, 'complete');
      expect(await payouts.retrieveAccount(accountId)).toEqual({
        id: accountId,
        detailsSubmitted: true,
        payoutsEnabled: true,
        requirementsDue: [],
        disabledReason: null,
      });
    });

    it('reads an account Stripe asks more of, and one it rejected', async () => {
      const needsInformation = await sellerAccount('needs_information');
      expect(await payouts.retrieveAccount(needsInformation)).toEqual({
        id: needsInformation,
        detailsSubmitted: true,
        payoutsEnabled: false,
        requirementsDue: ['individual.verification.document'],
        disabledReason: 'requirements.past_due',
      });

      const rejected = await sellerAccount('rejected');
      expect(await payouts.retrieveAccount(rejected)).toMatchObject({
        payoutsEnabled: false,
        disabledReason: 'rejected.fraud',
      });
    });

    it('answers null for an account Stripe does not know', async () => {
      expect(await payouts.retrieveAccount('acct_unknown')).toBeNull();
    });

    it('maps the account of a signed account.updated event', async () => {
      const accountId = await sellerAccount();
      const account = fake.completeOnboarding(accountId, 'complete');
      const { payload, signature } = fake.signedEvent('account.updated', account, { account: accountId });

      // Signed as Stripe signs: the SDK's own check accepts it.
      const event = stripe.webhooks.constructEvent(payload, signature, fake.webhookSecret);
      expect(event.type).toBe('account.updated');
      expect(event.account).toBe(accountId);
      expect(toConnectedAccount(event.data.object as Stripe.Account)).toEqual({
        id: accountId,
        detailsSubmitted: true,
        payoutsEnabled: true,
        requirementsDue: [],
        disabledReason: null,
      });
      expect(() => stripe.webhooks.constructEvent(payload, signature, 'whsec_another')).toThrow();
    });
  });

  describe('transfers', () => {
    it('sends the sale’s share from its charge, grouped by the order, once per key', async () => {
      const accountId = await sellerAccount('complete');
      const sale = await paidSale(52_500);
      const transfer = {
        orderId: sale.orderId,
        accountId,
        amountCents: 47_250,
        currency: 'usd',
        paymentIntentId: sale.paymentIntentId,
        idempotencyKey: `payout-${sale.orderId}`,
      };
      const balanceBefore = fake.balance().available;

      const first = await payouts.transfer(transfer);
      const again = await payouts.transfer(transfer);

      expect(again).toEqual(first);
      expect(first.transferId).toMatch(/^tr_/);
      const made = [...fake.transfers.values()].filter((t) => t.transfer_group === sale.orderId);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({
        id: first.transferId,
        amount: 47_250,
        currency: 'usd',
        destination: accountId,
        source_transaction: sale.chargeId,
        transfer_group: sale.orderId,
        metadata: { orderId: sale.orderId },
      });
      expect(fake.calls.transfer.get(sale.orderId)).toBe(2);
      expect(fake.balance().available).toBe(balanceBefore - 47_250);
      expect((await stripe.balance.retrieve()).available).toEqual([
        expect.objectContaining({ amount: balanceBefore - 47_250, currency: 'usd' }),
      ]);
    });

    it.each(['needs_information', 'rejected', undefined] as const)(
      'is refused for good to an account that cannot receive transfers (onboarding: %s)',
      async (outcome) => {
        const accountId = await sellerAccount(outcome);
        const sale = await paidSale();
        const error = await refusal(
          payouts.transfer({
            orderId: sale.orderId,
            accountId,
            amountCents: 10_000,
            currency: 'usd',
            paymentIntentId: sale.paymentIntentId,
            idempotencyKey: `payout-${sale.orderId}`,
          }),
        );
        expect(error.code).toBe('insufficient_capabilities_for_transfer');
        expect([...fake.transfers.values()].some((t) => t.transfer_group === sale.orderId)).toBe(false);
      },
    );

    it('is refused for more than is left of the charge, and from a payment with no charge', async () => {
      const accountId = await sellerAccount('complete');
      const sale = await paidSale(20_000);
      const tooMuch = await refusal(
        payouts.transfer({
          orderId: sale.orderId,
          accountId,
          amountCents: 20_001,
          currency: 'usd',
          paymentIntentId: sale.paymentIntentId,
          idempotencyKey: `payout-${sale.orderId}`,
        }),
      );
      expect(tooMuch.code).toBe('balance_insufficient');

      const authorised = await stripe.paymentIntents.create({
        amount: 5_000,
        currency: 'usd',
        capture_method: 'manual',
      });
      fake.confirm(authorised.id);
      const uncaptured = await refusal(
        payouts.transfer({
          orderId: randomUUID(),
          accountId,
          amountCents: 1_000,
          currency: 'usd',
          paymentIntentId: authorised.id,
          idempotencyKey: `payout-${authorised.id}`,
        }),
      );
      expect(uncaptured.code).toBe('payment_not_captured');

      const unknown = await refusal(
        payouts.transfer({
          orderId: randomUUID(),
          accountId,
          amountCents: 1_000,
          currency: 'usd',
          paymentIntentId: 'pi_unknown',
          idempotencyKey: 'payout-unknown',
        }),
      );
      expect(unknown.code).toBe('resource_missing');
    });

    it('reports Stripe failing on its side as unavailable, and acts once when a retry gets through', async () => {
      const accountId = await sellerAccount('complete');
      const sale = await paidSale();
      const transfer = {
        orderId: sale.orderId,
        accountId,
        amountCents: 30_000,
        currency: 'usd',
        paymentIntentId: sale.paymentIntentId,
        idempotencyKey: `payout-${sale.orderId}`,
      };

      fake.failTransfersTo(accountId);
      await expect(payouts.transfer(transfer)).rejects.toBeInstanceOf(ProcessorUnavailableError);
      // The SDK tried three times (its two retries) and Stripe made nothing.
      expect(fake.calls.transfer.get(sale.orderId)).toBe(3);
      expect([...fake.transfers.values()].some((t) => t.transfer_group === sale.orderId)).toBe(false);

      // Two more failures: the SDK's own retries get through, with one transfer made.
      fake.failTransfersTo(accountId, { times: 2 });
      const { transferId } = await payouts.transfer(transfer);
      expect(fake.calls.transfer.get(sale.orderId)).toBe(6);
      expect([...fake.transfers.values()].filter((t) => t.transfer_group === sale.orderId).map((t) => t.id)).toEqual([
        transferId,
      ]);
    });

    it('reports rate limiting as unavailable, and a scripted refusal as a refusal', async () => {
      const accountId = await sellerAccount('complete');
      const sale = await paidSale();
      const transfer = {
        orderId: sale.orderId,
        accountId,
        amountCents: 30_000,
        currency: 'usd',
        paymentIntentId: sale.paymentIntentId,
        idempotencyKey: `payout-${sale.orderId}`,
      };
      fake.failTransfersTo(accountId, {
        status: 429,
        type: 'rate_limit_error',
        message: 'Too many requests',
        times: 1,
      });
      await expect(payouts.transfer(transfer)).rejects.toBeInstanceOf(ProcessorUnavailableError);

      fake.failTransfersTo(accountId, {
        status: 400,
        type: 'invalid_request_error',
        code: 'account_invalid',
        message: 'The destination account is closed.',
      });
      const error = await refusal(payouts.transfer(transfer));
      expect([error.code, error.message]).toEqual(['account_invalid', 'The destination account is closed.']);

      fake.failTransfersTo(accountId, null);
      expect((await payouts.transfer(transfer)).transferId).toMatch(/^tr_/);
    });
  });

  describe('reversals', () => {
    it('takes back part of a transfer once per key, then refuses more than is left', async () => {
      const accountId = await sellerAccount('complete');
      const sale = await paidSale(50_000);
      const { transferId } = await payouts.transfer({
        orderId: sale.orderId,
        accountId,
        amountCents: 40_000,
        currency: 'usd',
        paymentIntentId: sale.paymentIntentId,
        idempotencyKey: `payout-${sale.orderId}`,
      });

      const partial = { transferId, amountCents: 15_000, idempotencyKey: `reverse-${sale.orderId}-1` };
      const first = await payouts.reverseTransfer(partial);
      expect(first.reversalId).toMatch(/^trr_/);
      expect(await payouts.reverseTransfer(partial)).toEqual(first);
      expect(fake.transfers.get(transferId)).toMatchObject({ amount_reversed: 15_000, reversed: false });
      expect(fake.transfers.get(transferId)!.reversals.data.map((r) => r.id)).toEqual([first.reversalId]);

      const overTheRest = await refusal(
        payouts.reverseTransfer({ transferId, amountCents: 25_001, idempotencyKey: `reverse-${sale.orderId}-2` }),
      );
      expect(overTheRest.code).toBe('amount_too_large');

      await payouts.reverseTransfer({ transferId, amountCents: 25_000, idempotencyKey: `reverse-${sale.orderId}-3` });
      expect(fake.transfers.get(transferId)).toMatchObject({ amount_reversed: 40_000, reversed: true });
      await refusal(
        payouts.reverseTransfer({ transferId, amountCents: 1, idempotencyKey: `reverse-${sale.orderId}-4` }),
      );
      expect(fake.calls.reversal.get(transferId)).toBe(5);
    });

    it('is refused for a transfer Stripe does not know', async () => {
      const error = await refusal(
        payouts.reverseTransfer({ transferId: 'tr_unknown', amountCents: 100, idempotencyKey: 'reverse-unknown' }),
      );
      expect(error.code).toBe('resource_missing');
    });
  });

  describe('the local Stripe server', () => {
    it('refunds part of a charge, refuses more than is left, and refunds the rest when no amount is given', async () => {
      const sale = await paidSale(10_000);
      await stripe.refunds.create({ payment_intent: sale.paymentIntentId, amount: 4_000 });
      await expect(
        stripe.refunds.create({ payment_intent: sale.paymentIntentId, amount: 6_001 }),
      ).rejects.toMatchObject({ code: 'amount_too_large' });
      expect(fake.intents.get(sale.paymentIntentId)!.latest_charge).toMatchObject({
        amount_refunded: 4_000,
        refunded: false,
      });
      expect((await stripe.refunds.create({ payment_intent: sale.paymentIntentId })).amount).toBe(6_000);
      expect(fake.intents.get(sale.paymentIntentId)!.latest_charge).toMatchObject({
        amount_refunded: 10_000,
        refunded: true,
      });
    });

    it('answers another request under a key already used with an idempotency error', async () => {
      const key = `intent-${randomUUID()}`;
      await stripe.paymentIntents.create({ amount: 1_000, currency: 'usd' }, { idempotencyKey: key });
      await expect(
        stripe.paymentIntents.create({ amount: 2_000, currency: 'usd' }, { idempotencyKey: key }),
      ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    });

    it('makes a captured payment without the app, and the objects of dispute and payout events', async () => {
      const accountId = await sellerAccount('complete');
      const intent = fake.succeededIntent(30_000, { orderId: 'order-1' });
      expect(intent).toMatchObject({ status: 'succeeded', latest_charge: { amount: 30_000, amount_refunded: 0 } });
      const { transferId } = await payouts.transfer({
        orderId: 'order-1',
        accountId,
        amountCents: 27_000,
        currency: 'usd',
        paymentIntentId: intent.id,
        idempotencyKey: 'payout-order-1',
      });
      expect(fake.transfers.get(transferId)!.source_transaction).toBe(intent.latest_charge!.id);

      const dispute = fake.signedEvent('charge.dispute.created', fake.dispute(intent.id));
      expect(stripe.webhooks.constructEvent(dispute.payload, dispute.signature, fake.webhookSecret)).toMatchObject({
        type: 'charge.dispute.created',
        data: { object: { object: 'dispute', charge: intent.latest_charge!.id, payment_intent: intent.id } },
      });
      const payout = fake.signedEvent('payout.failed', fake.payout({ amount: 27_000, status: 'failed' }), {
        account: accountId,
      });
      expect(stripe.webhooks.constructEvent(payout.payload, payout.signature, fake.webhookSecret)).toMatchObject({
        account: accountId,
        data: { object: { object: 'payout', status: 'failed', failure_code: 'account_closed' } },
      });
    });

    it('still signs events about an intent as Stripe does', async () => {
      const sale = await paidSale();
      const { id, payload, signature } = fake.event('payment_intent.succeeded', sale.paymentIntentId);
      const event = stripe.webhooks.constructEvent(payload, signature, fake.webhookSecret);
      expect(event).toMatchObject({
        id,
        type: 'payment_intent.succeeded',
        data: { object: { id: sale.paymentIntentId } },
      });
    });
  });
});
