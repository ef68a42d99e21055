/**
 * Phone facts and the IMEI check: storage, colour, network lock and battery health on a listing;
 * the IMEI's three failures (not digits, not 15, wrong check digit); one listing for sale per IMEI,
 * also when two are made at once; masked for everyone but its seller and admins; an admin blocks a
 * reported phone's IMEI, which takes its listings off sale and keeps it from being listed again.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditActions,
  adminMessages,
  ErrorBodySchema,
  imeiWithCheckDigit,
  listingMessages,
  luhnCheckDigit,
  MyProductDetailsSchema,
  MyProductPageSchema,
  ProductPageSchema,
  ProductSchema,
  ReportedProductPageSchema,
} from '@recell/contract';
import { blockedImeis, products } from '../src/db/schema.ts';
import { advertise, advertisementsOf, auditOf, insertProduct, insertUser, productRow, reportRow } from './fixtures.ts';
import { useCast, type Caller } from './support/accounts.ts';
import { expectError, forbidden, unauthorized, useTestApp } from './support/api.ts';
import { phoneJpeg } from './support/images.ts';
import { filledListing, freshImei, postListingJson, publicViewsOf, uploadPicture } from './support/listings.ts';
import { callAs, insertReport } from './support/moderation.ts';

/** A valid IMEI with its last digit changed: the check digit is wrong. */
const withWrongCheckDigit = (imei: string) => `${imei.slice(0, -1)}${(Number(imei.at(-1)) + 1) % 10}`;

