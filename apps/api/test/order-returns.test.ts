/**
 * Returns of shipped phones (docs/decisions/0074): the buyer asks within the window after the
 * delivery with a reason and up to 4 of their own photos; the seller accepts (a prepaid return label,
 * bought once) or declines, or the job escalates an unanswered request; the return parcel's tracker
 * moves it; the seller's IMEI check refunds the buyer in full (one refund engine, the ledger
 * balanced) or goes to an admin, who refunds all or part, or rejects, with a reason both parties
 * read; a refunded return's phone goes back on sale and can be bought again.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AdminReturnPageSchema,
  AdminReturnSchema,
  OrderDetailsSchema,
  OrderReturnSchema,
  UploadedImageSchema,
  orderProgressMessages,
  returnAuditActions,
  returnMessages,
  type TrackingStatus,
} from '@recell/contract';
import type { TrackerUpdate } from '../src/adapters/shipping/index.ts';
import {
  auditLog,
  ledgerEntries,
  notifications,
  orderProblems,
  orderReturns,
  orders,
  payments,
  products,
} from '../src/db/schema.ts';
import { applyTrackerUpdate, completeDueOrders, escalateUnansweredReturns } from '../src/modules/orders/index.ts';
import { headersOf, photo, useCast, type Caller } from './support/accounts.ts';
import { addAddress, addressFormFor } from './support/addresses.ts';
import { expectError, forbidden, useTestApp } from './support/api.ts';
import { multipartBody, phoneJpeg } from './support/images.ts';
import { orderRow, paidOrder } from './support/order-progress.ts';
import { bookOrder, confirmCard, intentFor, pay } from './support/payments.ts';
import type { TestApp } from './helpers.ts';

const hour = 3_600_000;
const day = 24 * hour;
const ago = (ms: number) => new Date(Date.now() - ms);
/** The sold phone's IMEI (valid check digit), and another valid one. */
const soldImei = '490154203237518';
const otherImei = '356938035643809';

const post = (t: TestApp, caller: Caller | null, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: headersOf(caller), ...(payload ? { payload } : {}) });

const conflictOf = (message: string) => ({ code: 'conflict', message });
const notFoundOrder = { code: 'not_found', message: orderProgressMessages.orderNotFound };

const deliveredScan = (occurredAt: Date): TrackerUpdate['events'][number] => ({
  status: 'delivered',
  message: 'Delivered, in the mailbox',
  place: 'Chicago, IL, US',
  occurredAt,
});
const trackerAt = (trackerId: string, status: TrackingStatus, events: TrackerUpdate['events'], updatedAt: Date) => ({
  trackerId,
  trackingCode: `EZ${trackerId.slice(-8)}`,
  status,
  events,
  updatedAt,
});

