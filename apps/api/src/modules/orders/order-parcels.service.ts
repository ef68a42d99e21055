/**
 * A shipped order follows its parcel (docs/decisions/0072). The carrier's tracker updates arrive
 * as signed webhook events, or from the poll when an event went missing; each one is applied in
 * one short transaction with the order's row locked: the new scans are stored (a repeated scan is
 * a no-op), and the progress moves only forward, only on the newest update:
 *
 *   shipped → in_transit (in_transit, out_for_delivery, available_for_pickup)
 *           → delivered (its delivered scan starts the buyer's 48 hours and the 7 days)
 *           | returned_to_sender | lost (failure)
 *
 * Delivered, returned, lost and completed never move again; a refunded or cancelled order (or
 * one not paid) keeps the scans and does not move. An update older than the newest one applied
 * adds its scans and nothing else, so updates arriving out of order move the order once, in order.
 */
import {
  orderEmailKinds,
  orderProgressAuditActions,
  orderProgressEmails,
  type OrderProgress,
  type TrackingStatus,
} from '@recell/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ShippingPort, TrackerUpdate } from '../../adapters/shipping/shipping.ts';
import type { Database } from '../../db/client.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { notifyAll, type Notice } from '../notifications/index.ts';
import * as repository from './order-parcels.repository.ts';
import {
  applyReturnTrackerUpdate,
  pollStaleReturnParcels,
  type ReturnTrackerOutcome,
} from './order-returns.service.ts';
import { orderLink } from './order-progress.view.ts';

export interface ParcelDeps {
  db: Database;
  /** The site's address, for the notifications' emailed links. */
  publicUrl: string;
  /** Starts an email delivery after the change committed (the outbox's rows). */
  emailsQueued?: () => void;
  /** The clock (tests move it). */
  now?: () => Date;
}

type ParcelProgress = 'shipped' | 'in_transit' | 'delivered' | 'returned_to_sender' | 'lost';

export type TrackerUpdateOutcome =
  /** No order or return has this tracker (another marketplace's, or a label never bought here): nothing changed. */
  | { outcome: 'unknown_tracker' }
  /** A return parcel's tracker (decision 0074). */
  | ReturnTrackerOutcome
  | {
      outcome: 'applied';
      orderId: string;
      /** Scans the order did not have yet. */
      newEvents: number;
      /** Where the progress moved, or null when it stayed. */
      moved: { from: OrderProgress; to: OrderProgress } | null;
    };

/** Where a tracker status takes the parcel; null: nowhere (not with the carrier yet, or no news). */
const progressOfStatus: Record<TrackingStatus, Exclude<ParcelProgress, 'shipped'> | null> = {
  unknown: null,
  pre_transit: null,
  cancelled: null,
  in_transit: 'in_transit',
  out_for_delivery: 'in_transit',
  available_for_pickup: 'in_transit',
  delivered: 'delivered',
  return_to_sender: 'returned_to_sender',
  failure: 'lost',
};

/** How far a parcel got: it only ever moves to a higher step. */
const stepOf: Record<ParcelProgress, number> = {
  shipped: 0,
  in_transit: 1,
  delivered: 2,
  returned_to_sender: 2,
  lost: 2,
};

const isParcelOnItsWay = (progress: OrderProgress): progress is 'shipped' | 'in_transit' =>
  progress === 'shipped' || progress === 'in_transit';

const auditActionOf = {
  in_transit: orderProgressAuditActions.inTransit,
  delivered: orderProgressAuditActions.delivered,
  returned_to_sender: orderProgressAuditActions.returnedToSender,
  lost: orderProgressAuditActions.lost,
} as const;

/** The delivered scan's time (the newest one), else when the carrier reported the delivery. */
const deliveredAtOf = (update: TrackerUpdate): Date => {
  const scans = update.events.filter((event) => event.status === 'delivered');
  if (scans.length === 0) return update.updatedAt;
  return new Date(Math.max(...scans.map((event) => event.occurredAt.getTime())));
};

/** Who is told of a move, and how: nobody while in transit (the order's page shows it). */
const noticesOf = (order: repository.TrackedOrder, to: Exclude<ParcelProgress, 'shipped'>): Notice[] => {
  const link = orderLink(order.id);
  if (to === 'delivered') {
    const email = orderProgressEmails.parcelDelivered(order.productName);
    return [
      { userId: order.buyerId, kind: orderEmailKinds.parcelDelivered, title: email.subject, body: email.text, link },
    ];
  }
  if (to === 'returned_to_sender' || to === 'lost') {
    const emailTo = (party: 'buyer' | 'seller') =>
      to === 'lost'
        ? orderProgressEmails.parcelLost(order.productName, party)
        : orderProgressEmails.parcelReturned(order.productName, party);
    return (['buyer', 'seller'] as const).map((party) => {
      const email = emailTo(party);
      return {
        userId: party === 'buyer' ? order.buyerId : order.sellerId,
        kind: orderEmailKinds.parcelNotDelivered,
        title: email.subject,
        body: email.text,
        link,
      };
    });
  }
  return [];
};

