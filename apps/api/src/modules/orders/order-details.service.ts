/**
 * An order's own page (docs/decisions/0052): the phone, the price, every step so far with its
 * date, the next step and whose it is, what the caller may do now and until when a problem can be
 * reported. Only the order's buyer and its phone's seller see it; an admin reads it (without the
 * buyer's phone number and the parties' emails) while the order has an undecided problem report, as its
 * messages. Anyone else, an unknown and a malformed id all get the same 404: the answer never
 * reveals that someone else's order exists. The seller's phone number is in no answer: buyer and
 * seller arrange the meeting in the order's messages (docs/decisions/0066).
 */
import {
  buyingMessages,
  isProblemUndecided,
  isReturnOpen,
  returnStatusesForAdmin,
  type OrderActor,
  type OrderReturn,
  type OrderDetails,
  type OrderNextStep,
  type OrderParcel,
  type OrderParty,
  type OrderTimelineEntry,
  type OrderTimelineKind,
  type Rating,
  orderTimelineKinds,
} from '@recell/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { orderIdOf } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/index.ts';
import { ratingsOfOrders } from '../ratings/index.ts';
import * as repository from './orders.repository.ts';
import { problemsOfOrder, type ProblemRow } from './order-progress.repository.ts';
import { trackingEventsOf } from './order-parcels.repository.ts';
import { returnOfOrder, returnRefusalOf } from './order-returns.service.ts';
import {
  canReportProblem,
  handoverOf,
  isAwaitingReceipt,
  problemWindowOf,
  progressFieldsOf,
} from './order-progress.view.ts';

export interface OrderDetailsDeps {
  db: Database;
  /** The clock (tests move it). */
  now?: () => Date;
}

const orderNotFound = () => notFound(buyingMessages.orderNotFound);

const iso = (value: Date | string) => new Date(value).toISOString();

const isUndecided = (problem: Pick<ProblemRow, 'status'> | undefined) =>
  problem !== undefined && isProblemUndecided(problem.status);

type TrackingEventRow = Awaited<ReturnType<typeof trackingEventsOf>>[number];

/** The first scan (oldest) with one of `statuses`. */
const firstScan = (events: readonly TrackingEventRow[], statuses: readonly string[]) =>
  events.filter((event) => statuses.includes(event.status)).at(-1)?.occurredAt;

/**
 * A tracked parcel's steps: on its way from its first moving scan, delivered at the delivered
 * scan, returned or lost from the first scan saying so (or the update that moved it).
 */
const parcelStepsOf = (row: repository.OrderDetailsRow, events: readonly TrackingEventRow[]) => {
  const steps: Array<{ kind: OrderTimelineKind; at: Date | string }> = [];
  if (row.trackerId === null || row.status !== 'paid') return steps;
  const inTransitAt = firstScan(events, ['in_transit', 'out_for_delivery', 'available_for_pickup']);
  if (inTransitAt) steps.push({ kind: 'in_transit', at: inTransitAt });
  if (row.deliveredAt) steps.push({ kind: 'delivered', at: row.deliveredAt });
  if (row.progress === 'returned_to_sender' || row.progress === 'lost') {
    const at = firstScan(events, [row.progress === 'lost' ? 'failure' : 'return_to_sender']) ?? row.trackingUpdatedAt;
    if (at) steps.push({ kind: row.progress, at });
  }
  return steps;
};

/** Every step of the order so far with its time, oldest first. */
export const timelineOf = (
  row: repository.OrderDetailsRow,
  problems: readonly ProblemRow[],
  rating: Rating | null,
  events: readonly TrackingEventRow[] = [],
): OrderTimelineEntry[] => {
  const entries: Array<{ kind: OrderTimelineKind; at: Date | string }> = [{ kind: 'booked', at: row.createdAt }];
  if (row.status === 'paid' && row.paidAt) entries.push({ kind: 'paid', at: row.paidAt });
  const handover = handoverOf(row);
  if (handover && row.handedOverAt) entries.push({ kind: handover, at: row.handedOverAt });
  entries.push(...parcelStepsOf(row, events));
  for (const problem of problems) {
    entries.push({ kind: 'problem_reported', at: problem.createdAt });
    if (problem.status === 'closed' && problem.resolvedAt)
      entries.push({ kind: 'problem_closed', at: problem.resolvedAt });
  }
  if (row.refundedAt) entries.push({ kind: 'refunded', at: row.refundedAt });
  if (row.status === 'paid' && row.progress === 'completed' && row.completedAt) {
    entries.push({ kind: 'completed', at: row.completedAt });
  }
  if (rating) {
    entries.push({ kind: 'rated', at: rating.createdAt });
    if (rating.repliedAt) entries.push({ kind: 'rating_replied', at: rating.repliedAt });
  }
  return (
    entries
      .map((entry) => ({ kind: entry.kind, at: iso(entry.at), time: new Date(entry.at).getTime() }))
      // Steps at the same instant keep the order a person lives them in: the contract's order of kinds.
      .sort((a, b) => a.time - b.time || orderTimelineKinds.indexOf(a.kind) - orderTimelineKinds.indexOf(b.kind))
      .map(({ kind, at }) => ({ kind, at }))
  );
};

