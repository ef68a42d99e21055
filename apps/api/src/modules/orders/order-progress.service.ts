/**
 * A paid order's progress (docs/decisions/0042). The order's seller marks the phone handed over
 * or shipped (only from awaiting_handover); the order's buyer confirms receipt (handed over or
 * shipped → completed) and, within the window after the hand-over, reports a problem (one
 * undecided at a time), which pauses the completion on its own until an admin decides it.
 *
 * Each change is one short transaction: lock the order's row, check who asks and the state, write
 * the change, its audit entry and its email (the outbox), commit, then wake the email delivery.
 * Another seller's or buyer's order, a cancelled one or none is a 404; a wrong state a 409.
 */
import {
  returnMessages,
  orderEmailKinds,
  orderProgressAuditActions,
  orderProgressEmails,
  orderProgressLimits,
  orderProgressMessages,
  orderShippingMessages,
  type Order,
  type Sale,
} from '@recell/contract';
import type { Database, Executor } from '../../db/client.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import { conflict, notFound } from '../../errors.ts';
import { orderIdOf } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { isUniqueViolationOf } from '../../db/unique-violation.ts';
import { getOrder, getSale } from './orders.service.ts';
import * as repository from './order-progress.repository.ts';
import { isWithinProblemWindow, orderLink, problemWindowOf } from './order-progress.view.ts';

export interface ProgressDeps {
  db: Database;
  /** The site's address, for the notifications' emailed links. */
  publicUrl: string;
  /** Starts an email delivery after the answer (the outbox's rows were committed). */
  emailsQueued: () => void;
  /** The clock (tests move it). */
  now?: () => Date;
}

const orderNotFound = () => notFound(orderProgressMessages.orderNotFound);

/** The order's state allows no progress at all: not paid yet, or refunded. */
const assertPaidAndNotRefunded = (order: repository.LockedOrder) => {
  if (order.status !== 'paid') throw conflict(orderProgressMessages.notPaid);
  if (order.refundedAt !== null) throw conflict(orderProgressMessages.refunded);
};

/** Locks the order when `who` is its `party`; anyone else's, a cancelled one or none is a 404. */
const lockOrderOf = async (tx: Executor, orderId: string, party: 'buyerId' | 'sellerId', userId: string) => {
  const order = await repository.lockOrderForProgress(tx, orderId);
  if (!order || order[party] !== userId || order.status === 'cancelled') throw orderNotFound();
  return order;
};

export type HandOver = { progress: 'handed_over' } | { progress: 'shipped'; trackingNote: string | null };

/** The seller marks the phone handed over (at a meeting) or shipped; the buyer gets an email. */
export const markHandedOver = async (
  deps: ProgressDeps,
  seller: AuthUser,
  id: string,
  how: HandOver,
): Promise<Sale> => {
  const orderId = orderIdOf(id);
  const at = deps.now?.() ?? new Date();
  await shortTransaction(deps.db, async (tx) => {
    const order = await lockOrderOf(tx, orderId, 'sellerId', seller.id);
    assertPaidAndNotRefunded(order);
    if (order.progress !== 'awaiting_handover') throw conflict(orderProgressMessages.alreadyHandedOver);
    // Booked with shipping, the phone goes with a bought label: the carrier, not a note, says where it is.
    if (order.deliveryMethod === 'shipping') throw conflict(orderShippingMessages.shipsWithLabel);
    const trackingNote = how.progress === 'shipped' ? how.trackingNote || null : null;
    await repository.markHandedOver(tx, orderId, { progress: how.progress, trackingNote, at });
    await insertAuditEntry(tx, {
      actorId: seller.id,
      action: how.progress === 'shipped' ? orderProgressAuditActions.shipped : orderProgressAuditActions.handedOver,
      subjectType: 'order',
      subjectId: orderId,
      detail: { by: 'seller', hasTrackingNote: trackingNote !== null },
    });
    const email =
      how.progress === 'shipped'
        ? orderProgressEmails.shipped(order.productName, trackingNote)
        : orderProgressEmails.handedOver(order.productName);
    await notify(tx, deps, {
      userId: order.buyerId,
      kind: orderEmailKinds.handedOver,
      title: email.subject,
      body: email.text,
      link: orderLink(orderId),
    });
  });
  deps.emailsQueued();
  return getSale(deps, seller.id, orderId);
};

