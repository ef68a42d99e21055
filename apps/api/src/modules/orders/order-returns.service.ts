/**
 * Returns of shipped phones (docs/decisions/0074). The buyer of an order shipped with a bought label
 * asks, within the problem window after the delivery, with a reason and up to 4 of their own
 * photos; the seller answers within 2 business days (accept: the API buys a prepaid return label
 * from the buyer's address to the seller's ship-from address; decline: an admin decides), and a
 * request not answered in time is escalated by the progress-orders job. The return parcel's tracker
 * moves the return on as an order's parcel moves the order (webhook or poll): delivered → arrived.
 * The seller types the returned phone's IMEI: the sold phone's refunds the buyer in full; another
 * goes to an admin. An admin accepts (label bought), refunds all or part, or rejects, with a reason
 * both parties read. Every refund runs through the problem reports' engine (an `order_problems` row
 * of the return: retries, ledger, payout take-back). A refunded return's phone may go back on sale.
 *
 * No transaction is open during a carrier or card processor call; every change locks the order's
 * row, then the return's, and checks the state again under the locks.
 */
import {
  addBusinessDays,
  imageIdOfUrl,
  isReturnOpen,
  orderProgressMessages,
  returnAuditActions,
  returnLimits,
  returnMessages,
  returnNotices,
  returnNotificationKinds,
  returnStatusesForAdmin,
  type AdminReturn,
  type AdminReturnPage,
  type DecideReturnInput,
  type OrderReturn,
  type PageQuery,
  type ReturnStatus,
  type TrackingStatus,
} from '@recell/contract';
import type { FastifyBaseLogger } from 'fastify';
import {
  ShippingRefusedError,
  ShippingUnavailableError,
  type PurchasedLabel,
  type ShippingPort,
  type TrackerUpdate,
} from '../../adapters/shipping/index.ts';
import type { ImageStorage } from '../../adapters/storage/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import { isUniqueViolationOf } from '../../db/unique-violation.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { idOrNotFound, orderIdOf } from '../../lib/ids.ts';
import { shipFromAddressOf } from '../addresses/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { notifyAll, type Notice } from '../notifications/index.ts';
import { markBackOnSale } from '../products/index.ts';
import { imageUrlForId, notUploadedBy } from '../uploads/index.ts';
import { refundCentsOf, refundDecided, refundLeaseMs, type ProblemDeps } from './order-problems.service.ts';
import { insertReturnRefund } from './order-progress.repository.ts';
import { orderLink, problemWindowOf } from './order-progress.view.ts';
import { phoneParcel } from './order-shipping.carrier.ts';
import type { LabelMoney } from './order-shipping.service.ts';
import * as repository from './order-returns.repository.ts';

export interface ReturnDeps extends ProblemDeps {
  shipping: ShippingPort;
  storage: ImageStorage;
  /** The payments module's: a bought label's cost recorded in the ledger, in the label's transaction. */
  chargeLabel: (tx: Executor, label: LabelMoney) => Promise<void>;
}

/**
 * The return label is prepaid by the marketplace: its cost leaves the processor's balance and is
 * the marketplace's, whatever the return comes to (decision 0074).
 */
const chargeReturnLabel = (deps: ReturnDeps, tx: Executor, orderId: string, label: PurchasedLabel) =>
  deps.chargeLabel(tx, { orderId, costCents: label.amountCents, heldCents: 0, payer: 'marketplace' });

/** The key the return label is bought with: one label per return, however often the buy is repeated. */
export const returnLabelKeyOf = (returnId: string) => `return-label-${returnId}`;

const orderNotFound = () => notFound(orderProgressMessages.orderNotFound);
const returnNotFound = () => notFound(returnMessages.returnNotFound);
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/** The return's status as both sides read it: its refund's state comes from the refund engine's row. */
const statusOf = (row: repository.ReturnWithRefund): ReturnStatus =>
  row.row.status === 'refunding' && row.refundStatus === 'refund_failed' ? 'refund_failed' : row.row.status;

