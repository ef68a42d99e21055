/**
 * A shipped order's deadline (docs/decisions/0075). An order booked with shipping is paid with a
 * `ship_by`: SHIP_BY_BUSINESS_DAYS business days later the carrier must have scanned its parcel
 * (in transit or further: a bought label alone is not a drop-off). The progress-orders job:
 *
 * - reminds the seller once, at the later of 24 hours before the deadline and halfway to it;
 * - after the deadline, asks the carrier about a bought label's tracker first (an event may be
 *   late; no transaction open), then, in one short transaction with the order's row locked and the
 *   state checked again, marks the drop-off missed, opens a problem report already decided
 *   ('refunding', no admin) for the full refund, audits it and tells both parties. The refund engine
 *   (order-problems.service.ts) then refunds the buyer as it refunds an admin's decision: the
 *   seller's share taken back, the card refunded, the ledger, retries and failures; a refund this
 *   run does not finish is the progress-orders job's after its lease;
 * - asks the carrier to refund an unused label (no transaction open) and notes its answer.
 *
 * Replicas take different orders (SKIP LOCKED) and every change is conditional: each order is
 * reminded once, cancelled once, refunded once.
 */
import {
  orderProgressAuditActions,
  shipByAuditActions,
  shipByEmailKinds,
  shipByEmails,
  shipByTexts,
} from '@recell/contract';
import type { AdminMissedDropOff, AdminMissedDropOffPage, PageQuery } from '@recell/contract';
import type { ShippingPort } from '../../adapters/shipping/index.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import type { Database } from '../../db/client.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { notifyAll } from '../notifications/index.ts';
import { applyTrackerUpdate } from './order-parcels.service.ts';
import { carryOutRefund, refundLeaseMs, RefundNotDoneError, type ProblemDeps } from './order-problems.service.ts';
import { orderLink } from './order-progress.view.ts';
import * as repository from './order-ship-by.repository.ts';

export interface ShipByDeps extends ProblemDeps {
  now: () => Date;
  shipping: Pick<ShippingPort, 'retrieveTracker'>;
}

/** Reminds the sellers whose deadline is near and whose parcel is not yet with the carrier. */
export const remindSellersToShip = async (
  deps: Pick<ShipByDeps, 'db' | 'publicUrl' | 'now'>,
  opts: { batchSize?: number } = {},
): Promise<number> => {
  const now = deps.now();
  return shortTransaction(deps.db, async (tx) => {
    const due = await repository.markDueReminders(tx, { now, limit: opts.batchSize ?? 100 });
    for (const order of due) {
      await insertAuditEntry(tx, {
        actorId: null,
        action: shipByAuditActions.reminded,
        subjectType: 'order',
        subjectId: order.orderId,
        detail: { shipBy: order.shipBy.toISOString(), isLabelBought: order.isLabelBought },
      });
    }
    await notifyAll(
      tx,
      deps,
      due.map((order) => {
        const email = shipByEmails.reminder(order.productName, order.shipBy.toISOString());
        return {
          userId: order.sellerId,
          kind: shipByEmailKinds.reminder,
          title: email.subject,
          body: email.text,
          link: orderLink(order.orderId),
        };
      }),
    );
    return due.length;
  });
};

/** The carrier's word on a bought label's parcel, applied before the order is judged; false when it could not be asked. */
const refreshTracker = async (deps: ShipByDeps, orderId: string, trackerId: string): Promise<boolean> => {
  try {
    const update = await deps.shipping.retrieveTracker(trackerId);
    await applyTrackerUpdate(deps, { ...update, trackerId });
    return true;
  } catch (error) {
    deps.log.warn(
      { err: error, orderId },
      'a missed drop-off’s tracker could not be read; it is judged on a later run',
    );
    return false;
  }
};

