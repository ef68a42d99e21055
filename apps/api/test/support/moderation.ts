/** Helpers for the moderation tests: reports, orders and payments written straight to the database, and admin calls. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { auditLog, orders, payments, reports } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers.ts';
import type { Caller } from './listings.ts';

export const insertReport = async (
  db: Database,
  values: { productId: string; reporterId: string } & Partial<typeof reports.$inferInsert>,
) => {
  const [row] = await db
    .insert(reports)
    .values({ reason: 'fake', text: 'Looks like a copy.', ...values })
    .returning();
  return row!;
};

export const insertOrder = async (
  db: Database,
  values: { productId: string; buyerId: string } & Partial<typeof orders.$inferInsert>,
) => {
  const [row] = await db
    .insert(orders)
    .values({ phone: '3125550126', location: 'Chicago', priceCents: 45_000, ...values })
    .returning();
  return row!;
};

/** A paid order with its payment, as a successful payment leaves them. */
export const insertPaidOrder = async (db: Database, values: { productId: string; buyerId: string }) => {
  const transactionId = `pi_test_${randomUUID().replaceAll('-', '')}`;
  const order = await insertOrder(db, { ...values, status: 'paid', transactionId, paidAt: new Date() });
  const [payment] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: 'test',
      providerPaymentId: transactionId,
      amountCents: order.priceCents,
      status: 'succeeded',
    })
    .returning();
  return { order, payment: payment! };
};

export const orderRow = async (db: Database, id: string) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0];

export const paymentRow = async (db: Database, id: string) =>
  (await db.select().from(payments).where(eq(payments.id, id)))[0];

export const reportRow = async (db: Database, id: string) =>
  (await db.select().from(reports).where(eq(reports.id, id)))[0]!;

export const auditOf = (db: Database, subjectId: string) =>
  db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));

/** An admin call: `caller` null is anonymous. */
export const callAs = (
  t: TestApp,
  caller: Pick<Caller, 'headers'> | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
) => t.app.inject({ method, url, headers: caller?.headers ?? {} });