export const toReturn = (found: repository.ReturnWithRefund): OrderReturn => {
  const row = found.row;
  return {
    id: row.id,
    orderId: row.orderId,
    status: statusOf(found),
    reason: row.reason,
    photos: row.photoUrls.map((url) => ({ id: imageIdOfUrl(url) ?? null, url })),
    createdAt: new Date(row.createdAt).toISOString(),
    sellerAnswerBy: new Date(row.sellerAnswerBy).toISOString(),
    sellerAnswer: row.sellerAnsweredAt === null ? null : row.declineReason !== null ? 'declined' : 'accepted',
    sellerAnsweredAt: iso(row.sellerAnsweredAt),
    declineReason: row.declineReason,
    escalatedAt: iso(row.escalatedAt),
    parcel:
      row.trackerId === null
        ? null
        : {
            carrier: row.carrier,
            trackingCode: row.trackingCode,
            status: row.trackingStatus,
            updatedAt: iso(row.trackingUpdatedAt),
            deliveredAt: iso(row.arrivedAt),
          },
    arrivedAt: iso(row.arrivedAt),
    imeiCheck: row.imeiMatched === null ? null : row.imeiMatched ? 'match' : 'mismatch',
    imeiCheckedAt: iso(row.imeiCheckedAt),
    decision:
      row.decision === null || row.decidedAt === null
        ? null
        : {
            decision: row.decision as 'accept' | 'refund' | 'reject',
            reason: row.decisionReason ?? '',
            decidedAt: new Date(row.decidedAt).toISOString(),
          },
    refundCents: found.refundCents,
    refundedAt: iso(found.refundedAt),
    relistedAt: iso(row.relistedAt),
  };
};

/** The order's return as its page shows it; null when it has none. */
export const returnOfOrder = async (db: Executor, orderId: string): Promise<OrderReturn | null> => {
  const found = await repository.findReturnOfOrder(db, orderId);
  return found ? toReturn(found) : null;
};

const answerOfOrder = async (db: Executor, orderId: string) => {
  const found = await repository.findReturnOfOrder(db, orderId);
  if (!found) throw returnNotFound();
  return toReturn(found);
};

/** The order of `user` as `part`, or the 404 of an unknown order (someone else's, cancelled, none). */
const orderOf = (order: repository.ReturnOrder | undefined, user: AuthUser, part: 'buyer' | 'seller') => {
  if (!order || order.status === 'cancelled') throw orderNotFound();
  if ((part === 'buyer' ? order.buyerId : order.sellerId) !== user.id) throw orderNotFound();
  return order;
};

/** Notices to the order's parties, each with the order's page as its link. */
const tell = (
  tx: Executor,
  deps: Pick<ReturnDeps, 'publicUrl'>,
  orderId: string,
  notices: Array<{ userId: string; kind: Notice['kind']; notice: { title: string; body: string } }>,
) =>
  notifyAll(
    tx,
    deps,
    notices.map(({ userId, kind, notice }) => ({ userId, kind, ...notice, link: orderLink(orderId) })),
  );

const audit = (
  tx: Executor,
  actorId: string | null,
  action: string,
  returnId: string,
  detail: Record<string, unknown>,
) => insertAuditEntry(tx, { actorId, action, subjectType: 'order_return', subjectId: returnId, detail });

// ---------------------------------------------------------------------------------------------
// The buyer asks

/**
 * Why the buyer may not ask for a return now, or undefined: an order shipped with a label, paid, not
 * refunded, delivered, within the window after the delivery, nothing undecided on it.
 */
export const returnRefusalOf = (
  order: Pick<
    repository.ReturnOrder,
    'status' | 'refundedAt' | 'trackerId' | 'deliveredAt' | 'progress' | 'handedOverAt' | 'completedAt'
  >,
  now: Date,
): string | undefined => {
  if (order.status !== 'paid') return orderProgressMessages.notPaid;
  if (order.refundedAt !== null) return returnMessages.refunded;
  if (order.trackerId === null) return returnMessages.notShippedWithLabel;
  const window = problemWindowOf(order);
  if (window.kind !== 'until' || window.since !== 'delivery') return returnMessages.notDelivered;
  if (now.getTime() > window.endsAt.getTime()) return returnMessages.windowOver;
  return undefined;
};