/** The buyer confirms receipt: the order is completed; the seller gets an email. */
export const confirmReceipt = async (deps: ProgressDeps, buyer: AuthUser, id: string): Promise<Order> => {
  const orderId = orderIdOf(id);
  const at = deps.now?.() ?? new Date();
  await shortTransaction(deps.db, async (tx) => {
    const order = await lockOrderOf(tx, orderId, 'buyerId', buyer.id);
    assertPaidAndNotRefunded(order);
    if (order.progress === 'awaiting_handover') throw conflict(orderProgressMessages.notHandedOver);
    if (order.progress === 'completed') throw conflict(orderProgressMessages.alreadyCompleted);
    // On its way back to the seller, the phone cannot be in the buyer's hands.
    if (order.progress === 'returned_to_sender') throw conflict(orderProgressMessages.returnedToSeller);
    if (await repository.hasOpenReturn(tx, orderId)) throw conflict(returnMessages.returnOpen);
    if (await repository.hasOpenProblem(tx, orderId)) throw conflict(orderProgressMessages.problemOpen);
    await repository.markCompleted(tx, orderId, at);
    await insertAuditEntry(tx, {
      actorId: buyer.id,
      action: orderProgressAuditActions.receiptConfirmed,
      subjectType: 'order',
      subjectId: orderId,
      detail: { by: 'buyer' },
    });
    const email = orderProgressEmails.completed(order.productName, false);
    await notify(tx, deps, {
      userId: order.sellerId,
      kind: orderEmailKinds.completed,
      title: email.subject,
      body: email.text,
      link: orderLink(orderId),
    });
  });
  deps.emailsQueued();
  return getOrder(deps, buyer.id, orderId);
};

/**
 * The buyer reports a problem within the window after the hand-over (also after confirming
 * receipt); one undecided report per order, also when two requests race (the unique index decides).
 */
export const reportProblem = async (
  deps: ProgressDeps,
  buyer: AuthUser,
  id: string,
  reason: string,
): Promise<Order> => {
  const orderId = orderIdOf(id);
  const now = deps.now?.() ?? new Date();
  try {
    await shortTransaction(deps.db, async (tx) => {
      const order = await lockOrderOf(tx, orderId, 'buyerId', buyer.id);
      assertPaidAndNotRefunded(order);
      const window = problemWindowOf(order);
      if (window.kind === 'not_open') throw conflict(orderProgressMessages.notHandedOver);
      if (!isWithinProblemWindow(window, now)) {
        throw conflict(
          window.kind === 'until' && window.since === 'delivery'
            ? orderProgressMessages.problemWindowOverSinceDelivery
            : orderProgressMessages.problemWindowOver,
        );
      }
      if (await repository.hasOpenReturn(tx, orderId)) throw conflict(returnMessages.returnOpen);
      if (await repository.hasOpenProblem(tx, orderId)) throw conflict(orderProgressMessages.problemOpen);
      const problemId = await repository.insertProblem(tx, { orderId, reporterId: buyer.id, reason });
      await insertAuditEntry(tx, {
        actorId: buyer.id,
        action: orderProgressAuditActions.problemReported,
        subjectType: 'order_problem',
        subjectId: problemId,
        detail: { orderId },
      });
    });
  } catch (error) {
    if (isUniqueViolationOf(error, 'order_problems_one_open_per_order_key')) {
      throw conflict(orderProgressMessages.problemOpen);
    }
    throw error;
  }
  return getOrder(deps, buyer.id, orderId);
};

const autoCompleteMs = orderProgressLimits.autoCompleteDays * 24 * 3_600_000;

/**
 * The progress-orders job's first half: completes, in batches, the orders handed over (or shipped
 * without a tracker) `autoCompleteDays` ago or more, and the tracked parcels delivered that long
 * ago, that have no undecided problem report and were not refunded,
 * with an audit entry (no actor: the marketplace did it) and the seller's email each, in the
 * batch's transaction. Replicas running it at once complete each order once.
 */
export const completeDueOrders = async (
  deps: { db: Database; now: () => Date; publicUrl: string },
  opts: { signal?: AbortSignal; batchSize?: number } = {},
): Promise<number> => {
  const batchSize = opts.batchSize ?? 100;
  const now = deps.now();
  const startedBefore = new Date(now.getTime() - autoCompleteMs);
  let completed = 0;
  while (!opts.signal?.aborted) {
    const count = await shortTransaction(deps.db, async (tx) => {
      const done = await repository.completeDueOrders(tx, { startedBefore, at: now, limit: batchSize });
      for (const order of done) {
        await insertAuditEntry(tx, {
          actorId: null,
          action: orderProgressAuditActions.autoCompleted,
          subjectType: 'order',
          subjectId: order.id,
          detail: { by: 'marketplace', afterDays: orderProgressLimits.autoCompleteDays },
        });
        const email = orderProgressEmails.completed(order.productName, true);
        await notify(tx, deps, {
          userId: order.sellerId,
          kind: orderEmailKinds.completed,
          title: email.subject,
          body: email.text,
          link: orderLink(order.id),
        });
      }
      return done.length;
    });
    completed += count;
    if (count < batchSize) break;
  }
  return completed;
};

export { hasOpenProblem } from './order-progress.repository.ts';
