/** Helpers for the order-progress tests: paid orders (through the real sale), hand-overs and problem reports. */
import { eq } from 'drizzle-orm';
import { orderProblems, orders } from '../../src/db/schema.ts';
import { insertProduct } from '../fixtures.ts';
import type { TestApp } from '../helpers.ts';
import type { Caller } from './accounts.ts';
import { bookOrder, confirmCard, intentFor, pay } from './payments.ts';

/**
 * A phone of `seller`'s bought by `buyer` through the real sale (payment intent, the test-mode
 * card, /pay): a paid order with its payment at the processor, awaiting hand-over.
 */
export const paidOrder = async (
  t: TestApp,
  seller: Pick<Caller, 'id'>,
  buyer: Pick<Caller, 'id' | 'headers'>,
  overrides: Partial<typeof orders.$inferInsert> = {},
) => {
  const product = await insertProduct(t.app.db, seller.id);
  const order = await bookOrder(t, buyer, product, overrides);
  const intent = await intentFor(t, buyer, order.id);
  const confirmed = await confirmCard(t, intent);
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  const paid = await pay(t, buyer, order.id, { paymentIntentId: intent.paymentIntentId });
  if (paid.statusCode !== 200) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
  return { product, order, paymentIntentId: intent.paymentIntentId };
};

/** The order as if its seller had marked it handed over (or shipped) at `at`. */
export const handOver = async (
  t: TestApp,
  orderId: string,
  at = new Date(),
  progress: 'handed_over' | 'shipped' = 'handed_over',
) => {
  await t.app.db.update(orders).set({ progress, handedOverAt: at }).where(eq(orders.id, orderId));
};

/** An open problem report on the order, as its buyer's report leaves it. */
export const insertProblem = async (t: TestApp, orderId: string, reporterId: string, createdAt = new Date()) => {
  const [row] = await t.app.db
    .insert(orderProblems)
    .values({ orderId, reporterId, reason: 'The screen is cracked, not as described.', createdAt })
    .returning();
  return row!;
};

export const orderRow = async (t: TestApp, orderId: string) =>
  (await t.app.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

export const problemRow = async (t: TestApp, problemId: string) =>
  (await t.app.db.select().from(orderProblems).where(eq(orderProblems.id, problemId)))[0]!;