/** The buyer's own uploaded pictures, as URLs; anything else is a 400 naming `photoIds`. */
const photoUrlsOf = async (deps: ReturnDeps, buyerId: string, photoIds: readonly string[]) => {
  if ((await notUploadedBy(deps.db, buyerId, photoIds)).length > 0)
    throw badRequest(returnMessages.photoNotYours, { photoIds: returnMessages.photoNotYours });
  const urls: string[] = [];
  for (const id of photoIds) {
    const url = await imageUrlForId(deps.storage, id);
    if (!url) throw badRequest(returnMessages.photoNotFound, { photoIds: returnMessages.photoNotFound });
    urls.push(url);
  }
  return urls;
};

export const requestReturn = async (
  deps: ReturnDeps,
  buyer: AuthUser,
  id: string,
  body: { reason: string; photoIds: string[] },
): Promise<OrderReturn> => {
  const orderId = orderIdOf(id);
  const now = nowOf(deps);
  // Checked first without a lock, so a refused request answers before the photos are looked at.
  const seen = orderOf(await repository.findOrderForReturn(deps.db, orderId), buyer, 'buyer');
  const refusal = returnRefusalOf(seen, now);
  if (refusal) throw conflict(refusal);
  const photoUrls = await photoUrlsOf(deps, buyer.id, body.photoIds);
  const sellerAnswerBy = addBusinessDays(now, returnLimits.sellerAnswerBusinessDays);
  try {
    await shortTransaction(deps.db, async (tx) => {
      const order = orderOf(await repository.lockOrderForReturn(tx, orderId), buyer, 'buyer');
      const again = returnRefusalOf(order, now);
      if (again) throw conflict(again);
      const existing = await repository.findReturnOfOrder(tx, orderId);
      if (existing)
        throw conflict(isReturnOpen(statusOf(existing)) ? returnMessages.returnOpen : returnMessages.alreadyReturned);
      if (await repository.hasUndecidedReport(tx, orderId)) throw conflict(returnMessages.problemOpen);
      const returnId = await repository.insertReturn(tx, {
        orderId,
        reason: body.reason,
        photoUrls,
        sellerAnswerBy,
        at: now,
      });
      await audit(tx, buyer.id, returnAuditActions.requested, returnId, { orderId, photos: photoUrls.length });
      await tell(tx, deps, orderId, [
        {
          userId: order.sellerId,
          kind: returnNotificationKinds.requested,
          notice: returnNotices.requested(order.productName, sellerAnswerBy.toUTCString()),
        },
      ]);
    });
  } catch (error) {
    if (isUniqueViolationOf(error, 'order_returns_order_key')) throw conflict(returnMessages.returnOpen);
    throw error;
  }
  deps.emailsQueued?.();
  return answerOfOrder(deps.db, orderId);
};

// ---------------------------------------------------------------------------------------------
// The return label

/** The carrier's refusal is the caller's to read; its silence a 503 to try again. */
const carrierCall = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ShippingUnavailableError) throw new AppError('unavailable', returnMessages.carrierUnavailable);
    if (error instanceof ShippingRefusedError) throw conflict(error.message);
    throw error;
  }
};

/**
 * Buys the return's prepaid label (no transaction open): from the buyer's address as booked to the
 * seller's ship-from address, the cheapest rate. The shipment and rate are kept on the return
 * before the buy and the buy's key is the return's, so a retry (or another replica) buys the one label.
 */
const buyReturnLabel = async (
  deps: ReturnDeps,
  order: repository.ReturnOrder,
  ret: repository.ReturnRow,
): Promise<PurchasedLabel> => {
  let shipmentId = ret.shipmentId;
  let rateId = ret.rateId;
  if (shipmentId === null || rateId === null) {
    const from = await shipFromAddressOf(deps.db, order.sellerId);
    if (!from) throw conflict(returnMessages.noShipFrom);
    // The parcel goes back: from the buyer (the order's address) to the seller.
    const shipment = await carrierCall(() =>
      deps.shipping.createShipment({ from: order.shipTo!, to: from, parcel: phoneParcel }),
    );
    const cheapest = [...shipment.rates].sort((a, b) => a.amountCents - b.amountCents)[0];
    if (!cheapest) throw new AppError('unavailable', returnMessages.carrierUnavailable);
    if (await repository.saveReturnShipment(deps.db, ret.id, shipment.id, cheapest.id)) {
      shipmentId = shipment.id;
      rateId = cheapest.id;
    } else {
      // Another request kept its shipment first: the label is that one's.
      const kept = (await repository.findReturn(deps.db, ret.id))!.row;
      shipmentId = kept.shipmentId!;
      rateId = kept.rateId!;
    }
  }
  const [shipment, rate] = [shipmentId, rateId];
  return carrierCall(() =>
    deps.shipping.buyLabel({ shipmentId: shipment, rateId: rate, idempotencyKey: returnLabelKeyOf(ret.id) }),
  );
};

