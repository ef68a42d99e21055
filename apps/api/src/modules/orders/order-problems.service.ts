/**
 * An admin's decision on a buyer's problem report (docs/decisions/0042): refund the order through
 * the card processor, or close the report without a refund.
 *
 * A refund never loses nor doubles money, and holds no row lock across the processor's call:
 * 1. one short transaction marks the problem 'refunding' (the decision, audited) and leases it to
 *    this request for a while;
 * 2. with no transaction open, the processor is asked where the payment stands and refunds it
 *    unless it is refunded already; its call is idempotent per payment (Stripe's idempotency key
 *    `refund-<intent>`; the test-mode processor's conditional update), so two tries refund once;
 * 3. one short transaction records it, conditional on 'refunding': the problem refunded, the
 *    payment 'refunded', the order's `refunded_at`, its rating out of the seller's totals, the
 *    audit entry and both parties' emails.
 * A crash or an outage between 1 and 3 leaves the problem 'refunding': the admin's retry, or the
 * progress-orders job once the lease is over, runs 2 and 3 again (`finishDueRefunds`).
 *
 * Only what a later try may change is tried again. When the processor refuses the refund (it does
 * not know the payment, the payment was never captured, it will not refund it), or stays out of
 * reach for `refundAttempts` tries, the refund failed: the problem is 'refund_failed' (audited),
 * nothing retries it, the buyer and seller read that it failed, and it is back on the admins'
 * list, where an admin refunds again or closes it.
 */
import {
  orderEmailKinds,
  orderProgressAuditActions,
  orderProgressEmails,
  orderProgressLimits,
  orderProgressMessages,
  type AdminOrderProblem,
  type AdminOrderProblemPage,
  type PageQuery,
  type RefundProblemInput,
  returnNotices,
  returnNotificationKinds,
} from '@recell/contract';
import type { FastifyBaseLogger } from 'fastify';
import {
  CardError,
  IntentStateError,
  PaymentRefusedError,
  type CardProcessor,
} from '../../adapters/payments/card-processor.ts';
import { PayoutRefusedError } from '../../adapters/payouts/payout-processor.ts';
import type { ShippingPort } from '../../adapters/shipping/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { idOrNotFound } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { notifyAll } from '../notifications/index.ts';
import { excludeRatingOfRefundedOrder } from '../ratings/index.ts';
import * as repository from './order-progress.repository.ts';
import { findLabelOfOrder, markLabelRefunded } from './order-shipping.repository.ts';
import { labelMoneyOf, type LabelMoney } from './order-shipping.service.ts';
import { orderLink, toProblem } from './order-progress.view.ts';

export interface ProblemDeps {
  db: Database;
  /** The site's address, for the notifications' emailed links. */
  publicUrl: string;
  processor: CardProcessor;
  log: FastifyBaseLogger;
  /** Starts an email delivery after the answer; absent in the job (its own delivery job sends them). */
  emailsQueued?: () => void;
  now?: () => Date;
  /**
   * Marks the sale's payment refunded, in the refund's transaction: the payments module's, handed
   * in (payments use orders, never the other way; docs/ARCHITECTURE.md).
   */
  markPaymentRefunded: (tx: Executor, orderId: string) => Promise<void>;
  /**
   * Records an admin's refund of part of the payment, in the refund's transaction (the payments
   * module's): the payment's refunded amount, the seller's share and the fees each give back their part.
   */
  markPaymentPartlyRefunded: (
    tx: Executor,
    orderId: string,
    part: { refundCents: number; key: string },
  ) => Promise<void>;
  /**
   * Before the buyer is refunded (no transaction open): the seller's share, if it was sent, is
   * taken back, all of it or the seller's part of a partial refund (the payouts module's, handed in
   * the same way).
   */
  takeBackSellerPayout: (orderId: string, part?: { refundCents: number; key: string }) => Promise<void>;
  /**
   * A full refund of an order whose label was never used refunds the label at the carrier and
   * undoes its charge (decision 0076): the shipping port, and the payments module's record of it.
   * Without it, a label stays as it is.
   */
  labels?: {
    shipping: ShippingPort;
    refundLabelCharge: (tx: Executor, label: LabelMoney) => Promise<void>;
  };
}

/** How long the admin's request holds a refund before the job may take it over. */
export const refundLeaseMs = 2 * 60_000;

const problemIdOf = (id: string) => idOrNotFound(id, orderProgressMessages.problemNotFound);
const problemNotFound = () => notFound(orderProgressMessages.problemNotFound);

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toAdminProblem = (row: repository.AdminProblemRow): AdminOrderProblem => ({
  problem: toProblem(row.problem),
  order: {
    ...row.order,
    paidAt: iso(row.order.paidAt),
    handedOverAt: iso(row.order.handedOverAt),
  },
  product: row.product,
  buyer: row.buyer,
  seller: row.seller,
});

