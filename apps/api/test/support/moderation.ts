/** Helpers for the moderation tests: reports and paid orders written straight to the database, and admin calls. */
import type { Database } from '../../src/db/client.ts';
import { payments, reports } from '../../src/db/schema.ts';
import { insertOrder, paidNow } from '../fixtures.ts';
import type { TestApp } from '../helpers.ts';
import { headersOf, type Caller } from './accounts.ts';

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

/** A paid order with its payment, as a successful payment leaves them. */
export const insertPaidOrder = async (db: Database, values: { productId: string; buyerId: string }) => {
  const order = await insertOrder(db, { ...values, ...paidNow() });
  const [payment] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: 'test',
      providerPaymentId: order.transactionId!,
      amountCents: order.priceCents,
      status: 'succeeded',
    })
    .returning();
  return { order, payment: payment! };
};

/** An admin call: `caller` null is anonymous. */
export const callAs = (
  t: TestApp,
  caller: Pick<Caller, 'headers'> | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
) => t.app.inject({ method, url, headers: headersOf(caller) });