const labelValues = (label: PurchasedLabel) => ({
  shipmentId: label.shipmentId,
  carrier: label.carrier,
  trackingCode: label.trackingCode,
  trackerId: label.trackerId,
  labelCostCents: label.amountCents,
});

/** A label bought but not recorded (the return moved on meanwhile) is given back to the carrier. */
const giveBackLabel = async (deps: ReturnDeps, label: PurchasedLabel) => {
  try {
    await deps.shipping.refundLabel(label.shipmentId);
  } catch (error) {
    deps.log.warn({ err: error, shipmentId: label.shipmentId }, 'an unused return label could not be refunded');
  }
};

// ---------------------------------------------------------------------------------------------
// The seller answers

const sellersReturn = async (deps: ReturnDeps, seller: AuthUser, id: string) => {
  const orderId = orderIdOf(id);
  const order = orderOf(await repository.findOrderForReturn(deps.db, orderId), seller, 'seller');
  const found = await repository.findReturnOfOrder(deps.db, orderId);
  if (!found) throw returnNotFound();
  return { orderId, order, ret: found.row };
};

/** The seller may answer: the request waits for them and their time is not over. */
const assertAnswerable = (ret: repository.ReturnRow, now: Date) => {
  if (ret.status === 'escalated' || (ret.status === 'requested' && now.getTime() > ret.sellerAnswerBy.getTime()))
    throw conflict(returnMessages.answerTooLate);
  if (ret.status !== 'requested') throw conflict(returnMessages.notAwaitingAnswer);
};

export const acceptReturn = async (deps: ReturnDeps, seller: AuthUser, id: string): Promise<OrderReturn> => {
  const { orderId, order, ret } = await sellersReturn(deps, seller, id);
  // A repeat of an accept that went through answers the return as it stands.
  if (ret.status === 'accepted' && ret.sellerAnsweredAt !== null && ret.declineReason === null)
    return answerOfOrder(deps.db, orderId);
  assertAnswerable(ret, nowOf(deps));
  const label = await buyReturnLabel(deps, order, ret);
  const at = nowOf(deps);
  let recorded = false;
  try {
    await shortTransaction(deps.db, async (tx) => {
      const lockedOrder = orderOf(await repository.lockOrderForReturn(tx, orderId), seller, 'seller');
      const locked = (await repository.lockReturn(tx, ret.id))!;
      assertAnswerable(locked, at);
      await repository.updateReturn(tx, ret.id, { ...labelValues(label), status: 'accepted', sellerAnsweredAt: at });
      await chargeReturnLabel(deps, tx, orderId, label);
      await audit(tx, seller.id, returnAuditActions.accepted, ret.id, {
        orderId,
        by: 'seller',
        carrier: label.carrier,
        trackingCode: label.trackingCode,
        labelCostCents: label.amountCents,
      });
      await tell(tx, deps, orderId, [
        {
          userId: lockedOrder.buyerId,
          kind: returnNotificationKinds.answered,
          notice: returnNotices.accepted(lockedOrder.productName),
        },
      ]);
      recorded = true;
    });
  } finally {
    if (!recorded) await giveBackLabel(deps, label);
  }
  deps.emailsQueued?.();
  return answerOfOrder(deps.db, orderId);
};