const adminProblemOf = async (db: Executor, problemId: string) => {
  const row = await repository.findAdminProblem(db, problemId);
  if (!row) throw problemNotFound();
  return toAdminProblem(row);
};

/** The admins' Order problems screen: undecided reports, newest first, with the orders' facts. */
export const listOpenProblems = async (db: Database, query: PageQuery): Promise<AdminOrderProblemPage> => {
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listOpenProblems(db, { limit: query.limit + 1, after });
  return pageOf(rows, query.limit, toAdminProblem, (row) => ({ us: row.us, id: row.problem.id }));
};

/** Both parties hear how an admin decided. */
const notifyOutcome = async (
  tx: Executor,
  deps: Pick<ProblemDeps, 'publicUrl'>,
  problemId: string,
  outcome: 'refunded' | 'closed',
) => {
  const row = await repository.findAdminProblem(tx, problemId);
  if (!row) return;
  const part = row.problem.refundCents;
  // A return's refund (decision 0074) is told in the return's words.
  if (row.problem.returnId !== null && outcome === 'refunded') {
    const notice = returnNotices.refunded(row.product.name, part ?? row.order.paidCents ?? row.order.priceCents);
    await notifyAll(
      tx,
      deps,
      [row.buyer.id, row.seller.id].map((userId) => ({
        userId,
        kind: returnNotificationKinds.outcome,
        ...notice,
        link: orderLink(row.order.id),
      })),
    );
    return;
  }
  const email =
    outcome === 'closed'
      ? orderProgressEmails.closed(row.product.name)
      : part !== null
        ? orderProgressEmails.partlyRefunded(row.product.name, part)
        : orderProgressEmails.refunded(row.product.name, row.order.paidCents ?? row.order.priceCents);
  await notifyAll(
    tx,
    deps,
    [
      { userId: row.buyer.id, link: orderLink(row.order.id) },
      { userId: row.seller.id, link: orderLink(row.order.id) },
    ].map(({ userId, link }) => ({
      userId,
      kind: orderEmailKinds.problemOutcome,
      title: email.subject,
      body: email.text,
      link,
    })),
  );
};

/** An admin closes an open report without a refund; the order completes as usual. */
export const closeProblem = async (deps: ProblemDeps, admin: AuthUser, id: string): Promise<AdminOrderProblem> => {
  const problemId = problemIdOf(id);
  const at = deps.now?.() ?? new Date();
  await shortTransaction(deps.db, async (tx) => {
    const problem = await repository.lockProblem(tx, problemId);
    if (!problem) throw problemNotFound();
    if (problem.status === 'refunding') throw conflict(orderProgressMessages.refundUnderWay);
    if (problem.status !== 'open' && problem.status !== 'refund_failed') {
      throw conflict(orderProgressMessages.problemAlreadyDecided);
    }
    await repository.closeProblem(tx, problemId, admin.id, at);
    await insertAuditEntry(tx, {
      actorId: admin.id,
      action: orderProgressAuditActions.closed,
      subjectType: 'order_problem',
      subjectId: problemId,
      detail: { orderId: problem.orderId },
    });
    await notifyOutcome(tx, deps, problemId, 'closed');
  });
  deps.emailsQueued?.();
  return adminProblemOf(deps.db, problemId);
};

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** The processor's answer will be the same on every try: the payment cannot be refunded there. */
const isRefusal = (error: unknown) =>
  error instanceof PaymentRefusedError ||
  error instanceof IntentStateError ||
  error instanceof CardError ||
  error instanceof PayoutRefusedError;

/** A refund that did not go through: `isFinal` when it failed for good ('refund_failed'), else it is tried again. */
export class RefundNotDoneError extends Error {
  constructor(
    readonly isFinal: boolean,
    readonly isRefused: boolean,
    options: ErrorOptions,
  ) {
    super(isFinal ? 'the refund failed' : 'the refund is tried again later', options);
    this.name = 'RefundNotDoneError';
  }
}

/**
 * A try that failed: a refusal, or the last try of an outage, fails the refund for good (audited);
 * anything else is noted with the next try's time. Returns whether it failed for good.
 */
const recordRefundFailure = async (deps: ProblemDeps, problemId: string, error: unknown): Promise<boolean> => {
  const lastError = errorText(error).slice(0, 500);
  if (!isRefusal(error)) {
    const attempts = await repository.noteRefundFailure(deps.db, problemId, {
      now: deps.now?.() ?? new Date(),
      lastError,
    });
    if (attempts === undefined || attempts < orderProgressLimits.refundAttempts) return false;
  }
  return shortTransaction(deps.db, async (tx) => {
    const failed = await repository.failRefund(tx, problemId, lastError);
    if (!failed) return false;
    await insertAuditEntry(tx, {
      actorId: null,
      action: orderProgressAuditActions.refundFailed,
      subjectType: 'order_problem',
      subjectId: problemId,
      detail: { orderId: failed.orderId, attempts: failed.attempts, error: lastError },
    });
    return true;
  });
};

