/**
 * The built-in test-mode card processor: the embedded default of the payments port. It behaves
 * like Stripe in test mode (intents with a client secret, manual capture, Stripe's test cards and
 * messages) and keeps its intents in the app's database (test_payment_intents), so every API
 * replica sees the same ones. It never keeps a card number or CVC: only the last four digits.
 *
 * Like a remote processor it works outside its caller's transactions: each call is its own
 * statement on the pool. (On PGlite, one connection, a call made while a transaction is open would
 * wait for that transaction forever; the payments service never makes one.) The demo seed is the
 * one caller that hands it a transaction: the demo orders' payments go in with the orders, or not
 * at all.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import {
  CardError,
  IntentStateError,
  PaymentRefusedError,
  type CardProcessor,
  type IntentStatus,
  type NewIntent,
  type ProcessorIntent,
} from './card-processor.ts';
import { authoriseTestCard, type CardInput } from './test-cards.ts';
import * as repository from './test-processor.repository.ts';

/** No intent has this id and client secret (the caller learns nothing about which was wrong). */
export class IntentNotFoundError extends Error {
  constructor() {
    super('no such payment intent');
    this.name = 'IntentNotFoundError';
  }
}

export interface TestCardProcessor extends CardProcessor {
  readonly name: 'test';
  /**
   * What the payment page does with Stripe.js: confirms the intent with the card, authorised by
   * the intent's client secret. The card is checked as Stripe's test mode would; on success the
   * intent waits for capture (requires_capture), on failure it keeps waiting for a card and a
   * CardError carries Stripe's message.
   */
  confirm(id: string, card: CardInput & { clientSecret: string }): Promise<ProcessorIntent>;
}

const randomToken = (bytes: number) => randomBytes(bytes).toString('hex');

const toIntent = (row: repository.TestIntentRow): ProcessorIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  status: row.status as IntentStatus,
  amountCents: row.amountCents,
  currency: row.currency,
  orderId: row.orderId,
  last4: row.cardLast4,
  isRefunded: row.refundedAt !== null,
});

const sameSecret = (expected: string, given: string) => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const createTestCardProcessor = (db: Executor): TestCardProcessor => {
  const current = async (id: string) => {
    const row = await repository.findIntent(db, id);
    if (!row) throw new IntentStateError('missing');
    return row;
  };

  return {
    name: 'test',
    publishableKey: null,

    // Idempotency needs no key here: the payments service stores a new intent on the order only if
    // the order still has the one it replaced, and releases an intent that lost that race.
    async createIntent(intent: NewIntent) {
      const id = `pi_test_${randomToken(12)}`;
      const row = await repository.insertIntent(db, {
        id,
        clientSecret: `${id}_secret_${randomToken(16)}`,
        orderId: intent.orderId,
        amountCents: intent.amountCents,
        currency: intent.currency,
      });
      return toIntent(row);
    },

    async retrieve(id) {
      const row = await repository.findIntent(db, id);
      return row ? toIntent(row) : null;
    },

    async capture(id) {
      const captured = await repository.markCaptured(db, id);
      if (captured) return toIntent(captured);
      const row = await current(id);
      // A repeated capture of the same intent answers as the first did (Stripe's idempotency key).
      if (row.status === 'succeeded') return toIntent(row);
      throw new IntentStateError(row.status);
    },

    async cancel(id) {
      if (await repository.markCanceled(db, id)) return;
      const row = await current(id);
      if (row.status !== 'canceled') throw new IntentStateError(row.status);
    },

    async refund(id, part) {
      if (part) {
        const row = await repository.findIntent(db, id);
        if (!row) throw new PaymentRefusedError('resource_missing', `No such payment_intent: '${id}'`);
        if (row.status !== 'succeeded') throw new IntentStateError(row.status);
        // Stripe's answer to a refund larger than what is left of the charge.
        if ((await repository.refundPart(db, id, part)) === 'too-large') {
          throw new PaymentRefusedError(
            'amount_too_large',
            'Refund amount is greater than unrefunded amount on charge',
          );
        }
        return;
      }
      if (await repository.markRefunded(db, id)) return;
      const row = await repository.findIntent(db, id);
      // Stripe's answer for a payment it does not know.
      if (!row) throw new PaymentRefusedError('resource_missing', `No such payment_intent: '${id}'`);
      if (row.status !== 'succeeded') throw new IntentStateError(row.status);
    },

    async confirm(id, card) {
      const row = await repository.findIntent(db, id);
      if (!row || !sameSecret(row.clientSecret, card.clientSecret)) throw new IntentNotFoundError();
      if (row.status !== 'requires_payment_method') throw new IntentStateError(row.status);
      let authorised;
      try {
        authorised = authoriseTestCard(card);
      } catch (error) {
        if (error instanceof CardError) await repository.recordCardError(db, id, error);
        throw error;
      }
      const updated = await repository.markAuthorised(db, id, authorised);
      // Another confirmation of the same intent got there first.
      if (!updated) throw new IntentStateError((await current(id)).status);
      return toIntent(updated);
    },
  };
};