export const declineReturn = async (
  deps: ReturnDeps,
  seller: AuthUser,
  id: string,
  body: { reason: string },
): Promise<OrderReturn> => {
  const orderId = orderIdOf(id);
  const at = nowOf(deps);
  await shortTransaction(deps.db, async (tx) => {
    const order = orderOf(await repository.lockOrderForReturn(tx, orderId), seller, 'seller');
    const found = await repository.findReturnOfOrder(tx, orderId);
    if (!found) throw returnNotFound();
    const ret = (await repository.lockReturn(tx, found.row.id))!;
    assertAnswerable(ret, at);
    await repository.updateReturn(tx, ret.id, { status: 'declined', sellerAnsweredAt: at, declineReason: body.reason });
    await audit(tx, seller.id, returnAuditActions.declined, ret.id, { orderId });
    await tell(tx, deps, orderId, [
      {
        userId: order.buyerId,
        kind: returnNotificationKinds.answered,
        notice: returnNotices.declined(order.productName),
      },
    ]);
  });
  deps.emailsQueued?.();
  return answerOfOrder(deps.db, orderId);
};

/** The return label's PDF, for the order's buyer once a label was bought. */
export const returnLabelPdf = async (
  deps: ReturnDeps,
  buyer: AuthUser,
  id: string,
): Promise<{ returnId: string; pdf: Uint8Array }> => {
  const orderId = orderIdOf(id);
  orderOf(await repository.findOrderForReturn(deps.db, orderId), buyer, 'buyer');
  const found = await repository.findReturnOfOrder(deps.db, orderId);
  if (!found) throw returnNotFound();
  const { shipmentId, trackerId } = found.row;
  if (trackerId === null || shipmentId === null) throw notFound(returnMessages.noLabel);
  return { returnId: found.row.id, pdf: await carrierCall(() => deps.shipping.labelPdf(shipmentId)) };
};

// ---------------------------------------------------------------------------------------------
// The return parcel

/** Where a tracker status takes a return parcel: on its way, arrived, or lost (an admin decides). */
const returnMoveOf: Record<TrackingStatus, 'in_transit' | 'arrived' | 'escalated' | null> = {
  unknown: null,
  pre_transit: null,
  cancelled: null,
  in_transit: 'in_transit',
  out_for_delivery: 'in_transit',
  available_for_pickup: 'in_transit',
  delivered: 'arrived',
  return_to_sender: 'escalated',
  failure: 'escalated',
};
const returnStepOf: Partial<Record<ReturnStatus, number>> = { accepted: 0, in_transit: 1, arrived: 2, escalated: 2 };

export type ReturnTrackerOutcome = {
  outcome: 'return_applied';
  returnId: string;
  orderId: string;
  moved: { from: ReturnStatus; to: ReturnStatus } | null;
};

/**
 * One tracker update of a return parcel, in the caller's transaction (the order's parcel update,
 * which found no order of the tracker); undefined when no return has it either. Forward only, on
 * the newest update: accepted → in_transit → arrived (the seller is told to check the IMEI); a
 * parcel lost or sent back goes to an admin (escalated).
 */
export const applyReturnTrackerUpdate = async (
  tx: Executor,
  deps: Pick<ReturnDeps, 'publicUrl'>,
  update: TrackerUpdate,
  now: Date,
): Promise<(ReturnTrackerOutcome & { told: boolean }) | undefined> => {
  const found = await repository.lockReturnByTracker(tx, update.trackerId);
  if (!found) return undefined;
  const { order, ret } = found;
  const applied = { outcome: 'return_applied' as const, returnId: ret.id, orderId: order.id, moved: null, told: false };
  if (ret.trackingUpdatedAt !== null && update.updatedAt.getTime() < ret.trackingUpdatedAt.getTime()) {
    await repository.noteReturnTrackerChecked(tx, ret.id, now);
    return applied;
  }
  await repository.noteReturnTrackerStatus(tx, ret.id, {
    status: update.status,
    updatedAt: update.updatedAt,
    checkedAt: now,
  });
  const to = returnMoveOf[update.status];
  const from = ret.status;
  const fromStep = returnStepOf[from];
  if (to === null || (from !== 'accepted' && from !== 'in_transit') || fromStep === undefined) return applied;
  if (returnStepOf[to]! <= fromStep) return applied;
  const arrivedAt =
    to === 'arrived'
      ? new Date(
          Math.max(
            ...update.events.filter((event) => event.status === 'delivered').map((e) => e.occurredAt.getTime()),
            0,
          ) || update.updatedAt.getTime(),
        )
      : null;
  await repository.updateReturn(tx, ret.id, {
    status: to,
    ...(arrivedAt ? { arrivedAt } : {}),
    ...(to === 'escalated' ? { escalatedAt: now } : {}),
  });
  await audit(
    tx,
    null,
    to === 'arrived'
      ? returnAuditActions.arrived
      : to === 'in_transit'
        ? returnAuditActions.inTransit
        : returnAuditActions.escalated,
    ret.id,
    { orderId: order.id, by: 'carrier', trackingStatus: update.status },
  );
  let told = false;
  if (to === 'arrived') {
    await tell(tx, deps, order.id, [
      {
        userId: order.sellerId,
        kind: returnNotificationKinds.arrived,
        notice: returnNotices.arrived(order.productName),
      },
    ]);
    told = true;
  } else if (to === 'escalated') {
    await tell(
      tx,
      deps,
      order.id,
      [order.buyerId, order.sellerId].map((userId) => ({
        userId,
        kind: returnNotificationKinds.answered,
        notice: returnNotices.escalated(order.productName),
      })),
    );
    told = true;
  }
  return { ...applied, moved: { from, to }, told };
};

