/**
 * The progress fields of an order or a sale as the API answers them (docs/decisions/0042):
 * `progress` only once the order is paid, with its latest problem report.
 */
import {
  isProblemUndecided,
  orderPagePath,
  orderProgressLimits,
  type OrderHandover,
  type OrderProblem,
  type OrderProgress,
} from '@recell/contract';
import type { ProblemRow } from './order-progress.repository.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const toProblem = (row: Omit<ProblemRow, 'orderId'>): OrderProblem => ({
  id: row.id,
  reason: row.reason,
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
  resolvedAt: iso(row.resolvedAt),
  refundCents: row.refundCents,
});

interface ProgressRow {
  status: 'booked' | 'paid' | 'cancelled';
  progress: OrderProgress;
  /** The seller shipped the phone (rather than handing it over at a meeting). */
  isShipped: boolean;
  handedOverAt: Date | string | null;
  trackingNote: string | null;
  completedAt: Date | string | null;
  refundedAt: Date | string | null;
}

/**
 * How the phone changed hands, still known once the order is completed: a shipped phone stays
 * "shipped" after the buyer confirms receipt. Null until the seller hands it over.
 */
export const handoverOf = (row: Pick<ProgressRow, 'status' | 'progress' | 'isShipped'>): OrderHandover | null =>
  row.status !== 'paid' || row.progress === 'awaiting_handover'
    ? null
    : row.isShipped || row.progress === 'shipped'
      ? 'shipped'
      : 'handed_over';

export const progressFieldsOf = (row: ProgressRow, problem: ProblemRow | undefined) => ({
  progress: row.status === 'paid' ? row.progress : null,
  handover: handoverOf(row),
  handedOverAt: iso(row.handedOverAt),
  trackingNote: row.trackingNote,
  completedAt: iso(row.completedAt),
  refundedAt: iso(row.refundedAt),
  problem: problem ? toProblem(problem) : null,
});

const problemWindowMs = orderProgressLimits.problemWindowHours * 3_600_000;

/** Whether the problem window after the hand-over is still open at `now`. */
export const isWithinProblemWindow = (handedOverAt: Date | string | null, now: Date) =>
  handedOverAt !== null && now.getTime() - new Date(handedOverAt).getTime() <= problemWindowMs;

/** The buyer may report a problem: paid, handed over, not refunded, within the window, none undecided. */
export const canReportProblem = (row: ProgressRow, problem: ProblemRow | undefined, now: Date) =>
  row.status === 'paid' &&
  row.progress !== 'awaiting_handover' &&
  row.refundedAt === null &&
  isWithinProblemWindow(row.handedOverAt, now) &&
  !(problem && isProblemUndecided(problem.status));

/** Where the parties' notifications about an order lead: the order's own page, for both of them. */
export const orderLink = orderPagePath;
