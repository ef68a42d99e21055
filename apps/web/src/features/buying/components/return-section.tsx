import { orderDetailsTexts, returnTexts as texts, type OrderDetails, type OrderReturn } from '@recell/contract';
import { useState, type ReactNode } from 'react';
import { FreeText } from '@/components/ui/data-table/cells';
import { dialogError } from '@/lib/dialog-send';
import { formatListingTime } from '@/lib/format-time';
import { toast } from '@/lib/toast';
import { downloadReturnLabel, useRelistReturned } from '../api/order-returns';

export type ReturnDialog = 'requestReturn' | 'acceptReturn' | 'declineReturn' | 'confirmReturnImei';

/** A term and its value in the return's facts. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-3">
      <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const Time = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatListingTime(iso)}</time>;

/** What the refund of a refunded return was: its part, or all that the buyer paid. */
const refundText = (ret: OrderReturn) =>
  ret.refundCents !== null ? texts.refundShown(ret.refundCents) : ret.refundedAt ? texts.refundAll : null;

/** The return's deadline in the caller's words while it waits for the seller. */
const deadlineText = (order: OrderDetails, ret: OrderReturn) => {
  if (ret.status !== 'requested') return null;
  const until = formatListingTime(ret.sellerAnswerBy);
  return order.myPart === 'seller' ? texts.answerBy(until) : texts.sellerAnswersBy(until);
};

/** The return's facts: the buyer's words and photos, the seller's answer, the parcel, the IMEI, the decision. */
function ReturnFacts({ ret }: { ret: OrderReturn }) {
  return (
    <dl className="mt-3 grid gap-2 text-sm">
      <Fact term={texts.askedAt}>
        <Time iso={ret.createdAt} />
      </Fact>
      <Fact term={texts.reasonShown}>
        <FreeText>{ret.reason}</FreeText>
      </Fact>
      {ret.photos.length > 0 && (
        <Fact term={texts.photosShown}>
          <ul className="flex flex-wrap gap-2">
            {ret.photos.map((photo, index) => (
              <li key={photo.url}>
                <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                  <img
                    src={photo.url}
                    alt={texts.photoAlt(index + 1)}
                    width={72}
                    height={72}
                    loading="lazy"
                    className="size-18 rounded-md bg-slate-100 object-cover dark:bg-slate-800"
                  />
                </a>
              </li>
            ))}
          </ul>
        </Fact>
      )}
      <Fact term={texts.answerShown}>
        {ret.sellerAnswer ? texts.answerWords[ret.sellerAnswer] : texts.noAnswer}
        {ret.sellerAnsweredAt && (
          <>
            {' '}
            (<Time iso={ret.sellerAnsweredAt} />)
          </>
        )}
      </Fact>
      {ret.declineReason && (
        <Fact term={texts.declineReasonShown}>
          <FreeText>{ret.declineReason}</FreeText>
        </Fact>
      )}
      {ret.parcel && (
        <Fact term={texts.returnParcelShown}>
          {ret.parcel.carrier && ret.parcel.trackingCode && (
            <span className="block font-mono break-all">{`${ret.parcel.carrier} ${ret.parcel.trackingCode}`}</span>
          )}
          <span className="block">
            {ret.parcel.status ? orderDetailsTexts.trackingStatus[ret.parcel.status] : texts.parcelNotScanned}
          </span>
        </Fact>
      )}
      {ret.arrivedAt && (
        <Fact term={texts.arrivedAt}>
          <Time iso={ret.arrivedAt} />
        </Fact>
      )}
      {ret.imeiCheck && <Fact term={texts.imeiShown}>{texts.imeiWords[ret.imeiCheck]}</Fact>}
      {ret.decision && (
        <Fact term={texts.decisionShown}>
          <span className="block font-medium">{texts.decisionWords[ret.decision.decision]}</span>
          <FreeText>{ret.decision.reason}</FreeText>
          <span className="block text-slate-600 dark:text-slate-400">
            <Time iso={ret.decision.decidedAt} />
          </span>
        </Fact>
      )}
      {ret.relistedAt && (
        <Fact term={texts.relistedShown}>
          <Time iso={ret.relistedAt} />
        </Fact>
      )}
    </dl>
  );
}

/**
 * The order's return (decision 0074): for the buyer, "Ask for a return" while they may, then the
 * return's status in words, its deadline, facts and Print the return label; for the seller, Accept
 * and Decline, Check the IMEI once the phone is back, and Put the phone back on sale after the
 * refund. An admin reading the order sees the same facts.
 */
export function ReturnSection({
  order,
  headingId,
  onOpen,
}: {
  order: OrderDetails;
  headingId: string;
  onOpen: (dialog: ReturnDialog) => void;
}) {
  const ret = order.return;
  const { can } = order;
  const relist = useRelistReturned();
  const [isPreparingLabel, setPreparingLabel] = useState(false);
  const say = (error: unknown) => {
    const message = dialogError(error);
    if (message) toast.error(message);
  };
  const printLabel = () => {
    setPreparingLabel(true);
    downloadReturnLabel(order.id)
      .catch(say)
      .finally(() => setPreparingLabel(false));
  };
  const putBackOnSale = () =>
    relist.mutate(order.id, { onSuccess: () => toast.success(texts.relistedToast), onError: say });
  const deadline = ret && deadlineText(order, ret);

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {texts.heading}
      </h2>
      {ret ? (
        <>
          <p className="mt-2 font-medium">{texts.status[ret.status]}</p>
          {deadline && <p className="mt-1 text-sm">{deadline}</p>}
          {refundText(ret) && <p className="mt-1 font-semibold">{refundText(ret)}</p>}
          <ReturnFacts ret={ret} />
        </>
      ) : (
        order.problemWindowEndsAt && (
          <p className="mt-2">{texts.requestUntil(formatListingTime(order.problemWindowEndsAt))}</p>
        )
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {can.requestReturn && (
          <button
            type="button"
            className="btn btn-primary"
            aria-haspopup="dialog"
            onClick={() => onOpen('requestReturn')}
          >
            {texts.requestReturn}
          </button>
        )}
        {can.answerReturn && (
          <>
            <button
              type="button"
              className="btn btn-primary"
              aria-haspopup="dialog"
              onClick={() => onOpen('acceptReturn')}
            >
              {texts.acceptReturn}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              aria-haspopup="dialog"
              onClick={() => onOpen('declineReturn')}
            >
              {texts.declineReturn}
            </button>
          </>
        )}
        {can.printReturnLabel && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={isPreparingLabel}
            aria-busy={isPreparingLabel || undefined}
            onClick={printLabel}
          >
            {isPreparingLabel ? texts.preparingReturnLabel : texts.printReturnLabel}
          </button>
        )}
        {can.confirmReturnImei && (
          <button
            type="button"
            className="btn btn-primary"
            aria-haspopup="dialog"
            onClick={() => onOpen('confirmReturnImei')}
          >
            {texts.confirmImei}
          </button>
        )}
        {can.relist && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={relist.isPending}
            aria-busy={relist.isPending || undefined}
            onClick={putBackOnSale}
          >
            {relist.isPending ? texts.relisting : texts.relist}
          </button>
        )}
      </div>
    </section>
  );
}
