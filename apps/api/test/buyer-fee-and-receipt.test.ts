/**
 * The buyer's service fee (BUYER_FEE_PERCENT) and the receipt: the fee is shown with the payment
 * intent before paying, included in what the card is authorised for, frozen on the order with the
 * intent (a later change of the setting does not touch it), kept by the marketplace in the ledger,
 * and given back with a refund; the buyer's receipt (page and email) names the phone, the price,
 * the fee, the total and the card's last four digits.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PaymentReceiptSchema, paymentMessages } from '@recell/contract';
import { ledgerEntries, orders, outboxEmails, payments, users } from '../src/db/schema.ts';
import { headersOf, useCast, type Caller } from './support/accounts.ts';
import { expectError, unknownId, useTestApp } from './support/api.ts';
import { insertProblem, orderRow } from './support/order-progress.ts';
import { bookAdvertisedPhone, confirmCard, intentFor, pay } from './support/payments.ts';
import type { TestApp } from './helpers.ts';

const receiptOf = (t: TestApp, caller: Caller | null, orderId: string) =>
  t.app.inject({ url: `/api/orders/${orderId}/payment-receipt`, headers: headersOf(caller) });

describe('the buyer’s service fee and receipt', () => {
  // 2.5 % for the buyer, 10 % for the seller.
  const t = useTestApp({ env: () => ({ BUYER_FEE_PERCENT: '2.5', SELLER_FEE_PERCENT: '10' }) });
  const cast = useCast(t);

  const paidWithFee = async (priceCents: number) => {
    const { order } = await bookAdvertisedPhone(t, cast.seller, cast.buyer, { priceCents });
    const intent = await intentFor(t, cast.buyer, order.id);
    expect((await confirmCard(t, intent)).statusCode).toBe(200);
    const paid = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
    expect(paid.statusCode, paid.body).toBe(200);
    return { order, intent };
  };

  it('is shown with the intent and authorised with the price, then kept by the marketplace', async () => {
    const { order, intent } = await paidWithFee(40_001);
    // 2.5 % of $400.01 is 1000.025 cents: 1000.
    expect(intent).toMatchObject({ priceCents: 40_001, buyerFeeCents: 1000, amountCents: 41_001 });
    expect((await orderRow(t, order.id)).buyerFeeCents).toBe(1000);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ amountCents: 41_001, cardLast4: '4242' });

    const entries = await t.app.db
      .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order.id))
      .orderBy(asc(ledgerEntries.id));
    expect(entries).toEqual([
      { account: 'processor_balance', amountCents: 41_001 },
      // The seller's share is the price less their 10 % (4000): the buyer's fee is not theirs.
      { account: 'seller_payable', amountCents: -36_001 },
      { account: 'platform_fees', amountCents: -5000 },
    ]);
  });

  it('stays as frozen on the order’s intent when the setting changes before paying', async () => {
    const { order } = await bookAdvertisedPhone(t, cast.seller, cast.buyer, { priceCents: 20_000 });
    const first = await intentFor(t, cast.buyer, order.id);
    expect(first.buyerFeeCents).toBe(500);
    const before = t.app.config.buyerFeePercent;
    (t.app.config as { buyerFeePercent: number }).buyerFeePercent = 5;
    try {
      // The page reloads: the same intent, at the fee it was made with.
      expect(await intentFor(t, cast.buyer, order.id)).toMatchObject({
        paymentIntentId: first.paymentIntentId,
        buyerFeeCents: 500,
        amountCents: 20_500,
      });
    } finally {
      (t.app.config as { buyerFeePercent: number }).buyerFeePercent = before;
    }
  });

  it('gives the buyer a receipt: the page, and the email', async () => {
    const { order } = await paidWithFee(30_000);
    const response = await receiptOf(t, cast.buyer, order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(PaymentReceiptSchema.parse(response.json())).toMatchObject({
      orderId: order.id,
      priceCents: 30_000,
      buyerFeeCents: 750,
      totalCents: 30_750,
      cardLast4: '4242',
      isRefunded: false,
    });
    const [buyer] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, cast.buyer.id));
    const emails = await t.app.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.recipient, buyer!.email), eq(outboxEmails.kind, 'order_paid')));
    expect(emails.map((email) => email.textBody).join('\n')).toContain(
      'Receipt: $300 + $7.50 service fee, $307.50 charged to the card ending 4242.',
    );
  });

  it('is the buyer’s own, and only for a paid order', async () => {
    const { order } = await paidWithFee(25_000);
    const notFound = { code: 'not_found', message: paymentMessages.receiptNotFound };
    expectError(await receiptOf(t, cast.otherBuyer, order.id), 404, notFound);
    expectError(await receiptOf(t, cast.buyer, unknownId), 404, notFound);
    expectError(await receiptOf(t, cast.buyer, 'not-an-id'), 404, notFound);
    expect((await receiptOf(t, cast.seller, order.id)).statusCode).toBe(403);
    expect((await receiptOf(t, null, order.id)).statusCode).toBe(401);
    const { order: unpaid } = await bookAdvertisedPhone(t, cast.seller, cast.buyer);
    expectError(await receiptOf(t, cast.buyer, unpaid.id), 404, notFound);
  });

  it('is given back with a refund, the fee too: the ledger is back at zero and the receipt says so', async () => {
    const { order } = await paidWithFee(10_000);
    await t.app.db
      .update(orders)
      .set({ progress: 'handed_over', handedOverAt: new Date() })
      .where(eq(orders.id, order.id));
    const problem = await insertProblem(t, order.id, cast.buyer.id);
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/order-problems/${problem.id}/refund`,
      headers: headersOf(cast.admin),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
    for (const account of ['processor_balance', 'seller_payable', 'platform_fees'] as const) {
      expect(
        entries.filter((entry) => entry.account === account).reduce((sum, entry) => sum + entry.amountCents, 0),
      ).toBe(0);
    }
    expect(
      entries.find((entry) => entry.movement === 'refund' && entry.account === 'processor_balance')?.amountCents,
    ).toBe(-10_250);
    expect(PaymentReceiptSchema.parse((await receiptOf(t, cast.buyer, order.id)).json()).isRefunded).toBe(true);
  });
});
