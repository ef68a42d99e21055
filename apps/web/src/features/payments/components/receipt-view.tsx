import { formatPrice, paymentTexts } from '@recell/contract';
import { Link } from 'react-router';
import { DateTime } from '@/components/ui/data-table/cells';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useReceipt } from '../api/get-receipt';

function Line({ term, children, strong }: { term: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-200 py-2 dark:border-slate-700">
      <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className={strong ? 'text-right font-semibold' : 'text-right'}>{children}</dd>
    </div>
  );
}

/** The buyer's receipt: the phone, its price, the service fee, the shipping, the total and the card that paid. */
export function ReceiptView({ orderId }: { orderId: string }) {
  const receipt = useReceipt(orderId);
  if (receipt.isPending) return <Spinner />;
  if (receipt.isError)
    return (
      <div className="mt-6">
        <LoadError error={receipt.error} onRetry={() => void receipt.refetch()} />
      </div>
    );
  const { data } = receipt;
  return (
    <div className="mt-6 max-w-md rounded-2xl border border-slate-200 p-4 dark:border-slate-700">
      <dl className="text-sm">
        <Line term={paymentTexts.receiptPhone}>
          <span className="break-words">{data.productName}</span>
        </Line>
        <Line term={paymentTexts.receiptPaidAt}>
          <DateTime iso={data.paidAt} />
        </Line>
        <Line term={paymentTexts.receiptPrice}>{formatPrice(data.priceCents)}</Line>
        {data.buyerFeeCents > 0 && <Line term={paymentTexts.receiptServiceFee}>{formatPrice(data.buyerFeeCents)}</Line>}
        {data.shippingCents > 0 && <Line term={paymentTexts.receiptShipping}>{formatPrice(data.shippingCents)}</Line>}
        <Line term={paymentTexts.receiptTotal} strong>
          {formatPrice(data.totalCents)}
        </Line>
        <Line term={paymentTexts.receiptCard}>
          {data.cardLast4 ? paymentTexts.receiptCardEnding(data.cardLast4) : paymentTexts.receiptCardUnknown}
        </Line>
      </dl>
      {data.isRefunded && (
        <p role="status" className="mt-3 text-sm">
          {paymentTexts.receiptRefunded}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3 print:hidden">
        <button type="button" className="btn btn-outline" onClick={() => window.print()}>
          {paymentTexts.printReceipt}
        </button>
        <Link to={dashboardPaths.order.to(orderId)} className="link self-center">
          {paymentTexts.backToOrder}
        </Link>
      </div>
    </div>
  );
}
