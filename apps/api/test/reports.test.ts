/**
 * Reports: a buyer reports a phone with a reason and a text; every bad input gets its message;
 * one open report per buyer per phone (also when two are sent at once); removed and unknown phones
 * cannot be reported; only buyers report.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buyingLimits,
  buyingMessages,
  ErrorBodySchema,
  listingMessages,
  ReportCreatedSchema,
  reportReasons,
} from '@recell/contract';
import { reports } from '../src/db/schema.ts';
import { disableUser } from './fixtures.ts';
import { callerWithRole, useCast } from './support/accounts.ts';
import { expectError, forbidden, unauthorized, unknownId, useTestApp } from './support/api.ts';
import { listPhone, reportPhone } from './support/buying.ts';

describe('POST /api/products/:id/reports', () => {
  const t = useTestApp();
  const cast = useCast(t);

  const reportsOn = (productId: string) => t.app.db.select().from(reports).where(eq(reports.productId, productId));
  const reportCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(reports))[0]!.n;

  it('files the buyer’s report with its reason and text, open until an admin resolves it', async () => {
    const phone = await listPhone(t, cast.seller);
    const response = await reportPhone(t, cast.buyer, phone.id, {
      reason: 'fake',
      text: '  The IMEI on the box does not match the phone.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = ReportCreatedSchema.parse(response.json());
    expect(await reportsOn(phone.id)).toEqual([
      expect.objectContaining({
        id,
        reporterId: cast.buyer.id,
        reason: 'fake',
        text: 'The IMEI on the box does not match the phone.',
        resolvedAt: null,
        resolution: null,
      }),
    ]);
  });

  it('accepts every reason the modal offers, and a sold phone', async () => {
    const sold = await listPhone(t, cast.seller, { status: 'sold' });
    for (const reason of reportReasons) {
      const reporter = await callerWithRole(t, 'user');
      expect((await reportPhone(t, reporter, sold.id, { reason, text: `Because: ${reason}` })).statusCode).toBe(201);
    }
    expect((await reportsOn(sold.id)).map((r) => r.reason).sort()).toEqual([...reportReasons].sort());
  });

  it('names what is missing or wrong and files nothing', async () => {
    const phone = await listPhone(t, cast.seller);
    const before = await reportCount();
    const cases: Array<[unknown, Record<string, string>]> = [
      [{}, { reason: buyingMessages.reasonRequired, text: buyingMessages.reportTextRequired }],
      [{ text: 'Looks stolen' }, { reason: buyingMessages.reasonRequired }],
      [{ reason: 'ugly', text: 'Looks stolen' }, { reason: buyingMessages.reasonRequired }],
      [{ reason: 'stolen' }, { text: buyingMessages.reportTextRequired }],
      [{ reason: 'stolen', text: '' }, { text: buyingMessages.reportTextRequired }],
      [{ reason: 'stolen', text: '   ' }, { text: buyingMessages.reportTextRequired }],
      [{ reason: 'stolen', text: 12 }, { text: buyingMessages.reportTextRequired }],
      [{ reason: 'stolen', text: 'x'.repeat(buyingLimits.reportText + 1) }, { text: buyingMessages.reportTextTooLong }],
    ];
    for (const [body, fields] of cases) {
      expectError(await reportPhone(t, cast.buyer, phone.id, body), 400, {
        code: 'validation',
        message: Object.values(fields)[0]!,
        fields,
      });
    }
    expect(await reportCount()).toBe(before);
    // Exactly the limit is fine.
    const atLimit = await reportPhone(t, cast.buyer, phone.id, {
      reason: 'other',
      text: 'y'.repeat(buyingLimits.reportText),
    });
    expect(atLimit.statusCode).toBe(201);
  });

  it('refuses a second report while the first is open; another buyer may report too; after resolution, again', async () => {
    const phone = await listPhone(t, cast.seller);
    expect((await reportPhone(t, cast.buyer, phone.id)).statusCode).toBe(201);
    expectError(await reportPhone(t, cast.buyer, phone.id, { reason: 'scam', text: 'Asked me to pay outside.' }), 409, {
      code: 'conflict',
      message: buyingMessages.alreadyReported,
    });
    expect((await reportPhone(t, cast.otherBuyer, phone.id)).statusCode).toBe(201);
    expect(await reportsOn(phone.id)).toHaveLength(2);

    // An admin closes the first report (issue 6); the buyer may report the phone again.
    await t.app.db
      .update(reports)
      .set({ resolvedAt: new Date(), resolution: 'dismissed', resolvedBy: cast.admin.id })
      .where(and(eq(reports.productId, phone.id), eq(reports.reporterId, cast.buyer.id)));
    expect((await reportPhone(t, cast.buyer, phone.id)).statusCode).toBe(201);
    expect(await reportsOn(phone.id)).toHaveLength(3);
  });

  it('five reports sent at once by one buyer file exactly one', async () => {
    const phone = await listPhone(t, cast.seller);
    const responses = await Promise.all(Array.from({ length: 5 }, () => reportPhone(t, cast.buyer, phone.id)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(ErrorBodySchema.parse(response.json()).error.message).toBe(buyingMessages.alreadyReported);
    }
    expect(await reportsOn(phone.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown, removed, removed seller’s or malformed phone', async () => {
    const removed = await listPhone(t, cast.seller, { status: 'removed' });
    const gone = await callerWithRole(t, 'seller');
    const ofRemovedSeller = await listPhone(t, gone);
    await disableUser(t.app.db, gone.id);
    const before = await reportCount();
    for (const id of [unknownId, removed.id, ofRemovedSeller.id, 'nope', '%27%3B--', 'x'.repeat(64)]) {
      expectError(await reportPhone(t, cast.buyer, id), 404, {
        code: 'not_found',
        message: listingMessages.productNotFound,
      });
    }
    expect(await reportCount()).toBe(before);
  });

  it('refuses a report on the buyer’s own phone', async () => {
    const own = await listPhone(t, cast.buyer);
    expectError(await reportPhone(t, cast.buyer, own.id), 409, {
      code: 'conflict',
      message: buyingMessages.ownProductReport,
    });
    expect(await reportsOn(own.id)).toEqual([]);
  });

  it('is for buyers only: anonymous 401, sellers (the phone’s own too) and admins 403, nothing filed', async () => {
    const phone = await listPhone(t, cast.seller);
    expectError(await reportPhone(t, null, phone.id), 401, unauthorized);
    for (const caller of [cast.seller, cast.otherSeller, cast.admin]) {
      expectError(await reportPhone(t, caller, phone.id), 403, forbidden);
    }
    expect(await reportsOn(phone.id)).toEqual([]);
  });
});
