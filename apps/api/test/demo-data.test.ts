/**
 * The demo's own data behaves like real data: every paid demo order was paid at the test-mode
 * processor, so the reconcile job finds nothing amiss, and an admin can refund every one of them
 * through the order-problem flow (the demo buyer reports the handed-over order's problem in the
 * app; the earlier sales, long past their problem window, get their reports written directly);
 * and the demo's sellers and buyers ship a phone with the addresses they were given.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, notExists } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AddressListSchema,
  AdminOrderProblemSchema,
  AuthSessionSchema,
  OrderSchema,
  SaleSchema,
  ShippingRatesSchema,
} from '@recell/contract';
import { createDiskStorage } from '../src/adapters/storage/disk-storage.ts';
import { orders, payments, products, users } from '../src/db/schema.ts';
import { demoPassword, demoPastSales } from '../src/db/seed/demo-catalogue.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';
import { hashPassword } from '../src/modules/auth/index.ts';
import { reconcilePayments } from '../src/modules/payments/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { logIn } from './support/accounts.ts';
import { insertProblem, orderRow } from './support/order-progress.ts';
import { confirmCard, intentFor, pay, testIntentRow } from './support/payments.ts';

describe('the demo data', () => {
  let t: TestApp;
  let uploadsDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'recell-demo-data-'));
    const seeded = await seedDatabase({
      db: t.app.db,
      storage: createDiskStorage(uploadsDir),
      mode: 'demo',
      hashPassword,
    });
    expect(seeded.seeded).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
    if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
  });

  /** Signs a demo account in with the demo password, as a person does. */
  const signIn = async (email: string) => {
    const response = await logIn(t, { email, password: demoPassword });
    expect(response.statusCode, response.body).toBe(200);
    return { authorization: `Bearer ${AuthSessionSchema.parse(response.json()).accessToken}` };
  };

  it('leaves the payments reconcile job nothing to release, refund or finish', async () => {
    const counts = await reconcilePayments({
      sellerFee: t.config.sellerFee,
      shipByBusinessDays: t.config.shipByBusinessDays,
      db: t.app.db,
      processor: t.app.cardProcessor,
      log: t.app.log,
      publicUrl: t.config.publicUrl,
    });
    expect(Object.values(counts).every((count) => count === 0)).toBe(true);
  });

  it('lets an admin refund every paid demo order, and each refund completes', async () => {
    const paid = await t.app.db
      .select({
        id: orders.id,
        buyerId: orders.buyerId,
        transactionId: orders.transactionId,
        progress: orders.progress,
      })
      .from(orders)
      .where(eq(orders.status, 'paid'));
    expect(paid).toHaveLength(1 + demoPastSales.length);

    // The demo buyer reports a problem with the handed-over order in the app, as the demo invites.
    const [buyer] = await t.app.db.select().from(users).where(eq(users.email, 'buyer@recell.test'));
    const buyerHeaders = await signIn('buyer@recell.test');
    const handedOver = paid.filter((order) => order.progress === 'handed_over');
    expect(handedOver).toHaveLength(1);
    expect(handedOver[0]!.buyerId).toBe(buyer!.id);
    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${handedOver[0]!.id}/problems`,
      headers: buyerHeaders,
      payload: { reason: 'The screen has a scratch the listing did not mention.' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const problemIds = [OrderSchema.parse(reported.json()).problem!.id];
    // The earlier sales were handed over long ago: their reports are written as the app would have.
    for (const order of paid.filter((order) => order.progress !== 'handed_over')) {
      problemIds.push((await insertProblem(t, order.id, order.buyerId)).id);
    }

    const adminHeaders = await signIn('admin@recell.test');
    for (const problemId of problemIds) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/order-problems/${problemId}/refund`,
        headers: adminHeaders,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(AdminOrderProblemSchema.parse(response.json())).toMatchObject({
        problem: { status: 'refunded' },
        order: { paymentStatus: 'refunded' },
      });
    }

    for (const order of paid) {
      expect((await testIntentRow(t, order.transactionId!))?.refundedAt).not.toBeNull();
      expect((await orderRow(t, order.id)).refundedAt).not.toBeNull();
      const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(payment?.status).toBe('refunded');
    }
    // The demo buyer reads that the handed-over order was refunded.
    const mine = OrderSchema.parse(
      (await t.app.inject({ url: `/api/orders/${handedOver[0]!.id}`, headers: buyerHeaders })).json(),
    );
    expect(mine.problem?.status).toBe('refunded');
    expect(mine.refundedAt).not.toBeNull();
  });

  it('ships a phone from each demo seller to each demo buyer with no address to add first', async () => {
    for (const [sellerEmail, buyerEmail] of [
      ['seller@recell.test', 'buyer@recell.test'],
      ['new.seller@recell.test', 'buyer2@recell.test'],
    ] as const) {
      const buyer = { headers: await signIn(buyerEmail) };
      const seller = { headers: await signIn(sellerEmail) };
      const [kept] = AddressListSchema.parse((await t.app.inject({ url: '/api/me/addresses', ...buyer })).json()).items;
      expect(kept).toMatchObject({ country: 'US', isShipFrom: false });
      const sellers = AddressListSchema.parse((await t.app.inject({ url: '/api/me/addresses', ...seller })).json());
      expect(sellers.items).toEqual([expect.objectContaining({ isShipFrom: true })]);

      // One of the seller's phones nobody has booked, booked with shipping to the buyer's address and paid.
      const [owner] = await t.app.db.select().from(users).where(eq(users.email, sellerEmail));
      const [phone] = await t.app.db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.sellerId, owner!.id),
            eq(products.status, 'available'),
            notExists(t.app.db.select().from(orders).where(eq(orders.productId, products.id))),
          ),
        )
        .limit(1);
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        ...buyer,
        payload: { delivery: 'shipping', productId: phone!.id, addressId: kept!.id },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const orderId = OrderSchema.parse(booked.json()).id;
      const intent = await intentFor(t, buyer, orderId);
      expect((await confirmCard(t, intent)).statusCode).toBe(200);
      const paid = await pay(t, buyer, orderId, { paymentIntentId: intent.paymentIntentId });
      expect(paid.statusCode, paid.body).toBe(200);

      // The seller gets the carrier's rates from their ship-from address and buys a label.
      const rates = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/shipping/rates`, ...seller });
      expect(rates.statusCode, rates.body).toBe(200);
      const [rate] = ShippingRatesSchema.parse(rates.json()).rates;
      const label = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/shipping/label`,
        ...seller,
        payload: { rateId: rate!.id },
      });
      expect(label.statusCode, label.body).toBe(200);
      expect(SaleSchema.parse(label.json())).toMatchObject({
        progress: 'shipped',
        shipTo: { line1: kept!.line1, city: kept!.city, postalCode: kept!.postalCode },
      });
    }
  });
});
