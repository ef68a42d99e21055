/**
 * The money ledger (docs/decisions/0061): a sale and a refund each write a balanced movement in the
 * transaction that records them, the fee frozen on the order; the database itself refuses an
 * order whose entries do not sum to zero, and any change or removal of an entry.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SellingTermsSchema } from '@recell/contract';
import { ledgerEntries, orders, payments } from '../src/db/schema.ts';
import { useCast, headersOf, type Caller } from './support/accounts.ts';
import { useTestApp } from './support/api.ts';
import { insertProblem, orderRow, paidOrder } from './support/order-progress.ts';
import type { TestApp } from './helpers.ts';

/** An order's entries, oldest first. */
const movementsOf = (t: TestApp, orderId: string) =>
  t.app.db
    .select({
      movement: ledgerEntries.movement,
      account: ledgerEntries.account,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(asc(ledgerEntries.id));

/** The database's own words, under the query error that carries them. */
const databaseMessageOf = async (attempt: Promise<unknown>) => {
  const error = await attempt.then(
    () => undefined,
    (error: unknown) => error as { message: string; cause?: { message: string } },
  );
  return error ? `${error.message} ${error.cause?.message ?? ''}` : 'no error';
};

const sumOf = (entries: Array<{ amountCents: number }>) => entries.reduce((sum, entry) => sum + entry.amountCents, 0);

const refund = (t: TestApp, admin: Caller, problemId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/order-problems/${problemId}/refund`,
    headers: headersOf(admin),
  });

describe('the ledger', () => {
  // 12.5 % plus 30 cents: a fee with a fraction and a fixed part, read from the configuration.
  const t = useTestApp({ env: () => ({ SELLER_FEE_PERCENT: '12.5', SELLER_FEE_FIXED_CENTS: '30' }) });
  const cast = useCast(t);

  it('tells anyone the fee in force, as Add Product shows what the seller will receive', async () => {
    const response = await t.app.inject('/api/seller-fee');
    expect(response.statusCode, response.body).toBe(200);
    expect(SellingTermsSchema.parse(response.json())).toEqual({
      percent: 12.5,
      fixedCents: 30,
      shippingPaidBy: 'buyer',
    });
  });

  it('records a sale as the money captured, the seller’s share and the fee, frozen on the order', async () => {
    const { order } = await paidOrder(t, cast.seller, cast.buyer, { priceCents: 45_001 });
    // 12.5 % of $450.01 is 5625.125 cents: 5625, plus 30.
    const fee = 5655;
    expect((await orderRow(t, order.id)).sellerFeeCents).toBe(fee);
    const entries = await movementsOf(t, order.id);
    expect(entries).toEqual([
      { movement: 'sale', account: 'processor_balance', amountCents: 45_001 },
      { movement: 'sale', account: 'seller_payable', amountCents: -(45_001 - fee) },
      { movement: 'sale', account: 'platform_fees', amountCents: -fee },
    ]);
    expect(sumOf(entries)).toBe(0);
  });

  it('gives every account’s share back when an admin refunds the sale, once', async () => {
    const { order } = await paidOrder(t, cast.seller, cast.buyer, { priceCents: 20_000 });
    const problem = await insertProblem(t, order.id, cast.buyer.id);
    const [first, second] = await Promise.all([refund(t, cast.admin, problem.id), refund(t, cast.admin, problem.id)]);
    expect([first.statusCode, second.statusCode]).toContain(200);
    await expect.poll(async () => (await movementsOf(t, order.id)).length).toBe(6);
    const entries = await movementsOf(t, order.id);
    expect(entries.filter((entry) => entry.movement === 'refund')).toEqual(
      expect.arrayContaining([
        { movement: 'refund', account: 'processor_balance', amountCents: -20_000 },
        { movement: 'refund', account: 'seller_payable', amountCents: 20_000 - 2530 },
        { movement: 'refund', account: 'platform_fees', amountCents: 2530 },
      ]),
    );
    for (const account of ['processor_balance', 'seller_payable', 'platform_fees'])
      expect(sumOf(entries.filter((entry) => entry.account === account))).toBe(0);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment?.status).toBe('refunded');
  });

  it('sums to zero over every order, account by account as a whole', async () => {
    const totals = Object.fromEntries(
      (
        await t.app.db
          .select({ account: ledgerEntries.account, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
          .from(ledgerEntries)
          .groupBy(ledgerEntries.account)
      ).map(({ account, cents }) => [account, Number(cents)]),
    );
    expect(totals.processor_balance! + totals.seller_payable! + totals.platform_fees!).toBe(0);
    expect(totals.processor_balance).toBeGreaterThan(0);
  });

  it('refuses, in the database, a movement that does not balance, and leaves nothing of it', async () => {
    const { order } = await paidOrder(t, cast.seller, cast.buyer);
    const before = await movementsOf(t, order.id);
    const refused = databaseMessageOf(
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into ledger_entries (order_id, movement, account, amount_cents)
          values (${order.id}, 'refund', 'processor_balance', -100), (${order.id}, 'refund', 'seller_payable', 99)`);
      }),
    );
    expect(await refused).toMatch(/does not balance: its entries sum to -1 cents/);
    expect(await movementsOf(t, order.id)).toEqual(before);
  });

  it('refuses, in the database, any change or removal of an entry', async () => {
    const { order } = await paidOrder(t, cast.seller, cast.buyer);
    const before = await movementsOf(t, order.id);
    const neverChanged = /ledger entries are never changed or removed/;
    expect(
      await databaseMessageOf(
        t.app.db.execute(sql`update ledger_entries set amount_cents = amount_cents * 2 where order_id = ${order.id}`),
      ),
    ).toMatch(neverChanged);
    expect(
      await databaseMessageOf(t.app.db.execute(sql`delete from ledger_entries where order_id = ${order.id}`)),
    ).toMatch(neverChanged);
    expect(await movementsOf(t, order.id)).toEqual(before);
    // The order itself keeps its fee as recorded.
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.sellerFeeCents).toBe(Math.floor((45_000 * 1250 + 5000) / 10_000) + 30);
  });
});
