/** Chargebacks of sales (payment_disputes), and the order a disputed payment paid for. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, paymentDisputes } from '../../db/schema.ts';

export type DisputeRow = typeof paymentDisputes.$inferSelect;

/** The paid order whose payment this is (its processor payment id). */
export const findOrderOfPayment = async (db: Executor, paymentIntentId: string) => {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.transactionId, paymentIntentId), eq(orders.status, 'paid')))
    .limit(1);
  return row?.id;
};

/** The dispute, recorded once however often Stripe tells of it; true when this call recorded it. */
export const insertDispute = async (tx: Executor, dispute: typeof paymentDisputes.$inferInsert) =>
  (await tx.insert(paymentDisputes).values(dispute).onConflictDoNothing().returning({ id: paymentDisputes.id }))
    .length > 0;

export const findDispute = async (db: Executor, id: string): Promise<DisputeRow | undefined> => {
  const [row] = await db.select().from(paymentDisputes).where(eq(paymentDisputes.id, id));
  return row;
};

/** Stripe's newer word on an open dispute (needs_response → under_review, a new deadline). */
export const updateOpenDispute = (tx: Executor, id: string, fields: { status: string; evidenceDueBy: Date | null }) =>
  tx
    .update(paymentDisputes)
    .set(fields)
    .where(and(eq(paymentDisputes.id, id), isNull(paymentDisputes.closedAt)));

/** Closed once: won or lost. Answers the row when this call closed it. */
export const closeDispute = async (tx: Executor, id: string, status: string, at: Date) =>
  (
    await tx
      .update(paymentDisputes)
      .set({ status, closedAt: at })
      .where(and(eq(paymentDisputes.id, id), isNull(paymentDisputes.closedAt)))
      .returning()
  )[0];