/** The poll of return parcels not heard of for `staleAfterMs` (the follow-parcels job's, after the orders'). */
export const pollStaleReturnParcels = async (
  deps: Pick<ReturnDeps, 'db' | 'publicUrl' | 'emailsQueued'> & {
    now: () => Date;
    shipping: Pick<ShippingPort, 'retrieveTracker'>;
    log: FastifyBaseLogger;
  },
  opts: { staleAfterMs: number; limit?: number; signal?: AbortSignal },
): Promise<{ polled: number; moved: number; failed: number }> => {
  const counts = { polled: 0, moved: 0, failed: 0 };
  const staleBefore = new Date(deps.now().getTime() - opts.staleAfterMs);
  const parcels = await repository.returnParcelsToPoll(deps.db, { staleBefore, limit: opts.limit ?? 50 });
  for (const parcel of parcels) {
    if (opts.signal?.aborted) break;
    let update: TrackerUpdate;
    try {
      update = await deps.shipping.retrieveTracker(parcel.trackerId);
    } catch (error) {
      counts.failed += 1;
      deps.log.warn({ err: error, returnId: parcel.id }, 'a return parcel’s tracker could not be read');
      await repository.noteReturnTrackerChecked(deps.db, parcel.id, deps.now());
      continue;
    }
    counts.polled += 1;
    const outcome = await shortTransaction(deps.db, (tx) =>
      applyReturnTrackerUpdate(tx, deps, { ...update, trackerId: parcel.trackerId }, deps.now()),
    );
    if (outcome?.moved) counts.moved += 1;
    if (outcome?.told) deps.emailsQueued?.();
  }
  return counts;
};

// ---------------------------------------------------------------------------------------------
// The IMEI check and the refund

/** Starts the return's refund (in the caller's transaction): the refund engine carries it out after. */
const startReturnRefund = async (
  tx: Executor,
  now: Date,
  values: {
    order: repository.ReturnOrder;
    ret: repository.ReturnRow;
    decidedBy: string | null;
    reason: string;
    refundCents: number | null;
  },
) => {
  await repository.updateReturn(tx, values.ret.id, { status: 'refunding' });
  return insertReturnRefund(tx, {
    orderId: values.order.id,
    returnId: values.ret.id,
    reporterId: values.order.buyerId,
    reason: values.reason,
    decidedBy: values.decidedBy,
    refundCents: values.refundCents,
    leaseUntil: new Date(now.getTime() + refundLeaseMs),
  });
};

