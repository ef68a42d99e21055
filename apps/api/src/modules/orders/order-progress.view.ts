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
  /** The carrier's tracker of a bought label; null for a meeting or a shipping with a note only. */
  trackerId: string | null;
  deliveredAt: Date | string | null;
}

/**
 * How the phone changed hands, still known once the order is completed: a shipped phone stays
 * "shipped" after the buyer confirms receipt. Null until the seller hands it over.
 */
export const handoverOf = (
  row: Pick<ProgressRow, 'status' | 'progress' | 'isShipped' | 'trackerId'>,
): OrderHandover | null =>
  row.status !== 'paid' || row.progress === 'awaiting_handover'
    ? null
    : row.isShipped || row.trackerId !== null || (row.progress !== 'handed_over' && row.progress !== 'completed')
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

/**
 * When the buyer may report a problem (docs/decisions/0072): `not_open` before the hand-over;
 * `until` 48 hours after the hand-over (a meeting, or a shipping without a tracker) or after a
 * tracked parcel's delivery (its completion when the buyer confirmed receipt before any delivered
 * scan); `before_delivery` while a tracked parcel is on its way (a parcel that never comes may be
 * reported); `no_limit` once the carrier lost it or returned it to the seller.
 */
export type ProblemWindow =
  | { kind: 'not_open' }
  | { kind: 'before_delivery' }
  | { kind: 'no_limit' }
  | { kind: 'until'; endsAt: Date; since: 'handover' | 'delivery' };

type WindowRow = Pick<ProgressRow, 'progress' | 'handedOverAt' | 'completedAt' | 'trackerId' | 'deliveredAt'>;

const windowFrom = (start: Date | string, since: 'handover' | 'delivery'): ProblemWindow => ({
  kind: 'until',
  endsAt: new Date(new Date(start).getTime() + problemWindowMs),
  since,
});

export const problemWindowOf = (row: WindowRow): ProblemWindow => {
  if (row.progress === 'awaiting_handover') return { kind: 'not_open' };
  if (row.progress === 'lost' || row.progress === 'returned_to_sender') return { kind: 'no_limit' };
  if (row.trackerId === null) return row.handedOverAt ? windowFrom(row.handedOverAt, 'handover') : { kind: 'not_open' };
  if (row.deliveredAt) return windowFrom(row.deliveredAt, 'delivery');
  if (row.progress === 'completed' && row.completedAt) return windowFrom(row.completedAt, 'delivery');
  return { kind: 'before_delivery' };
};

/** Whether a problem may be reported at `now` as far as the window goes. */
export const isWithinProblemWindow = (window: ProblemWindow, now: Date) =>
  window.kind === 'before_delivery' ||
  window.kind === 'no_limit' ||
  (window.kind === 'until' && now.getTime() <= window.endsAt.getTime());

/** The buyer may report a problem: paid, handed over, not refunded, within the window, none undecided. */
export const canReportProblem = (row: ProgressRow, problem: ProblemRow | undefined, now: Date) =>
  row.status === 'paid' &&
  row.refundedAt === null &&
  isWithinProblemWindow(problemWindowOf(row), now) &&
  !(problem && isProblemUndecided(problem.status));

/**
 * The buyer may confirm receipt once the phone was handed over or shipped (they hold it, whatever
 * the tracker says), even of a parcel the carrier calls lost; not while it is on its way back to
 * the seller, nor once completed.
 */
export const isAwaitingReceipt = (progress: OrderProgress) =>
  progress !== 'awaiting_handover' && progress !== 'completed' && progress !== 'returned_to_sender';

/** Where the parties' notifications about an order lead: the order's own page, for both of them. */
export const orderLink = orderPagePath;