describe('returns of shipped phones', () => {
  const t = useTestApp();
  const cast = useCast(t);
  const parcelDeps = () => ({ db: t.app.db, publicUrl: t.config.publicUrl });

  let shipFromChosen = false;
  const chooseShipFrom = async () => {
    if (shipFromChosen) return;
    const address = await addAddress(t, cast.seller, { name: 'Marcus Bennett', line1: '1 main street' });
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/me/ship-from-address',
      headers: headersOf(cast.seller),
      payload: { addressId: address.id },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    shipFromChosen = true;
  };

  /** A paid order shipped to the buyer with a label, its parcel delivered at `deliveredAt`. */
  const deliveredOrder = async (deliveredAt = ago(2 * hour), set: Partial<typeof orders.$inferInsert> = {}) => {
    await chooseShipFrom();
    const verification = await t.app.shipping.verifyAddress(addressFormFor());
    if (!verification.verified) throw new Error(verification.reason);
    const { order, product } = await paidOrder(t, cast.seller, cast.buyer, {
      deliveryMethod: 'shipping',
      shipTo: verification.address,
      phone: '',
      location: '',
    });
    await t.app.db.update(products).set({ imei: soldImei }).where(eq(products.id, product.id));
    const trackerId = `trk_${randomUUID().replaceAll('-', '')}`;
    await t.app.db
      .update(orders)
      .set({
        progress: 'delivered',
        isShipped: true,
        handedOverAt: new Date(deliveredAt.getTime() - day),
        carrier: 'USPS',
        trackingCode: `EZ${trackerId.slice(-8)}`,
        trackerId,
        shipmentId: `shp_${trackerId.slice(4)}`,
        deliveredAt,
        ...set,
      })
      .where(eq(orders.id, order.id));
    return { orderId: order.id, productId: product.id };
  };

  const upload = async (caller: Caller, bytes?: Buffer) => {
    const form = multipartBody([
      { name: 'image', filename: 'phone.jpg', contentType: 'image/jpeg', bytes: bytes ?? (await photo()) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...caller.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return UploadedImageSchema.parse(response.json());
  };

  const ask = (orderId: string, body: object = { reason: 'The battery drains in two hours.' }, caller = cast.buyer) =>
    post(t, caller, `/api/orders/${orderId}/return`, body);
  const asked = async (orderId: string, body?: object) => {
    const response = await ask(orderId, body);
    expect(response.statusCode, response.body).toBe(201);
    return OrderReturnSchema.parse(response.json());
  };
  const accept = (orderId: string, caller = cast.seller) => post(t, caller, `/api/orders/${orderId}/return/accept`);
  const returnOf = async (orderId: string) =>
    (await t.app.db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId)))[0]!;
  const details = async (caller: Caller, orderId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/details`,
      headers: headersOf(caller),
    });
    expect(response.statusCode, response.body).toBe(200);
    return OrderDetailsSchema.parse(response.json());
  };
  const auditOf = async (returnId: string) =>
    (await t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, returnId))).map((row) => row.action);
  const noticesTo = async (userId: string, kind: string, orderId: string) =>
    t.app.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, kind),
          eq(notifications.link, `/dashboard/orders/${orderId}`),
        ),
      );
  /** The return accepted and its parcel delivered back to the seller. */
  const arrivedReturn = async () => {
    const { orderId, productId } = await deliveredOrder();
    await asked(orderId);
    expect((await accept(orderId)).statusCode).toBe(200);
    const ret = await returnOf(orderId);
    const outcome = await applyTrackerUpdate(
      parcelDeps(),
      trackerAt(ret.trackerId!, 'delivered', [deliveredScan(ago(hour))], ago(hour)),
    );
    expect(outcome).toMatchObject({ outcome: 'return_applied', returnId: ret.id, moved: { to: 'arrived' } });
    return { orderId, productId, returnId: ret.id };
  };
  const confirmImei = (orderId: string, imei: string) =>
    post(t, cast.seller, `/api/orders/${orderId}/return/confirm-imei`, { imei });
  const decide = (returnId: string, body: object, caller = cast.admin) =>
    post(t, caller, `/api/admin/returns/${returnId}/decide`, body);
  const movementsBalance = async (orderId: string) => {
    const rows = await t.app.db
      .select({ account: ledgerEntries.account, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, orderId))
      .groupBy(ledgerEntries.account);
    return Object.fromEntries(rows.map((row) => [row.account, Number(row.cents)]));
  };

  describe('asking', () => {
    it('records the reason and the buyer’s own photos, tells the seller and gives 2 business days to answer', async () => {
      const { orderId } = await deliveredOrder();
      const image = await upload(cast.buyer);
      const before = await details(cast.buyer, orderId);
      expect(before.can.requestReturn).toBe(true);
      const ret = await asked(orderId, { reason: '  The camera is blurry. ', photoIds: [image.id] });
      expect(ret).toMatchObject({ status: 'requested', reason: 'The camera is blurry.', sellerAnswer: null });
      expect(ret.photos).toEqual([{ id: image.id, url: image.url }]);
      const answerBy = Date.parse(ret.sellerAnswerBy) - Date.parse(ret.createdAt);
      expect(answerBy).toBeGreaterThanOrEqual(2 * day);
      expect(answerBy).toBeLessThanOrEqual(4 * day);
      expect(await auditOf(ret.id)).toEqual([returnAuditActions.requested]);
      expect(await noticesTo(cast.seller.id, 'return_requested', orderId)).toHaveLength(1);

      const seller = await details(cast.seller, orderId);
      expect(seller.return?.id).toBe(ret.id);
      expect(seller.can.answerReturn).toBe(true);
      expect(seller.nextStep).toEqual({ step: 'answer_return', by: 'seller' });
      const buyer = await details(cast.buyer, orderId);
      expect(buyer.can).toMatchObject({ requestReturn: false, reportProblem: false, confirmReceipt: false });
      // One at a time: a second request, and a problem report, are refused.
      expectError(await ask(orderId), 409, conflictOf(returnMessages.returnOpen));
      expectError(
        await post(t, cast.buyer, `/api/orders/${orderId}/problems`, { reason: 'Broken' }),
        409,
        conflictOf(returnMessages.returnOpen),
      );
    });

    it('refuses a return after the window, changing nothing', async () => {
      const { orderId } = await deliveredOrder(ago(49 * hour));
      expectError(await ask(orderId), 409, conflictOf(returnMessages.windowOver));
      expect(await t.app.db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId))).toHaveLength(0);
      expect((await details(cast.buyer, orderId)).can.requestReturn).toBe(false);
    });

    it('refuses before the delivery, and for a phone not shipped with a label', async () => {
      const onItsWay = await deliveredOrder(undefined, { progress: 'in_transit', deliveredAt: null });
      expectError(await ask(onItsWay.orderId), 409, conflictOf(returnMessages.notDelivered));
      const noted = await deliveredOrder(undefined, { trackerId: null, progress: 'shipped' });
      expectError(await ask(noted.orderId), 409, conflictOf(returnMessages.notShippedWithLabel));
    });

    it('refuses more than 4 photos and someone else’s photos (400), and another buyer’s order (404)', async () => {
      const { orderId } = await deliveredOrder();
      const mine = await upload(cast.buyer);
      const tooMany = await ask(orderId, {
        reason: 'Scratches',
        photoIds: ['a', 'b', 'c', 'd', 'e'].map((c) => c.repeat(64)),
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.body).toContain(returnMessages.tooManyPhotos);
      // A picture only the other buyer uploaded is not the buyer's (its id is public, in its address).
      const theirs = await upload(cast.otherBuyer, await phoneJpeg(320, 200));
      expect(theirs.id).not.toBe(mine.id);
      const refused = await ask(orderId, { reason: 'Scratches', photoIds: [mine.id, theirs.id] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(returnMessages.photoNotYours);
      expectError(await ask(orderId, undefined, cast.otherBuyer), 404, notFoundOrder);
      expectError(await ask(orderId, undefined, cast.seller), 403, forbidden);
      expect(await t.app.db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId))).toHaveLength(0);
    });
  });

  describe('the seller’s answer', () => {
    it('accepts: one prepaid label bought, however often accept is repeated; the buyer prints it', async () => {
      const { orderId } = await deliveredOrder();
      await asked(orderId);
      const first = await accept(orderId);
      expect(first.statusCode, first.body).toBe(200);
      const ret = OrderReturnSchema.parse(first.json());
      expect(ret.status).toBe('accepted');
      expect(ret.sellerAnswer).toBe('accepted');
      expect(ret.parcel?.trackingCode).toBeTruthy();
      const again = OrderReturnSchema.parse((await accept(orderId)).json());
      expect(again.parcel?.trackingCode).toBe(ret.parcel?.trackingCode);
      const row = await returnOf(orderId);
      expect(row.labelCostCents).toBeGreaterThan(0);
      expect(await auditOf(ret.id)).toEqual([returnAuditActions.requested, returnAuditActions.accepted]);
      expect(await noticesTo(cast.buyer.id, 'return_answered', orderId)).toHaveLength(1);

      const buyer = await details(cast.buyer, orderId);
      expect(buyer.can.printReturnLabel).toBe(true);
      expect(buyer.nextStep).toEqual({ step: 'send_return', by: 'buyer' });
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}/return/label.pdf`,
        headers: headersOf(cast.buyer),
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect(pdf.headers['cache-control']).toContain('no-store');
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/orders/${orderId}/return/label.pdf`,
            headers: headersOf(cast.otherBuyer),
          })
        ).statusCode,
      ).toBe(404);
      // Answered: declining now is refused.
      expectError(
        await post(t, cast.seller, `/api/orders/${orderId}/return/decline`, { reason: 'No' }),
        409,
        conflictOf(returnMessages.notAwaitingAnswer),
      );
    });

    it('declines with a reason the buyer reads: an admin decides, and may read the messages', async () => {
      const { orderId } = await deliveredOrder();
      const ret = await asked(orderId);
      const declined = await post(t, cast.seller, `/api/orders/${orderId}/return/decline`, {
        reason: 'It left here working.',
      });
      expect(declined.statusCode, declined.body).toBe(200);
      expect(OrderReturnSchema.parse(declined.json())).toMatchObject({
        status: 'declined',
        sellerAnswer: 'declined',
        declineReason: 'It left here working.',
      });
      const list = AdminReturnPageSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/admin/returns', headers: headersOf(cast.admin) })).json(),
      );
      expect(list.items.map((item) => item.return.id)).toContain(ret.id);
      expect((await details(cast.admin, orderId)).nextStep).toEqual({ step: 'decide_return', by: 'admin' });
      const messages = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}/messages`,
        headers: headersOf(cast.admin),
      });
      expect(messages.statusCode, messages.body).toBe(200);
    });

    it('is escalated by the job once the 2 business days are over; a late answer is refused', async () => {
      const { orderId } = await deliveredOrder();
      const ret = await asked(orderId);
      const justBefore = new Date(Date.parse(ret.sellerAnswerBy) - 1000);
      const after = new Date(Date.parse(ret.sellerAnswerBy) + 1000);
      const job = (now: Date) =>
        escalateUnansweredReturns({ db: t.app.db, now: () => now, publicUrl: t.config.publicUrl });
      await job(justBefore);
      expect((await returnOf(orderId)).status).toBe('requested');
      expect(await job(after)).toBeGreaterThanOrEqual(1);
      expect((await returnOf(orderId)).status).toBe('escalated');
      expect(await auditOf(ret.id)).toContain(returnAuditActions.escalated);
      expect(await noticesTo(cast.buyer.id, 'return_answered', orderId)).toHaveLength(1);
      expectError(await accept(orderId), 409, conflictOf(returnMessages.answerTooLate));
      expectError(
        await post(t, cast.seller, `/api/orders/${orderId}/return/decline`, { reason: 'Too late' }),
        409,
        conflictOf(returnMessages.answerTooLate),
      );
      expect((await returnOf(orderId)).trackerId).toBeNull();
    });

    it('pauses the order’s completion while the return is under way', async () => {
      const { orderId } = await deliveredOrder(ago(8 * day), {});
      // Asked in time (set directly: the window is long over by now), the order does not complete.
      await t.app.db
        .insert(orderReturns)
        .values({ orderId, reason: 'Broken', sellerAnswerBy: new Date(Date.now() + day) });
      await completeDueOrders({ db: t.app.db, now: () => new Date(), publicUrl: t.config.publicUrl });
      expect((await orderRow(t, orderId)).progress).toBe('delivered');
    });
  });

  describe('the return parcel and the IMEI check', () => {
    it('moves in transit then arrived by its tracker and tells the seller; the IMEI match refunds in full', async () => {
      const { orderId } = await deliveredOrder();
      const ret = await asked(orderId);
      await accept(orderId);
      const trackerId = (await returnOf(orderId)).trackerId!;
      const moving = await applyTrackerUpdate(parcelDeps(), trackerAt(trackerId, 'in_transit', [], ago(3 * hour)));
      expect(moving).toMatchObject({ outcome: 'return_applied', moved: { from: 'accepted', to: 'in_transit' } });
      expectError(await confirmImei(orderId, soldImei), 409, conflictOf(returnMessages.notArrived));
      await applyTrackerUpdate(parcelDeps(), trackerAt(trackerId, 'delivered', [deliveredScan(ago(hour))], ago(hour)));
      // An older update arriving late moves nothing back.
      const late = await applyTrackerUpdate(parcelDeps(), trackerAt(trackerId, 'in_transit', [], ago(2 * hour)));
      expect(late).toMatchObject({ moved: null });
      expect((await returnOf(orderId)).status).toBe('arrived');
      expect(await noticesTo(cast.seller.id, 'return_arrived', orderId)).toHaveLength(1);
      expect((await details(cast.seller, orderId)).can.confirmReturnImei).toBe(true);

      const confirmed = await confirmImei(orderId, soldImei.replace(/(\d{5})/, '$1 '));
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(OrderReturnSchema.parse(confirmed.json())).toMatchObject({
        status: 'refunded',
        imeiCheck: 'match',
        refundCents: null,
      });
      expect(OrderReturnSchema.parse(confirmed.json()).refundedAt).not.toBeNull();
      const order = await orderRow(t, orderId);
      expect(order.refundedAt).not.toBeNull();
      const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(payment?.status).toBe('refunded');
      const balance = await movementsBalance(orderId);
      expect((balance.processor_balance ?? 0) + (balance.seller_payable ?? 0) + (balance.platform_fees ?? 0)).toBe(0);
      // The buyer got back all they paid and the seller's share is gone; the marketplace paid the
      // prepaid return label, which is all that is left of the order's money.
      const returnLabelCents = (await returnOf(orderId)).labelCostCents!;
      expect(returnLabelCents).toBeGreaterThan(0);
      expect(balance.processor_balance ?? 0).toBe(-returnLabelCents);
      expect(balance.platform_fees ?? 0).toBe(returnLabelCents);
      expect(balance.seller_payable ?? 0).toBe(0);
      // One refund engine: the return's refund is a refunded problem row of the order, not shown as a report.
      const refunds = await t.app.db.select().from(orderProblems).where(eq(orderProblems.orderId, orderId));
      expect(refunds.map((row) => [row.returnId, row.status])).toEqual([[ret.id, 'refunded']]);
      expect((await details(cast.buyer, orderId)).problem).toBeNull();
      expect(await noticesTo(cast.buyer.id, 'return_outcome', orderId)).toHaveLength(1);
      expectError(await confirmImei(orderId, soldImei), 409, conflictOf(returnMessages.imeiAlreadyConfirmed));
    });

    it('a refund the processor refuses is the refund engine’s: refund_failed on Order problems, and closing it rejects the return', async () => {
      const { orderId, returnId } = await arrivedReturn();
      // A payment the processor does not know: it refuses the refund.
      await t.app.db.update(orders).set({ transactionId: 'pi_unknown_to_the_processor' }).where(eq(orders.id, orderId));
      expectError(await confirmImei(orderId, soldImei), 409, conflictOf(orderProgressMessages.refundRefused));
      expect((await details(cast.buyer, orderId)).return?.status).toBe('refund_failed');
      expect((await orderRow(t, orderId)).refundedAt).toBeNull();
      const problems = await t.app.inject({
        method: 'GET',
        url: '/api/admin/order-problems',
        headers: headersOf(cast.admin),
      });
      const failed = (
        problems.json() as { items: Array<{ problem: { id: string; status: string }; order: { id: string } }> }
      ).items.find((item) => item.order.id === orderId);
      expect(failed?.problem.status).toBe('refund_failed');
      // The admin may read the order while its return's refund failed.
      expect((await details(cast.admin, orderId)).nextStep).toEqual({ step: 'decide_return', by: 'admin' });
      const closed = await post(t, cast.admin, `/api/admin/order-problems/${failed!.problem.id}/close`);
      expect(closed.statusCode, closed.body).toBe(200);
      expect((await returnOf(orderId)).status).toBe('rejected');
      expect((await t.app.db.select().from(orderReturns).where(eq(orderReturns.id, returnId)))[0]?.imeiMatched).toBe(
        true,
      );
    });

    it('refuses a malformed IMEI with 400 and records nothing', async () => {
      const { orderId } = await arrivedReturn();
      const response = await confirmImei(orderId, '12345');
      expect(response.statusCode).toBe(400);
      expect((await returnOf(orderId)).imeiCheckedAt).toBeNull();
    });

    it('a mismatch goes to an admin, who refunds part with a reason both read; more than was paid is refused', async () => {
      const { orderId, returnId } = await arrivedReturn();
      const mismatch = await confirmImei(orderId, otherImei);
      expect(mismatch.statusCode, mismatch.body).toBe(200);
      expect(OrderReturnSchema.parse(mismatch.json())).toMatchObject({
        status: 'imei_mismatch',
        imeiCheck: 'mismatch',
      });
      expect((await orderRow(t, orderId)).refundedAt).toBeNull();

      const paid = (await t.app.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
      const above = await decide(returnId, {
        decision: 'refund',
        reason: 'Too much',
        amountCents: paid.amountCents + 1,
      });
      expect(above.statusCode).toBe(400);
      expect(above.json().error.message).toBe(orderProgressMessages.refundAboveWhatWasPaid);
      expect((await returnOf(orderId)).status).toBe('imei_mismatch');
      expectError(
        await decide(returnId, { decision: 'accept', reason: 'Send it again' }),
        409,
        conflictOf(returnMessages.notForAdmin),
      );
      expect((await decide(returnId, { decision: 'refund', reason: '' })).statusCode).toBe(400);

      const decided = await decide(returnId, {
        decision: 'refund',
        reason: 'The phone returned is another one; half refunded.',
        amountCents: 10_000,
      });
      expect(decided.statusCode, decided.body).toBe(200);
      const answer = AdminReturnSchema.parse(decided.json());
      expect(answer.return).toMatchObject({
        status: 'refunded',
        refundCents: 10_000,
        decision: { decision: 'refund', reason: 'The phone returned is another one; half refunded.' },
      });
      const [after] = await t.app.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(after?.refundedCents).toBe(10_000);
      for (const caller of [cast.buyer, cast.seller]) {
        const page = await details(caller, orderId);
        expect(page.return?.decision?.reason).toBe('The phone returned is another one; half refunded.');
        expect(page.can.relist).toBe(false);
      }
      expect(await auditOf(returnId)).toContain(returnAuditActions.decided);
      // Decided: a second decision is refused.
      expectError(
        await decide(returnId, { decision: 'reject', reason: 'Again' }),
        409,
        conflictOf(returnMessages.notForAdmin),
      );
      expect((await decide(returnId, { decision: 'reject', reason: 'x' }, cast.seller)).statusCode).toBe(403);
    });

    it('an admin accepts a declined return: the label is bought as if the seller accepted; or rejects one', async () => {
      const first = await deliveredOrder();
      await asked(first.orderId);
      await post(t, cast.seller, `/api/orders/${first.orderId}/return/decline`, { reason: 'No' });
      const firstId = (await returnOf(first.orderId)).id;
      const accepted = await decide(firstId, { decision: 'accept', reason: 'The photos show the crack.' });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(AdminReturnSchema.parse(accepted.json()).return).toMatchObject({ status: 'accepted' });
      expect((await returnOf(first.orderId)).trackerId).not.toBeNull();

      const second = await deliveredOrder();
      await asked(second.orderId);
      await post(t, cast.seller, `/api/orders/${second.orderId}/return/decline`, { reason: 'No' });
      const secondId = (await returnOf(second.orderId)).id;
      const rejected = await decide(secondId, { decision: 'reject', reason: 'The phone works as described.' });
      expect(AdminReturnSchema.parse(rejected.json()).return.status).toBe('rejected');
      // Rejected: the order may complete again, and receipt can be confirmed.
      expect((await details(cast.buyer, second.orderId)).can.confirmReceipt).toBe(true);
    });
  });

  describe('back on sale', () => {
    it('puts a returned and refunded phone back on sale, and another buyer can buy it', async () => {
      const { orderId, productId } = await arrivedReturn();
      expectError(
        await post(t, cast.seller, `/api/orders/${orderId}/return/relist`),
        409,
        conflictOf(returnMessages.notReturned),
      );
      expect((await confirmImei(orderId, soldImei)).statusCode).toBe(200);
      expect((await details(cast.seller, orderId)).can.relist).toBe(true);
      expectError(await post(t, cast.buyer, `/api/orders/${orderId}/return/relist`), 403, forbidden);
      const relisted = await post(t, cast.seller, `/api/orders/${orderId}/return/relist`);
      expect(relisted.statusCode, relisted.body).toBe(200);
      expect(OrderReturnSchema.parse(relisted.json()).relistedAt).not.toBeNull();
      const [product] = await t.app.db.select().from(products).where(eq(products.id, productId));
      expect(product?.status).toBe('available');
      expectError(
        await post(t, cast.seller, `/api/orders/${orderId}/return/relist`),
        409,
        conflictOf(returnMessages.alreadyRelisted),
      );

      // The refunded order no longer holds the phone: a new sale goes through.
      const order = await bookOrder(t, cast.otherBuyer, product!);
      const intent = await intentFor(t, cast.otherBuyer, order.id);
      expect((await confirmCard(t, intent)).statusCode).toBe(200);
      const paid = await pay(t, cast.otherBuyer, order.id, { paymentIntentId: intent.paymentIntentId });
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await orderRow(t, order.id)).status).toBe('paid');
    });
  });
});