/** A label the carrier has not scanned yet: nothing was sent with it, so it may be refunded. */
const unusedStatuses = new Set<string | null>([null, 'pre_transit', 'unknown']);

/**
 * Before a full refund is recorded (no transaction open): the order's label, bought but never
 * used, is refunded at the carrier (its answer is the same however often it is asked). True when
 * the carrier refunded it (or took the refund), so the refund's record undoes the label's charge.
 * The carrier's refusal or silence never holds up the buyer's money: the label stays paid, and the
 * marketplace bears it.
 */
const refundUnusedLabel = async (deps: ProblemDeps, orderId: string): Promise<boolean> => {
  if (!deps.labels) return false;
  const label = await findLabelOfOrder(deps.db, orderId);
  if (!label?.trackerId || !label.shipmentId || label.labelCostCents === null) return false;
  if (label.labelRefundedAt) return true;
  if (!unusedStatuses.has(label.trackingStatus)) return false;
  try {
    const outcome = await deps.labels.shipping.refundLabel(label.shipmentId);
    return outcome !== 'rejected';
  } catch (error) {
    deps.log.warn({ err: error, orderId }, 'the unused label could not be refunded at the carrier');
    return false;
  }
};

/**
 * Steps 2 and 3 of a refund already decided ('refunding'); true when it is recorded (by this call
 * or another). A processor failure is recorded on the problem (failed for good, or the next try's
 * time) and thrown as a RefundNotDoneError.
 */
export const carryOutRefund = async (deps: ProblemDeps, problemId: string): Promise<boolean> => {
  const payment = await repository.paymentIntentOfProblem(deps.db, problemId);
  const intentId = payment?.paymentIntentId ?? null;
  try {
    if (!intentId || !payment)
      throw new PaymentRefusedError('no_payment', 'the problem’s order has no payment to refund');
    // A part of the payment is refunded once per report (the report's id is its key).
    const part = payment.refundCents === null ? undefined : { refundCents: payment.refundCents, key: problemId };
    // The seller's share goes back first: the buyer's refund is then all the marketplace's to give.
    await deps.takeBackSellerPayout(payment.orderId, part);
    const intent = await deps.processor.retrieve(intentId);
    if (!intent) throw new PaymentRefusedError('resource_missing', 'the processor does not know the order’s payment');
    if (part) {
      await deps.processor.refund(intentId, { amountCents: part.refundCents, idempotencyKey: `refund-${problemId}` });
      // Already given back (an earlier try whose answer was lost): nothing more to do there.
    } else if (!intent.isRefunded) await deps.processor.refund(intentId);
  } catch (error) {
    const isFinal = await recordRefundFailure(deps, problemId, error);
    throw new RefundNotDoneError(isFinal, isRefusal(error), { cause: error });
  }
  const isLabelRefunded = payment?.refundCents === null && (await refundUnusedLabel(deps, payment.orderId));
  const at = deps.now?.() ?? new Date();
  return shortTransaction(deps.db, async (tx) => {
    const done = await repository.finishRefund(tx, problemId, at);
    if (!done) return false;
    if (done.refundCents === null) {
      // The label's charge is undone first, so the refund then gives the buyer's shipping back.
      if (isLabelRefunded && deps.labels && (await markLabelRefunded(tx, done.orderId, at))) {
        const label = (await findLabelOfOrder(tx, done.orderId))!;
        await deps.labels.refundLabelCharge(tx, labelMoneyOf(label, label.labelCostCents!));
      }
      await deps.markPaymentRefunded(tx, done.orderId);
      // A refunded sale no longer speaks for its seller: its rating leaves their totals.
      await excludeRatingOfRefundedOrder(tx, done.orderId);
    } else {
      await deps.markPaymentPartlyRefunded(tx, done.orderId, { refundCents: done.refundCents, key: problemId });
    }
    await insertAuditEntry(tx, {
      actorId: done.resolvedBy,
      action: orderProgressAuditActions.refunded,
      subjectType: 'order_problem',
      subjectId: problemId,
      detail: {
        orderId: done.orderId,
        paymentIntentId: intentId,
        amountCents: done.refundCents ?? payment?.priceCents,
        isPartial: done.refundCents !== null,
      },
    });
    await notifyOutcome(tx, deps, problemId, 'refunded');
    return true;
  });
};