describe('phone facts and the IMEI check', () => {
  const t = useTestApp();
  const cast = useCast(t);
  let imageId: string;

  beforeAll(async () => {
    const picture = await phoneJpeg(200, 150);
    imageId = await uploadPicture(t, cast.seller.headers, picture);
    // A listing takes only its seller's own uploads: the other seller uploads the same picture.
    expect(await uploadPicture(t, cast.otherSeller.headers, picture)).toBe(imageId);
  });

  const list = (overrides: Record<string, string> = {}, seller: Caller = cast.seller) =>
    postListingJson(t, seller.headers, { ...filledListing(overrides), imageId });
  const listed = async (overrides: Record<string, string> = {}, seller: Caller = cast.seller) => {
    const response = await list(overrides, seller);
    expect(response.statusCode, response.body).toBe(201);
    return ProductSchema.parse(response.json());
  };
  const countWithImei = async (imei: string) =>
    (await t.app.db.select({ id: products.id }).from(products).where(eq(products.imei, imei))).length;
  const myProducts = async (seller: Caller = cast.seller) =>
    MyProductPageSchema.parse((await callAs(t, seller, 'GET', '/api/me/products?limit=100')).json()).items;

  describe('the Luhn rule', () => {
    it('computes the check digit of known IMEIs', () => {
      // 3GPP's example IMEI and a commonly cited one.
      expect(luhnCheckDigit('49015420323751')).toBe(8);
      expect(imeiWithCheckDigit('35209900176148')).toBe('352099001761481');
    });
  });

  describe('POST /api/products with the facts', () => {
    it('keeps storage, colour, network lock, battery health and the IMEI; the listing is "IMEI checked"', async () => {
      const imei = freshImei();
      const product = await listed({
        storageGb: '256',
        colour: 'Deep Purple',
        networkLock: ' UNLOCKED ',
        batteryHealth: '93',
        imei: `${imei.slice(0, 2)} ${imei.slice(2, 8)}-${imei.slice(8)}`,
      });
      expect(product).toMatchObject({
        storageGb: 256,
        colour: 'Deep Purple',
        networkLock: 'unlocked',
        batteryHealth: 93,
        imeiMasked: `•••••••••••${imei.slice(-4)}`,
        imeiChecked: true,
      });
      const row = await productRow(t.app.db, product.id);
      expect(row).toMatchObject({ imei, imeiChecked: true, storageGb: 256, networkLock: 'unlocked' });
      // A carrier's name is kept as typed; battery health may be left out.
      const locked = await listed({ networkLock: 'Verizon', batteryHealth: '' });
      expect(locked).toMatchObject({ networkLock: 'Verizon', batteryHealth: null, imeiChecked: true });
      const { batteryHealth: _, ...withoutBattery } = filledListing();
      const json = await postListingJson(t, cast.seller.headers, { ...withoutBattery, imageId });
      expect(json.statusCode, json.body).toBe(201);
    });

    it('names each IMEI failure with its own message and lists nothing', async () => {
      const valid = freshImei();
      const cases: [string, string][] = [
        ['', listingMessages.imeiRequired],
        ['   ', listingMessages.imeiRequired],
        ['35209900176148x', listingMessages.imeiNotDigits],
        ['３５２０９９００１７６１４８１', listingMessages.imeiNotDigits],
        [valid.slice(0, 14), listingMessages.imeiLength],
        [`${valid}0`, listingMessages.imeiLength],
        [withWrongCheckDigit(valid), listingMessages.imeiCheckDigit],
      ];
      for (const [imei, message] of cases) {
        const response = await list({ imei });
        expect(response.statusCode, `${imei}: ${response.body}`).toBe(400);
        expect(ErrorBodySchema.parse(response.json()).error.fields).toEqual({ imei: message });
      }
      expect(await countWithImei(valid)).toBe(0);
    });

    it('checks storage, colour, network lock and battery health', async () => {
      const cases: [Record<string, string>, Record<string, string>][] = [
        [{ storageGb: '' }, { storageGb: listingMessages.storageRequired }],
        [{ storageGb: '100' }, { storageGb: listingMessages.storageInvalid }],
        [{ storageGb: 'lots' }, { storageGb: listingMessages.storageInvalid }],
        [{ colour: ' ' }, { colour: listingMessages.colourRequired }],
        [{ colour: 'x'.repeat(31) }, { colour: listingMessages.tooLong('Colour', 30) }],
        [{ networkLock: '' }, { networkLock: listingMessages.networkLockRequired }],
        [{ networkLock: 'x'.repeat(41) }, { networkLock: listingMessages.tooLong('Network lock', 40) }],
        [{ batteryHealth: '49' }, { batteryHealth: listingMessages.batteryHealthInvalid }],
        [{ batteryHealth: '101' }, { batteryHealth: listingMessages.batteryHealthInvalid }],
        [{ batteryHealth: '88.5' }, { batteryHealth: listingMessages.batteryHealthInvalid }],
      ];
      for (const [overrides, fields] of cases) {
        const response = await list(overrides);
        expect(response.statusCode, `${JSON.stringify(overrides)}: ${response.body}`).toBe(400);
        expect(ErrorBodySchema.parse(response.json()).error.fields).toEqual(fields);
      }
    });
  });

  describe('one listing for sale per IMEI', () => {
    it('refuses a second listing of an IMEI for sale, naming nothing of the first; once that one is gone, it may be listed again', async () => {
      const imei = freshImei();
      const first = await listed({ imei, name: 'First listing of the phone', location: 'Secret Town' });
      const second = await list({ imei }, cast.otherSeller);
      expectError(second, 409, {
        code: 'conflict',
        message: listingMessages.imeiInUse,
        fields: { imei: listingMessages.imeiInUse },
      });
      for (const secret of [first.id, cast.seller.id, 'First listing', 'Secret Town', 'Marcus'])
        expect(second.body).not.toContain(secret);
      // The same seller twice: refused too.
      expect((await list({ imei })).statusCode).toBe(409);
      expect(await countWithImei(imei)).toBe(1);

      // Sold: no longer for sale, so the phone may come back (bought, and sold on).
      await t.app.db.update(products).set({ status: 'sold' }).where(eq(products.id, first.id));
      const again = await listed({ imei }, cast.otherSeller);
      // Removed by its seller: listed again.
      expect((await callAs(t, cast.otherSeller, 'DELETE', `/api/products/${again.id}`)).statusCode).toBe(204);
      await listed({ imei });
      expect(await countWithImei(imei)).toBe(3);
    });

    it('lists exactly one of several listings of one IMEI made at once; the others get the 409', async () => {
      const imei = freshImei();
      const sellers = [cast.seller, cast.otherSeller, cast.seller, cast.otherSeller];
      const responses = await Promise.all(sellers.map((seller) => list({ imei }, seller)));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409]);
      for (const response of responses.filter((r) => r.statusCode === 409))
        expect(ErrorBodySchema.parse(response.json()).error.message).toBe(listingMessages.imeiInUse);
      expect(await countWithImei(imei)).toBe(1);
    });
  });

  describe('who sees the IMEI', () => {
    it('shows others only its last four digits; the seller sees it whole in the edit form, an admin on Reported Items', async () => {
      const imei = freshImei();
      const product = await listed({ imei, categoryId: '3', brand: 'Samsung' });
      await advertise(t.app.db, product.id);
      const answers = [
        await t.app.inject(`/api/products/${product.id}`),
        await callAs(t, cast.buyer, 'GET', `/api/products/${product.id}`),
        await callAs(t, cast.seller, 'GET', `/api/products/${product.id}`),
        await t.app.inject('/api/categories/3/products?limit=100'),
        await t.app.inject('/api/advertised?limit=100'),
        await callAs(t, cast.admin, 'GET', `/api/products/${product.id}`),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.body).not.toContain(imei);
        expect(answer.body).toContain(`•••••••••••${imei.slice(-4)}`);
      }
      const page = ProductPageSchema.parse(answers[3]!.json());
      expect(page.items.find((item) => item.id === product.id)).not.toHaveProperty('imei');

      // My Products' list shows no IMEI; the listing's edit form has it whole, for its seller alone.
      expect(JSON.stringify(await myProducts())).not.toContain(imei);
      const own = await callAs(t, cast.seller, 'GET', `/api/me/products/${product.id}`);
      expect(MyProductDetailsSchema.parse(own.json()).imei).toBe(imei);
      expect((await callAs(t, cast.otherSeller, 'GET', `/api/me/products/${product.id}`)).statusCode).toBe(404);

      await insertReport(t.app.db, { productId: product.id, reporterId: cast.buyer.id, reason: 'stolen' });
      const reported = ReportedProductPageSchema.parse(
        (await callAs(t, cast.admin, 'GET', '/api/admin/reports?limit=100')).json(),
      );
      expect(reported.items.find((item) => item.product.id === product.id)).toMatchObject({
        imei,
        imeiBlocked: false,
      });
    });

    it('shows a listing made before phone facts with none of them and no mark', async () => {
      const old = await insertProduct(t.app.db, cast.seller.id, { name: 'Listed before phone facts' });
      const answer = ProductSchema.parse((await t.app.inject(`/api/products/${old.id}`)).json());
      expect(answer).toMatchObject({
        storageGb: null,
        colour: null,
        networkLock: null,
        batteryHealth: null,
        imeiMasked: null,
        imeiChecked: false,
      });
    });
  });

  describe('POST /api/admin/reports/:productId/block-imei', () => {
    const block = (caller: Caller | null, productId: string, body: unknown = { reason: 'Reported stolen by owner' }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/reports/${productId}/block-imei`,
        headers: caller?.headers ?? {},
        payload: body as object,
      });

    it('blocks the IMEI: every listing of it for sale leaves sale, sold ones lose the mark, reports close, audited with ids only', async () => {
      const imei = freshImei();
      const reported = await listed({ imei });
      await advertise(t.app.db, reported.id);
      const report = await insertReport(t.app.db, { productId: reported.id, reporterId: cast.buyer.id });
      // An earlier sale of the same phone.
      const sold = await insertProduct(t.app.db, cast.otherSeller.id, { imei, imeiChecked: true, status: 'sold' });

      const response = await block(cast.admin, reported.id, { reason: '  Owner reported it stolen  ' });
      expect(response.statusCode, response.body).toBe(204);

      expect(await productRow(t.app.db, reported.id)).toMatchObject({ status: 'removed', imeiChecked: false });
      expect(await publicViewsOf(t, reported.id, '1')).toEqual({ home: false, category: false, details: 404 });
      expect(await advertisementsOf(t.app.db, reported.id)).toEqual([]);
      expect(await reportRow(t.app.db, report.id)).toMatchObject({ resolution: 'listing_removed' });
      expect(await productRow(t.app.db, sold.id)).toMatchObject({ status: 'sold', imeiChecked: false });
      const soldAnswer = ProductSchema.parse((await t.app.inject(`/api/products/${sold.id}`)).json());
      expect(soldAnswer.imeiChecked).toBe(false);

      const [blocked] = await t.app.db.select().from(blockedImeis).where(eq(blockedImeis.imei, imei));
      expect(blocked).toMatchObject({ reason: 'Owner reported it stolen', blockedBy: cast.admin.id });
      const [audit] = (await auditOf(t.app.db, reported.id)).filter((a) => a.action === adminAuditActions.imeiBlocked);
      expect(audit).toMatchObject({ actorId: cast.admin.id, subjectType: 'product' });
      expect(JSON.stringify(audit)).not.toContain(imei);

      // A blocked IMEI is never listed again, by anyone.
      for (const seller of [cast.seller, cast.otherSeller])
        expectError(await list({ imei }, seller), 409, {
          code: 'conflict',
          message: listingMessages.imeiBlocked,
          fields: { imei: listingMessages.imeiBlocked },
        });
      expect(await countWithImei(imei)).toBe(2);
    });

    it('takes every other listing of the IMEI for sale off sale too', async () => {
      const imei = freshImei();
      const reported = await insertProduct(t.app.db, cast.seller.id, { imei, imeiChecked: true, status: 'sold' });
      await insertReport(t.app.db, { productId: reported.id, reporterId: cast.buyer.id, reason: 'stolen' });
      const relisted = await listed({ imei }, cast.otherSeller);
      expect((await block(cast.admin, reported.id)).statusCode).toBe(204);
      expect(await productRow(t.app.db, relisted.id)).toMatchObject({ status: 'removed', imeiChecked: false });
      expect(await productRow(t.app.db, reported.id)).toMatchObject({ status: 'sold', imeiChecked: false });
    });

    it('is for admins only, on a reported phone with an IMEI, once; a refusal changes nothing', async () => {
      const imei = freshImei();
      const product = await listed({ imei });
      await insertReport(t.app.db, { productId: product.id, reporterId: cast.buyer.id });
      expectError(await block(null, product.id), 401, unauthorized);
      for (const caller of [cast.buyer, cast.seller, cast.otherSeller])
        expectError(await block(caller, product.id), 403, forbidden);
      expectError(await block(cast.admin, product.id, { reason: '  ' }), 400, {
        code: 'validation',
        message: adminMessages.blockReasonRequired,
        fields: { reason: adminMessages.blockReasonRequired },
      });
      expect(await productRow(t.app.db, product.id)).toMatchObject({ status: 'available', imeiChecked: true });
      expect(await t.app.db.select().from(blockedImeis).where(eq(blockedImeis.imei, imei))).toEqual([]);

      // No open report: 404 (a phone that was never reported, or whose reports were closed).
      const unreported = await listed();
      expectError(await block(cast.admin, unreported.id), 404, {
        code: 'not_found',
        message: adminMessages.reportNotFound,
      });
      // A phone listed before IMEIs: nothing to block.
      const old = await insertProduct(t.app.db, cast.seller.id);
      await insertReport(t.app.db, { productId: old.id, reporterId: cast.buyer.id });
      expectError(await block(cast.admin, old.id), 409, { code: 'conflict', message: adminMessages.noImeiToBlock });

      // Twice: the second finds it blocked (a sold phone keeps its open reports until then).
      const sold = await insertProduct(t.app.db, cast.seller.id, {
        imei: freshImei(),
        imeiChecked: true,
        status: 'sold',
      });
      const reporter = await insertUser(t.app.db, { role: 'user' });
      await insertReport(t.app.db, { productId: sold.id, reporterId: cast.buyer.id });
      expect((await block(cast.admin, sold.id)).statusCode).toBe(204);
      await insertReport(t.app.db, { productId: sold.id, reporterId: reporter.id });
      expectError(await block(cast.admin, sold.id), 409, {
        code: 'conflict',
        message: adminMessages.imeiAlreadyBlocked,
      });
    });
  });
});