export const confirmReturnImei = async (
  deps: ReturnDeps,
  seller: AuthUser,
  id: string,
  body: { imei: string },
): Promise<OrderReturn> => {
  const orderId = orderIdOf(id);
  const now = nowOf(deps);
  const refundId = await shortTransaction(deps.db, async (tx) => {
    const order = orderOf(await repository.lockOrderForReturn(tx, orderId), seller, 'seller');
    const found = await repository.findReturnOfOrder(tx, orderId);
    if (!found) throw returnNotFound();
    const ret = (await repository.lockReturn(tx, found.row.id))!;
    if (ret.imeiCheckedAt !== null) throw conflict(returnMessages.imeiAlreadyConfirmed);
    if (ret.status !== 'arrived') throw conflict(returnMessages.notArrived);
    // The sold phone's IMEI, as listed; a listing without one can never match (an admin decides).
    const matched = order.imei !== null && order.imei === body.imei;
    await repository.updateReturn(tx, ret.id, {
      imeiMatched: matched,
      imeiCheckedAt: now,
      ...(matched ? {} : { status: 'imei_mismatch' as const }),
    });
    await audit(tx, seller.id, matched ? returnAuditActions.imeiMatched : returnAuditActions.imeiMismatched, ret.id, {
      orderId,
    });
    if (!matched) {
      await tell(
        tx,
        deps,
        orderId,
        [order.buyerId, order.sellerId].map((userId) => ({
          userId,
          kind: returnNotificationKinds.answered,
          notice: returnNotices.imeiMismatch(order.productName),
        })),
      );
      return null;
    }
    // The phone sold came back: the buyer gets back all they paid.
    return startReturnRefund(tx, now, {
      order,
      ret,
      decidedBy: null,
      reason: `Return: ${ret.reason}`,
      refundCents: null,
    });
  });
  if (refundId) await refundDecided(deps, refundId);
  deps.emailsQueued?.();
  return answerOfOrder(deps.db, orderId);
};

// ---------------------------------------------------------------------------------------------
// Back on sale

export const relistReturned = async (deps: ReturnDeps, seller: AuthUser, id: string): Promise<OrderReturn> => {
  const orderId = orderIdOf(id);
  const now = nowOf(deps);
  await shortTransaction(deps.db, async (tx) => {
    const order = orderOf(await repository.lockOrderForReturn(tx, orderId), seller, 'seller');
    const found = await repository.findReturnOfOrder(tx, orderId);
    if (!found) throw returnNotFound();
    const ret = (await repository.lockReturn(tx, found.row.id))!;
    if (ret.relistedAt !== null) throw conflict(returnMessages.alreadyRelisted);
    // The phone sold is back with the seller (its IMEI confirmed) and the buyer was refunded in full.
    if (ret.arrivedAt === null || ret.imeiMatched !== true) throw conflict(returnMessages.notReturned);
    if (ret.status !== 'refunded' || order.refundedAt === null) throw conflict(returnMessages.notRefunded);
    if (order.productStatus !== 'sold') throw conflict(returnMessages.productRemoved);
    if (!(await markBackOnSale(tx, order.productId))) throw conflict(returnMessages.productRemoved);
    await repository.updateReturn(tx, ret.id, { relistedAt: now });
    await audit(tx, seller.id, returnAuditActions.relisted, ret.id, { orderId, productId: order.productId });
  });
  return answerOfOrder(deps.db, orderId);
};

// ---------------------------------------------------------------------------------------------
// The job: requests not answered in time

/** Escalates requests the seller did not answer by their deadline to an admin; both parties are told. */
export const escalateUnansweredReturns = async (
  deps: { db: Database; now: () => Date; publicUrl: string },
  opts: { signal?: AbortSignal; batchSize?: number } = {},
): Promise<number> => {
  const batchSize = opts.batchSize ?? 100;
  let escalated = 0;
  while (!opts.signal?.aborted) {
    const count = await shortTransaction(deps.db, async (tx) => {
      const done = await repository.escalateDueReturns(tx, { now: deps.now(), limit: batchSize });
      for (const { id, orderId } of done) {
        await audit(tx, null, returnAuditActions.escalated, id, { orderId, by: 'marketplace' });
        const parties = await repository.partiesOf(tx, orderId);
        if (!parties) continue;
        await tell(
          tx,
          deps,
          orderId,
          [parties.buyerId, parties.sellerId].map((userId) => ({
            userId,
            kind: returnNotificationKinds.answered,
            notice: returnNotices.escalated(parties.productName),
          })),
        );
      }
      return done.length;
    });
    escalated += count;
    if (count < batchSize) break;
  }
  return escalated;
};