/** Applies one tracker update (a webhook event or a poll's answer) to its order; see above. */
export const applyTrackerUpdate = async (deps: ParcelDeps, update: TrackerUpdate): Promise<TrackerUpdateOutcome> => {
  const now = deps.now?.() ?? new Date();
  const result = await shortTransaction(deps.db, async (tx): Promise<TrackerUpdateOutcome & { told?: boolean }> => {
    const order = await repository.lockOrderByTracker(tx, update.trackerId);
    // Not an order's parcel: perhaps a return's, coming back to its seller (decision 0074).
    if (!order) return (await applyReturnTrackerUpdate(tx, deps, update, now)) ?? { outcome: 'unknown_tracker' };
    const newEvents = await repository.insertTrackingEvents(tx, order.id, update.events);
    const applied = { outcome: 'applied' as const, orderId: order.id, newEvents, moved: null };
    // An older update than the one applied: its scans are kept, nothing else changes.
    if (order.trackingUpdatedAt !== null && update.updatedAt.getTime() < order.trackingUpdatedAt.getTime()) {
      await repository.noteTrackerChecked(tx, order.id, now);
      return applied;
    }
    await repository.noteTrackerStatus(tx, order.id, {
      status: update.status,
      updatedAt: update.updatedAt,
      checkedAt: now,
    });

    const to = progressOfStatus[update.status];
    const from = order.progress;
    const canMove =
      to !== null &&
      order.status === 'paid' &&
      order.refundedAt === null &&
      isParcelOnItsWay(from) &&
      stepOf[to] > stepOf[from];
    if (!canMove) return applied;

    const deliveredAt = to === 'delivered' ? deliveredAtOf(update) : null;
    if (!(await repository.moveParcel(tx, order.id, { from, to, deliveredAt }))) return applied;
    await insertAuditEntry(tx, {
      actorId: null,
      action: auditActionOf[to],
      subjectType: 'order',
      subjectId: order.id,
      detail: { by: 'carrier', from, trackingStatus: update.status, ...(deliveredAt ? { deliveredAt } : {}) },
    });
    const notices = noticesOf(order, to);
    await notifyAll(tx, deps, notices);
    return { ...applied, moved: { from, to }, told: notices.length > 0 };
  });
  const { told, ...outcome } = result;
  if (told) deps.emailsQueued?.();
  return outcome;
};

/**
 * The safety net for webhook events that never came (and the only way a parcel of the built-in
 * test carrier moves, as it sends none): asks the carrier for the trackers of parcels on their way
 * not heard of for `staleAfterMs`, stalest first, and applies each answer. No transaction is open
 * during a call; a call that fails is logged and the parcel waits its turn again.
 */
export const pollStaleParcels = async (
  deps: ParcelDeps & { now: () => Date; shipping: Pick<ShippingPort, 'retrieveTracker'>; log: FastifyBaseLogger },
  opts: { staleAfterMs: number; limit?: number; signal?: AbortSignal },
): Promise<{ polled: number; moved: number; failed: number }> => {
  const counts = { polled: 0, moved: 0, failed: 0 };
  const staleBefore = new Date(deps.now().getTime() - opts.staleAfterMs);
  const parcels = await repository.parcelsToPoll(deps.db, { staleBefore, limit: opts.limit ?? 50 });
  for (const parcel of parcels) {
    if (opts.signal?.aborted) break;
    let update: TrackerUpdate;
    try {
      update = await deps.shipping.retrieveTracker(parcel.trackerId);
    } catch (error) {
      counts.failed += 1;
      deps.log.warn(
        { err: error, orderId: parcel.id },
        'a parcel’s tracker could not be read; it is asked again later',
      );
      await repository.noteTrackerChecked(deps.db, parcel.id, deps.now());
      continue;
    }
    counts.polled += 1;
    const outcome = await applyTrackerUpdate(deps, { ...update, trackerId: parcel.trackerId });
    if (outcome.outcome === 'applied' && outcome.moved) counts.moved += 1;
  }
  // Return parcels (decision 0074) are asked about the same way.
  if (!opts.signal?.aborted) {
    const returned = await pollStaleReturnParcels(deps, opts);
    counts.polled += returned.polled;
    counts.moved += returned.moved;
    counts.failed += returned.failed;
  }
  return counts;
};
