/**
 * The fair-price guide: the median of paid orders' prices in the last 180 days for a model and
 * storage (and condition), the median of the phones for sale when fewer than 5 such sales exist,
 * always with the sample size and the rule; validation of the question.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fairPriceMessages, FairPriceSchema, type ProductCondition } from '@recell/contract';
import { orders, products } from '../src/db/schema.ts';
import { disableUser, insertOrder, insertProduct, insertUser } from './fixtures.ts';
import { useTestApp } from './support/api.ts';

const day = 86_400_000;

describe('fair price', () => {
  const t = useTestApp();

  /** A model name of this test's own, so tests never see each other's phones. */
  const newModel = () => `Pixel ${randomUUID().slice(0, 8)}`;
  let seller: { id: string };
  let buyer: { id: string };
  const people = async () => {
    seller ??= await insertUser(t.app.db, { role: 'seller' });
    buyer ??= await insertUser(t.app.db, { role: 'user' });
  };

  type Listing = { model: string; priceCents: number; storageGb?: number; condition?: ProductCondition };
  const forSale = async ({ model, priceCents, storageGb = 128, condition = 'Good' }: Listing) => {
    await people();
    return insertProduct(t.app.db, seller.id, { model, priceCents, storageGb, condition });
  };
  /** A sold phone and its order: paid `daysAgo` days ago at `priceCents` unless `status` says otherwise. */
  const sold = async (
    listing: Listing & { daysAgo?: number; status?: 'paid' | 'booked' | 'cancelled'; orderPriceCents?: number },
  ) => {
    const product = await forSale({ ...listing, priceCents: listing.priceCents + 1000 });
    const status = listing.status ?? 'paid';
    await t.app.db
      .update(products)
      .set({ status: status === 'paid' ? 'sold' : 'available' })
      .where(eq(products.id, product.id));
    const at = new Date(Date.now() - (listing.daysAgo ?? 10) * day);
    await insertOrder(t.app.db, {
      productId: product.id,
      buyerId: buyer.id,
      priceCents: listing.orderPriceCents ?? listing.priceCents,
      status,
      ...(status === 'paid' ? { paidAt: at, transactionId: `pi_${randomUUID()}` } : {}),
    });
    return product;
  };

  const ask = (query: string) => t.app.inject({ url: `/api/fair-price?${query}` });
  const fairPrice = async (query: string) => {
    const response = await ask(query);
    expect(response.statusCode, response.body).toBe(200);
    return FairPriceSchema.parse(response.json());
  };
  const q = (model: string, rest = '') => `model=${encodeURIComponent(model)}&storageGb=128${rest}`;

  it('is the median of paid orders in the last 180 days, with the sample size and the rule', async () => {
    const model = newModel();
    // The order's price (what the buyer paid) counts, not the listing's.
    for (const priceCents of [30_000, 31_000, 32_000, 35_000, 40_000, 90_000]) await sold({ model, priceCents });
    await forSale({ model, priceCents: 10_000 });
    expect(await fairPrice(q(model))).toEqual({
      typicalPriceCents: 33_500,
      sampleSize: 6,
      rule: 'sales',
      condition: null,
      conditionWidened: false,
      windowDays: 180,
    });
  });

  it('leaves out sales older than 180 days and orders that were not paid', async () => {
    const model = newModel();
    for (const priceCents of [20_000, 21_000, 22_000, 23_000, 24_000]) await sold({ model, priceCents, daysAgo: 170 });
    await sold({ model, priceCents: 99_000, daysAgo: 181 });
    await sold({ model, priceCents: 99_000, daysAgo: 400 });
    await sold({ model, priceCents: 99_000, status: 'booked' });
    await sold({ model, priceCents: 99_000, status: 'cancelled' });
    const answer = await fairPrice(q(model));
    expect(answer).toMatchObject({ typicalPriceCents: 22_000, sampleSize: 5, rule: 'sales' });
  });

  it('leaves out refunded sales: a price nobody ended up paying', async () => {
    const model = newModel();
    for (const priceCents of [20_000, 21_000, 22_000, 23_000, 24_000]) await sold({ model, priceCents });
    const refunded = await sold({ model, priceCents: 99_000 });
    expect(await fairPrice(q(model))).toMatchObject({ typicalPriceCents: 22_500, sampleSize: 6, rule: 'sales' });
    await t.app.db.update(orders).set({ refundedAt: new Date() }).where(eq(orders.productId, refunded.id));
    expect(await fairPrice(q(model))).toMatchObject({ typicalPriceCents: 22_000, sampleSize: 5, rule: 'sales' });
  });

  it('falls back to the median of the phones for sale with fewer than 5 recent sales', async () => {
    const model = newModel();
    for (const priceCents of [50_000, 51_000, 52_000, 53_000]) await sold({ model, priceCents });
    for (const priceCents of [40_000, 44_000, 60_000]) await forSale({ model, priceCents });
    const answer = await fairPrice(q(model));
    expect(answer).toMatchObject({ typicalPriceCents: 44_000, sampleSize: 3, rule: 'listings' });
  });

  it('uses the few sales there are when nothing is for sale, and says nothing without any data', async () => {
    const model = newModel();
    await sold({ model, priceCents: 45_000 });
    await sold({ model, priceCents: 47_000 });
    expect(await fairPrice(q(model))).toMatchObject({ typicalPriceCents: 46_000, sampleSize: 2, rule: 'sales' });
    expect(await fairPrice(q(newModel()))).toEqual({
      typicalPriceCents: null,
      sampleSize: 0,
      rule: null,
      condition: null,
      conditionWidened: false,
      windowDays: 180,
    });
  });

  it('matches the model whatever its case and outer spaces, and only the same storage', async () => {
    const model = newModel();
    await forSale({ model: `  ${model.toUpperCase()} `, priceCents: 30_000 });
    await forSale({ model, priceCents: 32_000 });
    await forSale({ model, priceCents: 99_000, storageGb: 256 });
    await forSale({ model: `${model} Pro`, priceCents: 99_000 });
    const answer = await fairPrice(q(` ${model.toLowerCase()}  `));
    expect(answer).toMatchObject({ typicalPriceCents: 31_000, sampleSize: 2, rule: 'listings' });
  });

  it('matches the condition when given, and widens to every condition only when it has no data', async () => {
    const model = newModel();
    for (const priceCents of [60_000, 61_000, 62_000, 63_000, 64_000])
      await sold({ model, priceCents, condition: 'Excellent' });
    await forSale({ model, priceCents: 30_000, condition: 'Fair' });
    await forSale({ model, priceCents: 32_000, condition: 'Fair' });

    expect(await fairPrice(q(model, '&condition=Excellent'))).toMatchObject({
      typicalPriceCents: 62_000,
      sampleSize: 5,
      rule: 'sales',
      condition: 'Excellent',
      conditionWidened: false,
    });
    // Fair: no sales in that condition, two phones for sale in it.
    expect(await fairPrice(q(model, '&condition=Fair'))).toMatchObject({
      typicalPriceCents: 31_000,
      sampleSize: 2,
      rule: 'listings',
      condition: 'Fair',
      conditionWidened: false,
    });
    // Good: nothing at all in that condition: every condition's sales (5 of them).
    expect(await fairPrice(q(model, '&condition=Good'))).toMatchObject({
      typicalPriceCents: 62_000,
      sampleSize: 5,
      rule: 'sales',
      condition: null,
      conditionWidened: true,
    });
  });

  it('leaves out the excluded listing and the phones of removed sellers', async () => {
    const model = newModel();
    const own = await forSale({ model, priceCents: 10_000 });
    await forSale({ model, priceCents: 40_000 });
    await forSale({ model, priceCents: 42_000 });
    const gone = await insertUser(t.app.db, { role: 'seller' });
    await insertProduct(t.app.db, gone.id, { model, priceCents: 1_000, storageGb: 128 });
    await disableUser(t.app.db, gone.id);
    expect(await fairPrice(q(model, `&exclude=${own.id}`))).toMatchObject({ typicalPriceCents: 41_000, sampleSize: 2 });
    expect(await fairPrice(q(model))).toMatchObject({ typicalPriceCents: 40_000, sampleSize: 3 });
  });

  it('refuses a question without a model or with an unknown storage or condition, with a clear message', async () => {
    const cases: [string, string, string][] = [
      ['storageGb=128', 'model', fairPriceMessages.modelRequired],
      ['model=%20%20&storageGb=128', 'model', fairPriceMessages.modelRequired],
      [`model=${'x'.repeat(81)}&storageGb=128`, 'model', fairPriceMessages.modelTooLong],
      ['model=iPhone', 'storageGb', fairPriceMessages.storageInvalid],
      ['model=iPhone&storageGb=100', 'storageGb', fairPriceMessages.storageInvalid],
      ['model=iPhone&storageGb=lots', 'storageGb', fairPriceMessages.storageInvalid],
      ['model=iPhone&storageGb=128&condition=Mint', 'condition', fairPriceMessages.conditionInvalid],
      ['model=iPhone&storageGb=128&exclude=abc', 'exclude', fairPriceMessages.excludeInvalid],
    ];
    for (const [query, field, message] of cases) {
      const response = await ask(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.fields?.[field], query).toBe(message);
    }
  });
});
