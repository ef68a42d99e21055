import {
  addressTexts,
  buyingTexts,
  formatPrice,
  isParcelOnItsWay,
  messages,
  orderDetailsTexts as texts,
  orderProgressTexts,
  ratingTexts,
  shippingTexts,
  shipByTexts,
  type OrderDetails,
  type OrderParcel,
  type OrderTimelineKind,
} from '@recell/contract';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { StatusPill } from '@/components/ui/data-table/cells';
import { LoadError } from '@/components/ui/load-error';
import { ProductThumb } from '@/components/ui/product-thumb';
import { RatingView } from '@/components/ui/rating-view';
import { Spinner } from '@/components/ui/spinner';
import { dashboardPaths } from '@/config/dashboard-paths';
import { paths } from '@/config/paths';
import { AddressLines } from '@/features/addresses';
import { OrderThread } from '@/features/messages';
import { isFocusLost } from '@/lib/focus';
import { formatListingTime } from '@/lib/format-time';
import { toast } from '@/lib/toast';
import { useOrderDetails } from '../api/get-order-details';
import { useMarkHandedOver } from '../api/order-progress';
import { downloadLabel } from '../api/order-shipping';
import { ConfirmReceiptDialog } from './confirm-receipt-dialog';
import { DeleteOrderDialog } from './delete-order-dialog';
import { dialogError } from '@/lib/dialog-send';
import { OrderProgressSteps } from './order-progress-steps';
import RateSellerDialog from './rate-seller-dialog';
import ReplyDialog from './reply-dialog';
import { ReturnSection, type ReturnDialog } from './return-section';

const ShipDialog = lazy(() => import('./ship-dialog'));
const BuyLabelDialog = lazy(() => import('./buy-label-dialog'));
const ProblemDialog = lazy(() => import('./problem-dialog'));
const RequestReturnDialog = lazy(() => import('./request-return-dialog'));
const AcceptReturnDialog = lazy(() => import('./accept-return-dialog'));
const DeclineReturnDialog = lazy(() => import('./decline-return-dialog'));
const ConfirmReturnImeiDialog = lazy(() => import('./confirm-return-imei-dialog'));

type OpenDialog =
  'confirmReceipt' | 'ship' | 'buyLabel' | 'problem' | 'rate' | 'reply' | 'delete' | ReturnDialog | null;

const sectionClass = 'rounded-2xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800';
const headingClass = 'text-lg font-semibold focus:outline-none';

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A term and its value in the order's facts. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-3">
      <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** The steps an order goes through that have not happened yet (none once it is cancelled or refunded). */
const stepsToCome = (order: OrderDetails): string[] => {
  if (order.status === 'cancelled' || order.refundedAt) return [];
  const happened = new Set<OrderTimelineKind>(order.timeline.map((entry) => entry.kind));
  const toCome: string[] = [];
  if (!happened.has('paid')) toCome.push(texts.timeline.paid);
  if (!happened.has('handed_over') && !happened.has('shipped')) toCome.push(texts.handoverToCome);
  // A tracked parcel on its way is delivered next (a lost or returned one never is).
  if (order.parcel && isParcelOnItsWay(order.progress)) toCome.push(texts.timeline.delivered);
  if (!happened.has('completed')) toCome.push(texts.timeline.completed);
  return toCome;
};