// ---------------------------------------------------------------------------------------------
// The admins

const returnIdOf = (id: string) => idOrNotFound(id, returnMessages.returnNotFound);

const toAdminReturn = (row: repository.AdminReturnRow): AdminReturn => ({
  return: toReturn(row),
  order: row.order,
  product: row.product,
  buyer: row.buyer,
  seller: row.seller,
});

export const listReturnsToDecide = async (db: Database, query: PageQuery): Promise<AdminReturnPage> => {
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listReturnsToDecide(db, { limit: query.limit + 1, after });
  return pageOf(rows, query.limit, toAdminReturn, (row) => ({ us: row.us, id: row.row.id }));
};

const adminReturnOf = async (db: Executor, returnId: string) => {
  const row = await repository.findAdminReturn(db, returnId);
  if (!row) throw returnNotFound();
  return toAdminReturn(row);
};

const isForAdmin = (status: ReturnStatus) => (returnStatusesForAdmin as readonly ReturnStatus[]).includes(status);

/**
 * An admin decides a return waiting for one: accept (the label is bought as if the seller accepted;
 * not once the phone came back), refund all that is left of the payment or `amountCents` of it
 * (never more: 400), or reject (the order completes as usual). The reason is both parties' to read.
 */
export const decideReturn = async (
  deps: ReturnDeps,
  admin: AuthUser,
  id: string,
  body: DecideReturnInput,
): Promise<AdminReturn> => {
  const returnId = returnIdOf(id);
  const seen = await repository.findReturn(deps.db, returnId);
  if (!seen) throw returnNotFound();
  const orderId = seen.row.orderId;
  const now = nowOf(deps);
  const assertDecidable = (ret: repository.ReturnRow) => {
    if (!isForAdmin(ret.status)) throw conflict(returnMessages.notForAdmin);
    if (body.decision === 'accept' && ret.status === 'imei_mismatch') throw conflict(returnMessages.notForAdmin);
  };
  assertDecidable(seen.row);

  let label: PurchasedLabel | undefined;
  if (body.decision === 'accept') {
    const order = (await repository.findOrderForReturn(deps.db, orderId))!;
    label = await buyReturnLabel(deps, order, seen.row);
  }
  let recorded = false;
  let refundId: string | null = null;
  try {
    refundId = await shortTransaction(deps.db, async (tx) => {
      const order = (await repository.lockOrderForReturn(tx, orderId))!;
      const ret = (await repository.lockReturn(tx, returnId))!;
      assertDecidable(ret);
      const decided = { decision: body.decision, decisionReason: body.reason, decidedBy: admin.id, decidedAt: now };
      let refund: string | null = null;
      if (body.decision === 'refund') {
        const refundCents = refundCentsOf(order, body.amountCents);
        if (order.refundedAt !== null) throw conflict(returnMessages.refunded);
        await repository.updateReturn(tx, returnId, decided);
        refund = await startReturnRefund(tx, now, {
          order,
          ret,
          decidedBy: admin.id,
          reason: `Return: ${body.reason}`,
          refundCents,
        });
      } else if (body.decision === 'accept') {
        await repository.updateReturn(tx, returnId, { ...decided, ...labelValues(label!), status: 'accepted' });
        await chargeReturnLabel(deps, tx, orderId, label!);
      } else {
        await repository.updateReturn(tx, returnId, { ...decided, status: 'rejected' });
      }
      await audit(tx, admin.id, returnAuditActions.decided, returnId, {
        orderId,
        decision: body.decision,
        amountCents: body.amountCents ?? null,
        ...(label ? { carrier: label.carrier, trackingCode: label.trackingCode } : {}),
      });
      await tell(
        tx,
        deps,
        orderId,
        [order.buyerId, order.sellerId].map((userId) => ({
          userId,
          kind: returnNotificationKinds.outcome,
          notice: returnNotices.decided(order.productName, body.decision, body.reason),
        })),
      );
      recorded = true;
      return refund;
    });
  } finally {
    if (label && !recorded) await giveBackLabel(deps, label);
  }
  if (refundId) await refundDecided(deps, refundId);
  deps.emailsQueued?.();
  return adminReturnOf(deps.db, returnId);
};
