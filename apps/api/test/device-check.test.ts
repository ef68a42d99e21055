/**
 * The IMEI check at the device-check service (docs/decisions/0065), in the built-in test mode: its
 * magic IMEIs answer one finding each. A flagged phone cannot be listed, nor an IMEI edited to one;
 * an outage lists the phone unchecked. Every check is kept. The daily re-check takes a phone that
 * became flagged off sale, and a phone flagged just before its card is charged is not charged: its
 * order is cancelled and its authorisation released.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deviceCheckReasonText,
  deviceCheckTexts,
  ProductWithPhotosSchema,
  type DeviceCheckReason,
} from '@recell/contract';
import { testImeis } from '../src/adapters/device-check/index.ts';
import { deviceChecks, ledgerEntries, notifications, paymentReleases, payments, products } from '../src/db/schema.ts';
import { jobDepsOfApp } from '../src/jobs/job-deps.ts';
import { runJob } from '../src/jobs/jobs.ts';
import { recheckDevicesJob } from '../src/jobs/recheck-devices.job.ts';
import { recheckListings } from '../src/modules/products/index.ts';
import { auditOf, insertProduct, orderRow, productRow } from './fixtures.ts';
import { headersOf, useCast, type Caller } from './support/accounts.ts';
import { expectError, useTestApp } from './support/api.ts';
import { phoneJpeg } from './support/images.ts';
import { filledListing, freshImei, postListingJson, uploadPicture } from './support/listings.ts';
import { advertisedPhone, bookOrder, confirmCard, intentFor, pay, testIntentRow } from './support/payments.ts';

const t = useTestApp();
const cast = useCast(t);
let imageId: string;

beforeAll(async () => {
  imageId = await uploadPicture(t, cast.seller.headers, await phoneJpeg(200, 150));
});

const list = (overrides: Record<string, string> = {}, seller: Caller = cast.seller) => {
  const form = filledListing(overrides);
  return { form, response: postListingJson(t, seller.headers, { ...form, imageId }) };
};
const listed = async (overrides: Record<string, string> = {}) => {
  const { form, response } = list(overrides);
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(201);
  return { product: ProductWithPhotosSchema.parse(answer.json()), form };
};
const checksOf = (productId: string) =>
  t.app.db
    .select({
      imei: deviceChecks.imei,
      outcome: deviceChecks.outcome,
      reasons: deviceChecks.reasons,
      tacModel: deviceChecks.tacModel,
      context: deviceChecks.context,
    })
    .from(deviceChecks)
    .where(eq(deviceChecks.productId, productId))
    .orderBy(asc(deviceChecks.checkedAt));
const phonePage = async (id: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
  expect(response.statusCode).toBe(200);
  return ProductWithPhotosSchema.parse(response.json());
};
const noticesOf = (userId: string) =>
  t.app.db
    .select({ kind: notifications.kind, title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'device_check')));
const listingsWithImei = (imei: string) =>
  t.app.db.select({ id: products.id }).from(products).where(eq(products.imei, imei));
const refusal = (reasons: DeviceCheckReason[], tacModel?: string) => {
  const message = deviceCheckReasonText(reasons, tacModel);
  return { code: 'conflict', message, fields: { imei: message } };
};

describe('the magic IMEIs of the test mode', () => {
  it('are valid IMEIs that no listing of the demo data or of the tests starts from', () => {
    for (const imei of Object.values(testImeis)) {
      expect(imei).toMatch(/^\d{15}$/);
      expect(imei.startsWith('35')).toBe(false);
    }
  });
});

describe('listing a phone', () => {
  it('lists a clean phone, keeps the check, and its page says "IMEI clean, checked on …"', async () => {
    const { product, form } = await listed();
    expect(await checksOf(product.id)).toEqual([
      { imei: form.imei, outcome: 'clean', reasons: [], tacModel: null, context: 'listing' },
    ]);
    const page = await phonePage(product.id);
    expect(page.imeiCleanCheckedAt).not.toBeNull();
    expect(Date.now() - Date.parse(page.imeiCleanCheckedAt!)).toBeLessThan(60_000);
    expect(deviceCheckTexts.cleanOn(page.imeiCleanCheckedAt!)).toMatch(
      /^IMEI clean, checked on [A-Z][a-z]{2} \d+, \d{4}$/,
    );
  });

  const flagged: Array<[string, string, DeviceCheckReason]> = [
    ['reported lost or stolen', testImeis.blacklisted, 'blacklisted'],
    ['with unpaid finance', testImeis.unpaidFinance, 'unpaid_finance'],
    ['carrier-locked but listed as unlocked', testImeis.carrierLocked, 'carrier_locked'],
    ['activation-locked', testImeis.activationLocked, 'activation_locked'],
  ];
  for (const [what, imei, reason] of flagged) {
    it(`refuses a phone ${what} (409, the reason in words under the IMEI) and lists nothing`, async () => {
      const { response } = list({ imei, networkLock: 'Unlocked' });
      expectError(await response, 409, refusal([reason]));
      expect(await listingsWithImei(imei)).toEqual([]);
    });
  }

  it('refuses a phone whose IMEI names another model, and lists it as that model', async () => {
    const { response } = list({ imei: testImeis.otherModel });
    expectError(await response, 409, refusal(['model_mismatch'], 'Samsung Galaxy S23'));
    expect(await listingsWithImei(testImeis.otherModel)).toEqual([]);

    const { product } = await listed({
      imei: testImeis.otherModel,
      categoryId: '3',
      name: 'Galaxy S23 128GB',
      brand: 'Samsung',
      model: 'Galaxy S23',
    });
    expect(await checksOf(product.id)).toMatchObject([{ outcome: 'clean', tacModel: 'Samsung Galaxy S23' }]);
    await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: cast.seller.headers });
  });

  it('lists a carrier-locked phone that its listing says is locked to a carrier', async () => {
    const { product } = await listed({ imei: testImeis.carrierLocked, networkLock: 'T-Mobile' });
    expect(await checksOf(product.id)).toMatchObject([{ outcome: 'clean' }]);
    await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: cast.seller.headers });
  });

  it('lists the phone unchecked when the service does not answer, with no "clean" line', async () => {
    const { product } = await listed({ imei: testImeis.unavailable });
    expect(await checksOf(product.id)).toEqual([
      { imei: testImeis.unavailable, outcome: 'unavailable', reasons: [], tacModel: null, context: 'listing' },
    ]);
    expect((await phonePage(product.id)).imeiCleanCheckedAt).toBeNull();
    await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: cast.seller.headers });
  });
});

describe('editing a listing’s IMEI', () => {
  const patch = (caller: Caller, id: string, body: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: headersOf(caller), payload: body as object });

  it('refuses a flagged IMEI and changes nothing; a clean one is checked and kept', async () => {
    const { product, form } = await listed();
    const before = await productRow(t.app.db, product.id);
    expectError(
      await patch(cast.seller, product.id, { ...form, imei: testImeis.blacklisted, price: '1' }),
      409,
      refusal(['blacklisted']),
    );
    expect(await productRow(t.app.db, product.id)).toEqual(before);
    expect(await checksOf(product.id)).toHaveLength(1);

    const imei = freshImei();
    const edited = await patch(cast.seller, product.id, { ...form, imei });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ProductWithPhotosSchema.parse(edited.json()).imeiCleanCheckedAt).not.toBeNull();
    expect(await checksOf(product.id)).toMatchObject([
      { outcome: 'clean', context: 'listing' },
      { imei, outcome: 'clean', context: 'edit' },
    ]);
    // An edit that leaves the phone as it was (its price) needs no new check.
    expect((await patch(cast.seller, product.id, { ...form, imei, price: '500' })).statusCode).toBe(200);
    expect(await checksOf(product.id)).toHaveLength(2);
  });

  it('checks the IMEI again when the listing names another model, and refuses a mismatch', async () => {
    const { product, form } = await listed({
      imei: testImeis.otherModel,
      categoryId: '3',
      name: 'Galaxy S23 128GB',
      brand: 'Samsung',
      model: 'Galaxy S23',
    });
    expectError(
      await patch(cast.seller, product.id, { ...form, categoryId: '1', brand: 'Apple', model: 'iPhone 13' }),
      409,
      refusal(['model_mismatch'], 'Samsung Galaxy S23'),
    );
    expect(await productRow(t.app.db, product.id)).toMatchObject({ brand: 'Samsung', status: 'available' });
    await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: cast.seller.headers });
  });
});

describe('the daily re-check', () => {
  /** Listings for sale with an IMEI and no check on record. */
  const neverChecked = async () =>
    (
      await t.app.db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.status, 'available'),
            sql`${products.imei} is not null`,
            sql`not exists (select 1 from ${deviceChecks} where ${deviceChecks.productId} = ${products.id})`,
          ),
        )
    ).length;

  it('takes a phone flagged since it was listed off sale, tells its seller and the admins, and keeps clean ones', async () => {
    // Listed before it was reported stolen: no check on record, so it is among the first re-checked.
    const stolen = await advertisedPhone(t, cast.seller, { imei: testImeis.blacklisted, name: 'iPhone 12 mini' });
    const { product: clean } = await listed();
    const batch = await neverChecked();

    // A bounded batch, the never-checked first: the listing checked today waits.
    const tomorrow = new Date(Date.now() + 36 * 60 * 60 * 1000);
    const deps = { ...jobDepsOfApp(t.app), now: () => tomorrow };
    const first = await recheckListings(deps, { batch });
    expect(first).toMatchObject({ flagged: 1, unavailable: 0 });
    expect(await checksOf(clean.id)).toHaveLength(1);

    expect(await productRow(t.app.db, stolen.id)).toMatchObject({ status: 'removed', imeiChecked: false });
    expect(await checksOf(stolen.id)).toEqual([
      { imei: testImeis.blacklisted, outcome: 'flagged', reasons: ['blacklisted'], tacModel: null, context: 'recheck' },
    ]);
    const reason = deviceCheckTexts.reasons.blacklisted;
    expect(await noticesOf(cast.seller.id)).toEqual([
      expect.objectContaining({ title: 'Listing taken off sale', body: expect.stringContaining(reason) }),
    ]);
    expect(await noticesOf(cast.admin.id)).toEqual([
      expect.objectContaining({ title: 'A listing failed its IMEI check', body: expect.stringContaining(reason) }),
    ]);
    expect((await auditOf(t.app.db, stolen.id)).map((entry) => entry.action)).toContain('product.device_check_failed');
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${stolen.id}` })).statusCode).toBe(404);

    // The scheduled job runs the rest: the clean listing is checked again and stays for sale.
    const result = await runJob(recheckDevicesJob, deps, { signal: new AbortController().signal });
    expect(result.flagged).toBe(0);
    expect(await checksOf(clean.id)).toMatchObject([
      { outcome: 'clean', context: 'listing' },
      { outcome: 'clean', context: 'recheck' },
    ]);
    expect(await productRow(t.app.db, clean.id)).toMatchObject({ status: 'available' });
    // Run again the same day, it finds nothing due.
    expect(await runJob(recheckDevicesJob, deps, { signal: new AbortController().signal })).toMatchObject({
      checked: 0,
    });
  });

  it('stops at an outage and keeps the listing waiting, unchanged', async () => {
    const down = await insertProduct(t.app.db, cast.seller.id, { imei: testImeis.unavailable });
    const later = new Date(Date.now() + 72 * 60 * 60 * 1000);
    const result = await recheckListings({ ...jobDepsOfApp(t.app), now: () => later }, { batch: 1000 });
    expect(result.unavailable).toBe(1);
    expect(await checksOf(down.id)).toEqual([]);
    expect(await productRow(t.app.db, down.id)).toMatchObject({ status: 'available' });
    await t.app.db.update(products).set({ status: 'removed' }).where(eq(products.id, down.id));
  });
});

describe('the check before the card is charged', () => {
  /** A phone booked by the buyer whose card is authorised, ready for /pay. */
  const authorised = async (imei: string) => {
    const product = await advertisedPhone(t, cast.seller, { imei, name: 'Pixel 8' });
    const order = await bookOrder(t, cast.buyer, product);
    const intent = await intentFor(t, cast.buyer, order.id);
    expect((await confirmCard(t, intent)).statusCode).toBe(200);
    return { product, order, intent };
  };

  it('charges a clean phone as before, and keeps the check', async () => {
    const { product, order, intent } = await authorised(freshImei());
    const response = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
    expect(response.statusCode, response.body).toBe(200);
    expect(await orderRow(t.app.db, order.id)).toMatchObject({ status: 'paid' });
    expect(await checksOf(product.id)).toMatchObject([{ outcome: 'clean', context: 'capture' }]);
  });

  it('never charges a phone flagged since it was booked: the order is cancelled and the card released', async () => {
    const { product, order, intent } = await authorised(freshImei());
    // Reported stolen after it was booked.
    await t.app.db.update(products).set({ imei: testImeis.activationLocked }).where(eq(products.id, product.id));

    expectError(await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId }), 409, {
      code: 'conflict',
      message: deviceCheckTexts.failedBeforeCapture,
    });
    expect(await orderRow(t.app.db, order.id)).toMatchObject({ status: 'cancelled', transactionId: null });
    expect(await testIntentRow(t, intent.paymentIntentId)).toMatchObject({ status: 'canceled' });
    expect(await t.app.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
    expect(await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id))).toEqual([]);
    const [release] = await t.app.db
      .select()
      .from(paymentReleases)
      .where(eq(paymentReleases.paymentIntentId, intent.paymentIntentId));
    expect(release).toMatchObject({ kind: 'cancel' });
    expect(release!.doneAt).not.toBeNull();
    expect(await productRow(t.app.db, product.id)).toMatchObject({ status: 'removed', imeiChecked: false });
    expect(await checksOf(product.id)).toMatchObject([
      { outcome: 'flagged', reasons: ['activation_locked'], context: 'capture' },
    ]);
    expect(await noticesOf(cast.buyer.id)).toEqual([
      expect.objectContaining({ body: expect.stringContaining(deviceCheckTexts.reasons.activation_locked) }),
    ]);
    expect((await auditOf(t.app.db, order.id)).map((entry) => entry.detail)).toContainEqual(
      expect.objectContaining({ by: 'device_check' }),
    );

    // Paying again is refused and charges nothing.
    const again = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
    expect(again.statusCode).toBe(409);
    expect(await testIntentRow(t, intent.paymentIntentId)).toMatchObject({ status: 'canceled' });
  });

  it('charges the card when the service does not answer (the phone was checked when listed)', async () => {
    const { order, intent } = await authorised(testImeis.unavailable);
    const response = await pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId });
    expect(response.statusCode, response.body).toBe(200);
    expect(await orderRow(t.app.db, order.id)).toMatchObject({ status: 'paid' });
  });
});