/** What the order waits for next, and who takes that step. */
export const nextStepOf = (
  row: repository.OrderDetailsRow,
  latestProblem: ProblemRow | undefined,
  rating: Rating | null,
  ret: OrderReturn | null = null,
): { step: OrderNextStep; by: OrderActor | null } => {
  const none = { step: 'none', by: null } as const;
  if (row.status === 'cancelled') return none;
  if (row.status === 'booked') return isPayable(row) ? { step: 'pay', by: 'buyer' } : none;
  if (row.refundedAt) return none;
  if (isUndecided(latestProblem)) return { step: 'decide_problem', by: 'admin' };
  const returnStep = ret && isReturnOpen(ret.status) ? returnStepOf(ret) : undefined;
  if (returnStep) return returnStep;
  switch (row.progress) {
    case 'awaiting_handover':
      return { step: 'hand_over', by: 'seller' };
    // A tracked parcel waits for its carrier (the buyer may still confirm receipt once they have it).
    case 'shipped':
      return row.trackerId === null ? { step: 'confirm_receipt', by: 'buyer' } : { step: 'deliver', by: 'carrier' };
    case 'in_transit':
      return { step: 'deliver', by: 'carrier' };
    case 'handed_over':
    case 'delivered':
      return { step: 'confirm_receipt', by: 'buyer' };
    case 'returned_to_sender':
    case 'lost':
      return { step: 'report_problem', by: 'buyer' };
    case 'completed':
      return rating ? none : { step: 'rate', by: 'buyer' };
  }
};

/** Whose step a return under way waits for (decision 0074). */
const returnStepOf = (ret: OrderReturn): { step: OrderNextStep; by: OrderActor | null } => {
  switch (ret.status) {
    case 'requested':
      return { step: 'answer_return', by: 'seller' };
    case 'accepted':
      return { step: 'send_return', by: 'buyer' };
    case 'in_transit':
      return { step: 'deliver', by: 'carrier' };
    case 'arrived':
      return { step: 'confirm_return_imei', by: 'seller' };
    case 'refunding':
      return { step: 'none', by: null };
    default:
      // Declined, escalated, an IMEI mismatch, or a refund that failed: an admin decides.
      return { step: 'decide_return', by: 'admin' };
  }
};

/** A booked order can be paid while its phone is still for sale by an active seller. */
const isPayable = (row: repository.OrderDetailsRow) =>
  row.status === 'booked' && row.product.status === 'available' && !row.seller.isDisabled;

/** The tracked parcel with its scans, newest first; null for a meeting or an untracked shipping. */
const parcelOf = (row: repository.OrderDetailsRow, events: readonly TrackingEventRow[]): OrderParcel | null =>
  row.trackerId === null
    ? null
    : {
        carrier: row.carrier,
        trackingCode: row.trackingCode,
        status: row.trackingStatus,
        updatedAt: row.trackingUpdatedAt ? iso(row.trackingUpdatedAt) : null,
        deliveredAt: row.deliveredAt ? iso(row.deliveredAt) : null,
        events: events.map((event) => ({
          status: event.status,
          message: event.message,
          place: event.place,
          occurredAt: iso(event.occurredAt),
        })),
      };