/**
 * The part of a payment an admin's refund gives back (null: all that is left, a full refund).
 * Never more than what the buyer paid and was not given back yet: a 400 that names the amount.
 */
export const refundCentsOf = (
  payment: { paidCents: number | null; refundedCents: number | null },
  askedCents: number | undefined,
): number | null => {
  const left = (payment.paidCents ?? 0) - (payment.refundedCents ?? 0);
  if (askedCents !== undefined && askedCents > left) {
    throw badRequest(orderProgressMessages.refundAboveWhatWasPaid, {
      amountCents: orderProgressMessages.refundAboveWhatWasPaid,
    });
  }
  return askedCents === undefined || askedCents === left ? null : askedCents;
};

/**
 * An admin refunds the order of an open report (or finishes a refund under way whose last try is
 * over: pressing Refund again is safe; or tries again after a failed one). A refunded one answers
 * as it stands (idempotent); a closed one, or one that another request or the job is refunding
 * right now, is a 409. When the processor cannot be reached the answer is 503 and the refund is
 * tried again later; when it refuses the refund, a 409 that says so, and the refund failed.
 */
export const refundProblem = async (
  deps: ProblemDeps,
  admin: AuthUser,
  id: string,
  body: RefundProblemInput = {},
): Promise<AdminOrderProblem> => {
  const problemId = problemIdOf(id);
  const now = deps.now?.() ?? new Date();
  const status = await shortTransaction(deps.db, async (tx) => {
    const problem = await repository.lockProblem(tx, problemId);
    if (!problem) throw problemNotFound();
    if (problem.status === 'closed') throw conflict(orderProgressMessages.problemAlreadyDecided);
    const leaseUntil = new Date(now.getTime() + refundLeaseMs);
    // A refund under way that someone is carrying out now (another click, the job) is theirs to finish.
    if (problem.status === 'refunding' && !(await repository.takeRefundLease(tx, problemId, now, leaseUntil))) {
      throw conflict(orderProgressMessages.refundUnderWay);
    }
    if (problem.status === 'open' || problem.status === 'refund_failed') {
      const refundCents = refundCentsOf(problem, body.amountCents);
      await repository.startRefund(tx, problemId, { adminId: admin.id, leaseUntil, refundCents });
      await insertAuditEntry(tx, {
        actorId: admin.id,
        action: orderProgressAuditActions.refundStarted,
        subjectType: 'order_problem',
        subjectId: problemId,
        detail: { orderId: problem.orderId, amountCents: body.amountCents ?? null },
      });
    }
    return problem.status;
  });
  if (status !== 'refunded') await refundDecided(deps, problemId);
  return adminProblemOf(deps.db, problemId);
};

/**
 * Carries out a refund just decided ('refunding', leased to the caller): an admin's on a report, or a
 * return's (decision 0074), so every refund runs through one engine. The processor out of reach is a
 * 503 (tried again later by the job); its refusal, or the last try, a 409 that says it failed.
 */
export const refundDecided = async (deps: ProblemDeps, problemId: string): Promise<void> => {
  try {
    await carryOutRefund(deps, problemId);
  } catch (error) {
    if (error instanceof RefundNotDoneError && error.isFinal) {
      deps.log.error({ err: error.cause, problemId }, 'a refund failed; it waits for an admin');
      throw conflict(error.isRefused ? orderProgressMessages.refundRefused : orderProgressMessages.refundUnreachable);
    }
    deps.log.warn({ err: error, problemId }, 'a refund did not go through; it is retried later');
    throw new AppError('unavailable', orderProgressMessages.refundDelayed);
  }
  deps.emailsQueued?.();
};

/**
 * The progress-orders job's second half: finishes refunds an admin decided whose request did not
 * (a crash, an outage), once their lease is over; replicas take different ones.
 */
export const finishDueRefunds = async (
  deps: ProblemDeps,
  opts: { signal?: AbortSignal; batchSize?: number } = {},
): Promise<{ refunded: number; refundsFailed: number }> => {
  const now = deps.now?.() ?? new Date();
  const leased = await repository.leaseDueRefunds(deps.db, {
    now,
    leaseUntil: new Date(now.getTime() + refundLeaseMs),
    limit: opts.batchSize ?? 50,
  });
  let refunded = 0;
  let refundsFailed = 0;
  for (const { id } of leased) {
    if (opts.signal?.aborted) break;
    try {
      if (await carryOutRefund(deps, id)) refunded += 1;
    } catch (error) {
      refundsFailed += 1;
      if (error instanceof RefundNotDoneError && error.isFinal) {
        deps.log.error({ err: error.cause, problemId: id }, 'a refund failed; it waits for an admin');
      } else {
        deps.log.warn({ err: error, problemId: id }, 'a refund did not go through; it is retried later');
      }
    }
  }
  return { refunded, refundsFailed };
};
