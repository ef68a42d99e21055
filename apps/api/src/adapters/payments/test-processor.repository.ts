/**
 * The test-mode processor's payment intents (test_payment_intents). Every change of state is one
 * conditional UPDATE … WHERE status = <the state it leaves> … RETURNING, so two callers racing on
 * one intent cannot both move it (one gets the row, the other nothing).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { testPaymentIntents } from '../../db/schema.ts';

export type TestIntentRow = typeof testPaymentIntents.$inferSelect;

export const insertIntent = async (
  db: Executor,
  values: { id: string; clientSecret: string; orderId: string; amountCents: number; currency: string },
): Promise<TestIntentRow> => {
  const [row] = await db
    .insert(testPaymentIntents)
    .values({ ...values, status: 'requires_payment_method' })
    .returning();
  return row!;
};

export const findIntent = async (db: Executor, id: string): Promise<TestIntentRow | undefined> => {
  const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).limit(1);
  return row;
};

/** The card was authorised: only its brand and last four digits are kept. */
export const markAuthorised = async (db: Executor, id: string, card: { brand: string; last4: string }) =>
  (
    await db
      .update(testPaymentIntents)
      .set({
        status: 'requires_capture',
        cardBrand: card.brand,
        cardLast4: card.last4,
        lastErrorCode: null,
        lastErrorMessage: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, 'requires_payment_method')))
      .returning()
  )[0];

/** The card was refused: the intent keeps waiting for a card and remembers why. */
export const recordCardError = (db: Executor, id: string, error: { code: string; message: string }) =>
  db
    .update(testPaymentIntents)
    .set({ lastErrorCode: error.code, lastErrorMessage: error.message, updatedAt: sql`now()` })
    .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, 'requires_payment_method')));

export const markCaptured = async (db: Executor, id: string) =>
  (
    await db
      .update(testPaymentIntents)
      .set({ status: 'succeeded', updatedAt: sql`now()` })
      .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, 'requires_capture')))
      .returning()
  )[0];

/** Cancels an intent that has not been captured (its authorisation, if any, is released). */
export const markCanceled = async (db: Executor, id: string) =>
  (
    await db
      .update(testPaymentIntents)
      .set({ status: 'canceled', updatedAt: sql`now()` })
      .where(
        and(
          eq(testPaymentIntents.id, id),
          inArray(testPaymentIntents.status, [
            'requires_payment_method',
            'requires_confirmation',
            'requires_action',
            'requires_capture',
          ]),
        ),
      )
      .returning()
  )[0];

export const markRefunded = async (db: Executor, id: string) =>
  (
    await db
      .update(testPaymentIntents)
      .set({ refundedAt: sql`now()`, refundedCents: testPaymentIntents.amountCents, updatedAt: sql`now()` })
      .where(
        and(
          eq(testPaymentIntents.id, id),
          eq(testPaymentIntents.status, 'succeeded'),
          isNull(testPaymentIntents.refundedAt),
        ),
      )
      .returning()
  )[0];

/**
 * Gives back part of a captured intent, once per key, only if that much is left: one conditional
 * statement, so two callers racing (even with one key) cannot give back more than was captured.
 * Answers 'refunded', 'done' (this key's refund was made before) or 'too-large'.
 */
export const refundPart = async (
  db: Executor,
  id: string,
  part: { amountCents: number; idempotencyKey: string },
): Promise<'refunded' | 'done' | 'too-large'> => {
  const [updated] = await db
    .update(testPaymentIntents)
    .set({
      refundedCents: sql`${testPaymentIntents.refundedCents} + ${part.amountCents}`,
      refundKeys: sql`array_append(${testPaymentIntents.refundKeys}, ${part.idempotencyKey})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(testPaymentIntents.id, id),
        isNull(testPaymentIntents.refundedAt),
        sql`not (${part.idempotencyKey} = any(${testPaymentIntents.refundKeys}))`,
        sql`${testPaymentIntents.refundedCents} + ${part.amountCents} <= ${testPaymentIntents.amountCents}`,
      ),
    )
    .returning({ id: testPaymentIntents.id });
  if (updated) return 'refunded';
  const row = await findIntent(db, id);
  return row?.refundKeys.includes(part.idempotencyKey) ? 'done' : 'too-large';
};
