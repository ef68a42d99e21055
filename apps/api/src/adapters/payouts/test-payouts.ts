/**
 * The built-in test-mode payout processor: the embedded default of the payouts port. It behaves
 * like Stripe Connect in test mode: a connected account per seller whose onboarding ends as the
 * seller picks on a local page (completes, needs more information, rejected), and transfers and
 * reversals made once per idempotency key. It keeps them in the app's database, so every replica
 * sees the same ones, and works outside its callers' transactions like a remote processor.
 */
import { randomBytes } from 'node:crypto';
import { testOnboardingPagePath, type TestOnboardingOutcome } from '@recell/contract';
import type { Executor } from '../../db/client.ts';
import { PayoutRefusedError, type ConnectedAccount, type PayoutProcessor } from './payout-processor.ts';
import * as repository from './test-payouts.repository.ts';

export interface TestPayoutProcessor extends PayoutProcessor {
  readonly name: 'test';
  /** What Stripe's hosted onboarding does: the account ends as the seller picked. */
  finishOnboarding(accountId: string, outcome: TestOnboardingOutcome): Promise<ConnectedAccount>;
}

const randomId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** The account's fields as Stripe's test mode sets them for each outcome. */
const outcomes: Record<TestOnboardingOutcome, Omit<ConnectedAccount, 'id'>> = {
  complete: { detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [], disabledReason: null },
  needs_information: {
    detailsSubmitted: true,
    payoutsEnabled: false,
    requirementsDue: ['individual.verification.document'],
    disabledReason: 'requirements.past_due',
  },
  rejected: { detailsSubmitted: true, payoutsEnabled: false, requirementsDue: [], disabledReason: 'rejected.other' },
};

export const createTestPayoutProcessor = (db: Executor): TestPayoutProcessor => ({
  name: 'test',

  async createAccount({ sellerId }) {
    return repository.insertAccount(db, { id: randomId('acct'), sellerId });
  },

  async onboardingLink() {
    return testOnboardingPagePath;
  },

  async retrieveAccount(accountId) {
    return (await repository.findAccount(db, accountId)) ?? null;
  },

  async finishOnboarding(accountId, outcome) {
    const account = await repository.updateAccount(db, accountId, outcomes[outcome]);
    if (!account) throw new PayoutRefusedError('resource_missing', `No such account: '${accountId}'`);
    return account;
  },

  async findTransferOfOrder(orderId) {
    const row = await repository.findTransferOfOrder(db, orderId);
    return row ? { transferId: row.id } : null;
  },

  async transfer({ orderId, accountId, amountCents, idempotencyKey }) {
    const account = await repository.findAccount(db, accountId);
    if (!account?.payoutsEnabled) {
      throw new PayoutRefusedError('account_not_ready', 'The destination account cannot receive transfers yet.');
    }
    const row = await repository.insertTransferOnce(db, {
      id: randomId('tr'),
      idempotencyKey,
      kind: 'transfer',
      accountId,
      orderId,
      amountCents,
    });
    return { transferId: row.id };
  },

  async reverseTransfer({ transferId, amountCents, idempotencyKey }) {
    const transfer = await repository.findTransfer(db, transferId);
    if (!transfer || transfer.kind !== 'transfer') {
      throw new PayoutRefusedError('resource_missing', `No such transfer: '${transferId}'`);
    }
    const repeated = await repository.findByIdempotencyKey(db, idempotencyKey);
    if (repeated) return { reversalId: repeated.id };
    const reversed = await repository.reversedCents(db, transferId);
    if (amountCents > transfer.amountCents - reversed) {
      throw new PayoutRefusedError('amount_too_large', 'The reversal is larger than what remains of the transfer.');
    }
    const row = await repository.insertTransferOnce(db, {
      id: randomId('trr'),
      idempotencyKey,
      kind: 'reversal',
      accountId: transfer.accountId,
      transferId,
      orderId: transfer.orderId,
      amountCents,
    });
    return { reversalId: row.id };
  },
});