/** The order's page for `user`: its buyer, its phone's seller, or an admin while a problem is undecided. */
export const getOrderDetails = async (deps: OrderDetailsDeps, user: AuthUser, id: string): Promise<OrderDetails> => {
  const orderId = orderIdOf(id);
  const row = await repository.findOrderDetails(deps.db, orderId);
  if (!row) throw orderNotFound();
  const myPart: OrderParty | null = row.buyer.id === user.id ? 'buyer' : row.seller.id === user.id ? 'seller' : null;
  const problems = await problemsOfOrder(deps.db, orderId);
  const latestProblem = problems.at(-1);
  const ret = await returnOfOrder(deps.db, orderId);
  const isReturnForAdmin =
    ret !== null &&
    ((returnStatusesForAdmin as readonly string[]).includes(ret.status) || ret.status === 'refund_failed');
  // An admin helps settle an undecided problem report or return; otherwise the order is the two parties' own.
  if (myPart === null && !(user.role === 'admin' && (isUndecided(latestProblem) || isReturnForAdmin)))
    throw orderNotFound();

  const ratings = await ratingsOfOrders(deps.db, [orderId]);
  const rating = ratings.ratingOf(orderId);
  const now = deps.now?.() ?? new Date();
  const isBuyer = myPart === 'buyer';
  const isSeller = myPart === 'seller';
  const isParty = myPart !== null;
  const isRefunded = row.refundedAt !== null;
  const isPaid = row.status === 'paid';
  const events = row.trackerId === null ? [] : await trackingEventsOf(deps.db, orderId);
  const window = problemWindowOf(row);
  const isReturnUnderWay = ret !== null && isReturnOpen(ret.status);

  return {
    id: row.id,
    status: row.status,
    myPart,
    priceCents: row.priceCents,
    payment: !isPaid ? 'unpaid' : isRefunded ? 'refunded' : 'paid',
    createdAt: iso(row.createdAt),
    paidAt: row.paidAt ? iso(row.paidAt) : null,
    ...progressFieldsOf(row, latestProblem),
    product: { ...row.product, categoryId: row.product.categoryId as OrderDetails['product']['categoryId'] },
    seller: {
      id: row.seller.id,
      name: row.seller.name,
      isVerified: row.seller.isVerified,
      email: isParty ? row.seller.email : null,
    },
    buyer: {
      name: row.buyer.name,
      // A shipped order has no booking phone number (its address's stays with the carrier's copy).
      phone: isParty && row.deliveryMethod === 'meeting' ? row.phone : null,
      email: isParty ? row.buyer.email : null,
    },
    meetingLocation: row.location,
    delivery: row.deliveryMethod,
    // The buyer's address goes to the order's two parties only, not to an admin settling a problem.
    shipTo: isParty ? repository.shipToOf(row.shipTo) : null,
    timeline: timelineOf(row, problems, rating, events),
    nextStep: nextStepOf(row, latestProblem, rating, ret),
    problemWindowEndsAt: isPaid && window.kind === 'until' ? window.endsAt.toISOString() : null,
    parcel: parcelOf(row, events),
    can: {
      pay: isBuyer && isPayable(row),
      cancel: isBuyer && row.status === 'booked',
      // An order booked with shipping is handed over by its label (decision 0073).
      markHandedOver:
        isSeller && isPaid && !isRefunded && row.progress === 'awaiting_handover' && row.deliveryMethod === 'meeting',
      buyLabel:
        isSeller && isPaid && !isRefunded && row.progress === 'awaiting_handover' && row.deliveryMethod === 'shipping',
      printLabel: isSeller && row.trackerId !== null && (row.progress === 'shipped' || row.progress === 'in_transit'),
      confirmReceipt:
        isBuyer &&
        isPaid &&
        !isRefunded &&
        isAwaitingReceipt(row.progress) &&
        !isUndecided(latestProblem) &&
        !isReturnUnderWay,
      reportProblem: isBuyer && canReportProblem(row, latestProblem, now) && !isReturnUnderWay,
      requestReturn: isBuyer && ret === null && !isUndecided(latestProblem) && returnRefusalOf(row, now) === undefined,
      answerReturn: isSeller && ret?.status === 'requested' && now.getTime() <= Date.parse(ret.sellerAnswerBy),
      printReturnLabel: isBuyer && ret?.parcel != null && (ret.status === 'accepted' || ret.status === 'in_transit'),
      confirmReturnImei: isSeller && ret?.status === 'arrived' && ret.imeiCheck === null,
      relist:
        isSeller &&
        ret?.status === 'refunded' &&
        ret.imeiCheck === 'match' &&
        ret.relistedAt === null &&
        isRefunded &&
        row.product.status === 'sold',
      rate: isBuyer && ratings.canRate(orderId),
      reply: isSeller && rating !== null && rating.reply === null,
    },
    rating,
    return: ret,
  };
};