/** One order past its deadline: cancelled and its refund decided, in one transaction; the refund's problem id. */
const cancelMissedDropOff = (deps: ShipByDeps, orderId: string, now: Date) =>
  shortTransaction(deps.db, async (tx) => {
    const order = await repository.lockMissedDropOff(tx, orderId, now);
    if (!order) return null;
    const shipBy = order.shipBy!.toISOString();
    await repository.markMissedDropOff(tx, order.id, now);
    const problemId = await repository.insertRefundingProblem(tx, {
      orderId: order.id,
      reporterId: order.buyerId,
      reason: shipByTexts.problemReason(shipBy),
      leaseUntil: new Date(now.getTime() + refundLeaseMs),
    });
    await insertAuditEntry(tx, {
      actorId: null,
      action: shipByAuditActions.missedDropOff,
      subjectType: 'order',
      subjectId: order.id,
      detail: { shipBy, isLabelBought: order.trackerId !== null, problemId },
    });
    await insertAuditEntry(tx, {
      actorId: null,
      action: orderProgressAuditActions.refundStarted,
      subjectType: 'order_problem',
      subjectId: problemId,
      detail: { orderId: order.id, amountCents: null, by: 'missed_drop_off' },
    });
    const buyerEmail = shipByEmails.missedBuyer(
      order.productName,
      shipBy,
      order.priceCents + (order.buyerFeeCents ?? 0),
    );
    const sellerEmail = shipByEmails.missedSeller(order.productName, shipBy);
    await notifyAll(tx, deps, [
      {
        userId: order.buyerId,
        kind: shipByEmailKinds.missedDropOff,
        title: buyerEmail.subject,
        body: buyerEmail.text,
        link: orderLink(order.id),
      },
      {
        userId: order.sellerId,
        kind: shipByEmailKinds.missedDropOff,
        title: sellerEmail.subject,
        body: sellerEmail.text,
        link: orderLink(order.id),
      },
    ]);
    return problemId;
  });

/**
 * The progress-orders job's part for the deadline: reminders, then the missed drop-offs
 * (cancelled and refunded; the refund engine refunds an unused label with the order, decision 0076).
 */
export const enforceShipBy = async (
  deps: ShipByDeps,
  opts: { signal?: AbortSignal; batchSize?: number } = {},
): Promise<{ reminded: number; missedDropOffs: number }> => {
  const limit = opts.batchSize ?? 50;
  const reminded = await remindSellersToShip(deps, { batchSize: limit });
  let missedDropOffs = 0;
  for (const candidate of await repository.findMissedDropOffs(deps.db, { now: deps.now(), limit })) {
    if (opts.signal?.aborted) break;
    if (candidate.trackerId && !(await refreshTracker(deps, candidate.id, candidate.trackerId))) continue;
    const problemId = await cancelMissedDropOff(deps, candidate.id, deps.now());
    if (!problemId) continue;
    missedDropOffs += 1;
    try {
      await carryOutRefund(deps, problemId);
    } catch (error) {
      const isFinal = error instanceof RefundNotDoneError && error.isFinal;
      deps.log[isFinal ? 'error' : 'warn'](
        { err: error, problemId },
        isFinal
          ? 'a missed drop-off’s refund failed; it waits for an admin'
          : 'a missed drop-off’s refund is retried later',
      );
    }
  }
  deps.emailsQueued?.();
  return { reminded, missedDropOffs };
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toMissedDropOff = (row: repository.MissedDropOffRow): AdminMissedDropOff => ({
  orderId: row.orderId,
  product: row.product,
  seller: { ...row.seller, missedDropOffs: row.missedBySeller },
  buyer: row.buyer,
  priceCents: row.priceCents,
  paidAt: iso(row.paidAt),
  shipBy: iso(row.shipBy)!,
  missedAt: iso(row.missedAt)!,
  isLabelBought: row.trackerId !== null,
  isLabelRefunded: row.labelRefundedAt !== null,
  refund: row.refund as AdminMissedDropOff['refund'],
});

/** The admins' Missed drop-offs: newest first, each with its seller's count. */
export const listMissedDropOffs = async (db: Database, query: PageQuery): Promise<AdminMissedDropOffPage> => {
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listMissedDropOffs(db, { limit: query.limit + 1, after });
  return pageOf(rows, query.limit, toMissedDropOff, (row) => ({ us: row.us, id: row.orderId }));
};