/** The order's timeline: every step so far with its date and time, then the steps still to come. */
function Timeline({ order, headingId }: { order: OrderDetails; headingId: string }) {
  const toCome = stepsToCome(order);
  return (
    <ol aria-labelledby={headingId} className="mt-3 grid gap-3">
      {order.timeline.map((entry) => (
        <li key={`${entry.kind}-${entry.at}`} className="flex gap-3">
          <span
            aria-hidden="true"
            className="mt-1 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-teal-700 text-[0.7rem] font-bold text-white"
          >
            ✓
          </span>
          <div className="min-w-0">
            <p className="font-medium">
              {texts.timeline[entry.kind]}
              <span className="sr-only">{` (${texts.stepDone})`}</span>
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <time dateTime={entry.at}>{formatListingTime(entry.at)}</time>
            </p>
            {entry.kind === 'shipped' && order.trackingNote && (
              <p className="text-sm break-words">{orderProgressTexts.trackingNoteShown(order.trackingNote)}</p>
            )}
          </div>
        </li>
      ))}
      {toCome.map((label) => (
        <li key={label} className="flex gap-3 text-slate-600 dark:text-slate-400">
          <span
            aria-hidden="true"
            className="mt-1 inline-flex size-5 shrink-0 rounded-full border border-slate-400 dark:border-slate-500"
          />
          <div className="min-w-0">
            <p className="font-medium">
              {label}
              <span className="sr-only">{` (${texts.stepToCome})`}</span>
            </p>
            <p className="text-sm">{texts.notYet}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The next step in the caller's words: their own turn, whom they wait for, or that nothing is left. */
/** A shipped order's deadline for the carrier's first scan, or the cancellation that followed it (decision 0075). */
const ShipByLine = ({ order }: { order: OrderDetails }) => {
  if (order.missedDropOffAt && order.myPart !== null) {
    return (
      <p className="mt-2 font-medium text-red-700 dark:text-red-400">{shipByTexts.missed(order.missedDropOffAt)}</p>
    );
  }
  if (!order.shipBy || order.myPart === null) return null;
  return (
    <div className="mt-2">
      <p className="font-medium">{shipByTexts.shipBy(order.shipBy)}</p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {order.myPart === 'seller' ? shipByTexts.sellerHint : shipByTexts.buyerHint}
      </p>
    </div>
  );
};

const nextStepText = (order: OrderDetails): string => {
  const { step, by } = order.nextStep;
  if (step === 'none') {
    if (order.status === 'cancelled') return texts.nothingLeft.cancelled;
    if (order.refundedAt) return texts.nothingLeft.refunded;
    if (order.status === 'booked') return texts.nothingLeft.notForSale;
    return texts.nothingLeft.done;
  }
  const isMine = by === order.myPart || (by === 'admin' && order.myPart === null);
  // An order booked with shipping is handed over by its label only.
  if (step === 'hand_over' && order.delivery === 'shipping')
    return isMine ? shippingTexts.yourTurnToShip : shippingTexts.waitingForShipping;
  return isMine ? texts.yourTurn[step] : texts.waitingFor[step];
};

function PaymentPill({ payment }: { payment: OrderDetails['payment'] }) {
  const tone = payment === 'paid' ? 'good' : payment === 'refunded' ? 'muted' : 'neutral';
  return <StatusPill tone={tone}>{texts.payment[payment]}</StatusPill>;
}

/**
 * The tracked parcel: its carrier, tracking code and status in words, then the carrier's updates,
 * newest first, as a table (time, place, what happened).
 */
function ParcelSection({ parcel, headingId }: { parcel: OrderParcel; headingId: string }) {
  return (
    <Section title={texts.parcelHeading} id={headingId}>
      <dl className="mt-3 grid gap-2 text-sm">
        {parcel.carrier && <Fact term={texts.carrier}>{parcel.carrier}</Fact>}
        {parcel.trackingCode && (
          <Fact term={texts.trackingCode}>
            <span className="font-mono break-all">{parcel.trackingCode}</span>
          </Fact>
        )}
        <Fact term={texts.parcelStatus}>{texts.trackingStatus[parcel.status ?? 'unknown']}</Fact>
        {parcel.updatedAt && (
          <Fact term={texts.parcelUpdatedAt}>
            <time dateTime={parcel.updatedAt}>{formatListingTime(parcel.updatedAt)}</time>
          </Fact>
        )}
      </dl>
      <h3 className="mt-4 font-semibold">{texts.parcelEventsHeading}</h3>
      {parcel.events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{texts.parcelNoEvents}</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-slate-600 dark:text-slate-400">
                <th scope="col" className="py-1 pr-3 font-medium">
                  {texts.parcelEventColumns.time}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {texts.parcelEventColumns.place}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {texts.parcelEventColumns.message}
                </th>
              </tr>
            </thead>
            <tbody>
              {parcel.events.map((event) => (
                <tr
                  key={`${event.occurredAt}-${event.status}-${event.message}`}
                  className="border-t border-slate-200 align-top dark:border-slate-800"
                >
                  <td className="py-1 pr-3 whitespace-nowrap">
                    <time dateTime={event.occurredAt}>{formatListingTime(event.occurredAt)}</time>
                  </td>
                  <td className="py-1 pr-3 break-words">{event.place ?? texts.parcelPlaceUnknown}</td>
                  <td className="py-1 break-words">{event.message || texts.trackingStatus[event.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/** The phone, the price and the people: the other party's contact and where to meet. */
function PhoneSection({ order, headingId }: { order: OrderDetails; headingId: string }) {
  const { product } = order;
  const isGone = product.status === 'removed';
  const isSeller = order.myPart === 'seller';
  return (
    <Section title={texts.phoneHeading} id={headingId}>
      <div className="mt-3 flex gap-4">
        <ProductThumb imageUrl={product.imageUrl} name={product.name} size={80} eager />
        <div className="min-w-0">
          <p className="font-semibold break-words">{product.name}</p>
          {isGone ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{texts.listingGone}</p>
          ) : (
            <Link to={paths.product.to(product.id)} className="link text-sm">
              {texts.viewListing}
            </Link>
          )}
        </div>
      </div>
      <dl className="mt-4 grid gap-2 text-sm">
        <Fact term={order.payment === 'unpaid' ? texts.priceToPay : texts.pricePaid}>
          <span className="font-semibold">{formatPrice(order.priceCents)}</span>
        </Fact>
        <Fact term={texts.paymentLabel}>
          <PaymentPill payment={order.payment} />
          {order.myPart === 'buyer' && order.payment !== 'unpaid' && (
            <Link to={dashboardPaths.receipt.to(order.id)} className="link ml-2">
              {texts.viewReceipt}
            </Link>
          )}
        </Fact>
        {!isSeller && (
          <Fact term={texts.sellerLabel}>
            <Link to={paths.seller.to(order.seller.id)} className={contactLinkClass}>
              {order.seller.name}
            </Link>
            <ContactLines email={order.seller.email} />
          </Fact>
        )}
        {order.myPart !== 'buyer' && (
          <Fact term={texts.buyerLabel}>
            <span className="block">{order.buyer.name}</span>
            <ContactLines phone={order.buyer.phone} email={order.buyer.email} />
          </Fact>
        )}
        {order.delivery === 'shipping' ? (
          <Fact term={addressTexts.shipTo}>{order.shipTo && <AddressLines address={order.shipTo} />}</Fact>
        ) : (
          <Fact term={texts.meetingLocation}>{order.meetingLocation}</Fact>
        )}
      </dl>
    </Section>
  );
}

/**
 * Stacked links, each a comfortable target (24 px at least) for a finger, never wider than their
 * column: a long email address breaks rather than pushing the page sideways.
 */
const contactLinkClass = 'link inline-block max-w-full py-1';

/** The seller's phone number is never shown: the meeting is arranged in the order's messages. */
function ContactLines({ phone = null, email }: { phone?: string | null; email: string | null }) {
  return (
    <>
      {phone && (
        <span className="block">
          <span className="sr-only">{`${texts.phoneNumber}: `}</span>
          <a href={`tel:${phone}`} className={`${contactLinkClass} whitespace-nowrap`}>
            {phone}
          </a>
        </span>
      )}
      {email && (
        <span className="block break-words">
          <span className="sr-only">{`${texts.email}: `}</span>
          <a href={`mailto:${email}`} className={contactLinkClass}>
            {email}
          </a>
        </span>
      )}
    </>
  );
}

/**
 * When the order completes on its own, while it waits for the buyer's receipt: after the hand-over,
 * after a tracked parcel's delivery, or never for a parcel lost or returned to the seller.
 */
const autoCompleteHintOf = (order: OrderDetails): string | null => {
  if (order.status !== 'paid' || order.refundedAt) return null;
  switch (order.progress) {
    case 'handed_over':
      return texts.autoCompleteHint;
    case 'shipped':
      return order.parcel ? texts.autoCompleteAfterDeliveryHint : texts.autoCompleteHint;
    case 'in_transit':
    case 'delivered':
      return texts.autoCompleteAfterDeliveryHint;
    case 'returned_to_sender':
    case 'lost':
      return texts.noAutoCompleteHint;
    default:
      return null;
  }
};

/** What the help says about reporting a problem, in the caller's words; null when nothing applies. */
const problemWindowText = (order: OrderDetails, problemUntil: string | null): string | null => {
  if (order.myPart === 'seller') return order.parcel ? texts.sellerParcelHelp : texts.sellerHelp;
  if (order.myPart !== 'buyer' || order.status === 'cancelled' || order.refundedAt) return null;
  const { problem, can } = order;
  const isBeingDecided = problem?.status === 'open' || problem?.status === 'refunding';
  const notDelivered = order.progress === 'lost' || order.progress === 'returned_to_sender';
  if (notDelivered) return isBeingDecided ? null : texts.problemParcelNotDelivered;
  if (order.parcel && isParcelOnItsWay(order.progress)) return isBeingDecided ? null : texts.problemBeforeDelivery;
  if (can.reportProblem && problemUntil) {
    return order.parcel ? texts.problemUntilAfterDelivery(problemUntil) : texts.problemUntil(problemUntil);
  }
  const windowEnd = order.problemWindowEndsAt;
  // Past the hand-over (or delivery) and not allowed now, with no report being decided: the window is over.
  if (windowEnd) return isBeingDecided ? null : texts.problemWindowOver(formatListingTime(windowEnd));
  return texts.problemBeforeHandover;
};

/** The next step and the caller's buttons for it. */
function NextStepSection({
  order,
  headingId,
  headingRef,
  onOpen,
}: {
  order: OrderDetails;
  headingId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onOpen: (dialog: Exclude<OpenDialog, null>) => void;
}) {
  const markHandedOver = useMarkHandedOver();
  const [isPreparingLabel, setPreparingLabel] = useState(false);
  const { can } = order;
  const printLabel = () => {
    setPreparingLabel(true);
    downloadLabel(order.id)
      .catch((error: unknown) => {
        const message = dialogError(error);
        if (message) toast.error(message);
      })
      .finally(() => setPreparingLabel(false));
  };
  const handOver = () =>
    markHandedOver.mutate(order.id, {
      onSuccess: () => toast.success(orderProgressTexts.handedOverToast),
      onError: (error) => {
        const message = dialogError(error);
        if (message) toast.error(message);
      },
    });
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2 ref={headingRef} id={headingId} tabIndex={-1} className={headingClass}>
        {texts.nextStepHeading}
      </h2>
      <p className="mt-2 font-medium">{nextStepText(order)}</p>
      <ShipByLine order={order} />
      {order.status === 'paid' && (
        <div className="mt-3">
          <OrderProgressSteps order={order} />
        </div>
      )}
      {autoCompleteHintOf(order) && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{autoCompleteHintOf(order)}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {can.pay && (
          <Link to={dashboardPaths.payment.to(order.id)} className="btn btn-primary">
            {messages.pay}
          </Link>
        )}
        {can.markHandedOver && (
          <>
            <button
              type="button"
              className="btn btn-primary"
              disabled={markHandedOver.isPending}
              aria-busy={markHandedOver.isPending || undefined}
              onClick={handOver}
            >
              {markHandedOver.isPending ? orderProgressTexts.markingHandedOver : orderProgressTexts.markHandedOver}
            </button>
            <button type="button" className="btn btn-outline" aria-haspopup="dialog" onClick={() => onOpen('ship')}>
              {orderProgressTexts.markShipped}
            </button>
          </>
        )}
        {can.buyLabel && (
          <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={() => onOpen('buyLabel')}>
            {shippingTexts.buyLabel}
          </button>
        )}
        {can.printLabel && (
          <button
            type="button"
            className="btn btn-outline"
            disabled={isPreparingLabel}
            aria-busy={isPreparingLabel || undefined}
            onClick={printLabel}
          >
            {isPreparingLabel ? shippingTexts.preparingLabel : shippingTexts.printLabel}
          </button>
        )}
        {can.confirmReceipt && (
          <button
            type="button"
            className="btn btn-primary"
            aria-haspopup="dialog"
            onClick={() => onOpen('confirmReceipt')}
          >
            {orderProgressTexts.confirmReceipt}
          </button>
        )}
        {can.rate && (
          <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={() => onOpen('rate')}>
            {ratingTexts.rateSeller}
          </button>
        )}
        {can.cancel && (
          <button
            type="button"
            className="btn border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950"
            aria-haspopup="dialog"
            onClick={() => onOpen('delete')}
          >
            {buyingTexts.delete}
          </button>
        )}
      </div>
    </section>
  );
}

/** Help: until when a problem can be reported (and the button), the report's state, and how to reach ReCell. */
function HelpSection({
  order,
  headingId,
  problemUntil,
  onReport,
}: {
  order: OrderDetails;
  headingId: string;
  problemUntil: string | null;
  onReport: () => void;
}) {
  const { problem } = order;
  const windowText = problemWindowText(order, problemUntil);
  return (
    <Section title={texts.helpHeading} id={headingId}>
      {windowText && <p className="mt-2">{windowText}</p>}
      {order.can.reportProblem && (
        <button type="button" className="btn btn-outline mt-3" aria-haspopup="dialog" onClick={onReport}>
          {orderProgressTexts.reportProblem}
        </button>
      )}
      {problem && (
        <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950">
          <p className="font-medium">{texts.problemState(problem.status)}</p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{texts.problemReason}</p>
          <p className="break-words whitespace-pre-line">{problem.reason}</p>
        </div>
      )}
      <p className="mt-3 text-sm">
        <Link to={paths.about.to()} className="link">
          {texts.contactUs}
        </Link>
      </p>
    </Section>
  );
}

/**
 * An order's own page, for its buyer and its phone's seller (an admin reads it while a problem
 * report is open): the phone and the price, the next step and whose it is with the caller's
 * buttons, the timeline of every step with its date, the rating, help (a problem report, and until
 * when) and the messages. Confirm receipt asks first. After an action whose button goes away, the
 * focus moves to the next step's heading rather than being lost.
 */
export function OrderDetailsView({ orderId }: { orderId: string }) {
  const details = useOrderDetails(orderId);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const nextStepRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const order = details.data;

  // A button that did its job disappears with the refreshed order: the focus goes on from the next step.
  useEffect(() => {
    if (dialog === null && isFocusLost()) nextStepRef.current?.focus({ preventScroll: true });
  }, [order, dialog]);

  if (details.isPending) return <Spinner />;
  if (details.isError || !order) return <LoadError error={details.error} onRetry={() => void details.refetch()} />;

  const close = () => setDialog(null);
  const problemUntil =
    order.can.reportProblem && order.problemWindowEndsAt ? formatListingTime(order.problemWindowEndsAt) : null;
  const back =
    order.myPart === 'buyer'
      ? { to: dashboardPaths.myOrders.to(), label: texts.backToOrders }
      : order.myPart === 'seller'
        ? { to: dashboardPaths.mySales.to(), label: texts.backToSales }
        : null;

  return (
    <div className="mt-2 grid max-w-5xl gap-4">
      {back && (
        <p>
          <Link to={back.to} className="link text-sm">
            {back.label}
          </Link>
        </p>
      )}
      {order.myPart === null && (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950"
        >
          {texts.adminReading}
        </p>
      )}
      {order.status === 'cancelled' && (
        <p className="rounded-lg border border-slate-300 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-900">
          {texts.cancelledNotice}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <NextStepSection order={order} headingId={`${ids}-next`} headingRef={nextStepRef} onOpen={setDialog} />
        <PhoneSection order={order} headingId={`${ids}-phone`} />
        {order.parcel && <ParcelSection parcel={order.parcel} headingId={`${ids}-parcel`} />}
        {(order.return || order.can.requestReturn) && (
          <ReturnSection order={order} headingId={`${ids}-return`} onOpen={setDialog} />
        )}
        <Section title={texts.timelineHeading} id={`${ids}-timeline`}>
          <Timeline order={order} headingId={`${ids}-timeline`} />
        </Section>
        <HelpSection
          order={order}
          headingId={`${ids}-help`}
          problemUntil={problemUntil}
          onReport={() => setDialog('problem')}
        />
        {order.rating && (
          <Section title={texts.ratingHeading} id={`${ids}-rating`}>
            <div className="mt-2">
              <RatingView
                rating={order.rating}
                actions={
                  order.can.reply && (
                    <button
                      type="button"
                      className="btn btn-outline mt-2 justify-self-start"
                      aria-haspopup="dialog"
                      onClick={() => setDialog('reply')}
                    >
                      {ratingTexts.reply}
                    </button>
                  )
                }
              />
              {order.refundedAt && (
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{texts.ratingNotCounted}</p>
              )}
            </div>
          </Section>
        )}
      </div>
      <Section title={texts.messagesHeading} id={`${ids}-messages`}>
        {order.myPart && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{texts.arrangeInMessages}</p>}
        <div className="mt-2">
          <OrderThread orderId={order.id} isEmbedded />
        </div>
      </Section>

      {dialog === 'confirmReceipt' && (
        <ConfirmReceiptDialog orderId={order.id} problemUntil={problemUntil} onClose={close} />
      )}
      {dialog === 'rate' && <RateSellerDialog order={order} onClose={close} />}
      {dialog === 'reply' && <ReplyDialog sale={order} onClose={close} />}
      {dialog === 'delete' && (
        <DeleteOrderDialog
          order={order}
          onClose={close}
          onDeleted={() => {
            close();
            void navigate(dashboardPaths.myOrders.to());
          }}
        />
      )}
      {dialog === 'buyLabel' && (
        <Suspense fallback={null}>
          <BuyLabelDialog order={order} onClose={close} />
        </Suspense>
      )}
      {(dialog === 'requestReturn' ||
        dialog === 'acceptReturn' ||
        dialog === 'declineReturn' ||
        dialog === 'confirmReturnImei') && (
        <Suspense fallback={null}>
          {dialog === 'requestReturn' && <RequestReturnDialog order={order} onClose={close} />}
          {dialog === 'acceptReturn' && <AcceptReturnDialog order={order} onClose={close} />}
          {dialog === 'declineReturn' && <DeclineReturnDialog order={order} onClose={close} />}
          {dialog === 'confirmReturnImei' && <ConfirmReturnImeiDialog order={order} onClose={close} />}
        </Suspense>
      )}
      {(dialog === 'ship' || dialog === 'problem') && (
        <Suspense fallback={null}>
          {dialog === 'ship' ? (
            <ShipDialog sale={order} onClose={close} />
          ) : (
            <ProblemDialog order={order} onClose={close} />
          )}
        </Suspense>
      )}
    </div>
  );
}
