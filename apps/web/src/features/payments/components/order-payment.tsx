import { buyingMessages, messages, paymentMessages, paymentTexts, type Order } from '@recell/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { dashboardPaths } from '@/config/dashboard-paths';
import { isApiError } from '@/lib/api-error';
import { useOrder } from '../api/get-order';
import { OrderSummary } from './order-summary';
import { PaymentForm } from './payment-form';

const isNotFound = (error: unknown) => isApiError(error) && error.code === 'not_found';

const backLink = (
  <Link to={dashboardPaths.myOrders.to()} className="link">
    {paymentTexts.backToOrders}
  </Link>
);

/** An order that cannot be paid (any more): why, and the way back to My Orders. */
function NotPayable({ order, reason }: { order: Order; reason: string | null }) {
  const isSold = order.product.status === 'sold';
  return (
    <div className="grid gap-3 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-800">
      {isSold && (
        <p>
          <span className="rounded-full bg-slate-200 px-2.5 py-1 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
            {messages.statusSold}
          </span>
        </p>
      )}
      {/* A refusal just now is said in the alert above; otherwise why this order cannot be paid. */}
      {!reason && <p>{isSold ? paymentTexts.soldNotice : paymentMessages.orderNotPayable}</p>}
      <p>{backLink}</p>
    </div>
  );
}

/** A paid order: the grey 'Paid' (docs/product.md, States and rules) and no form. */
function Paid() {
  return (
    <div className="grid gap-3 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-800">
      <p className="flex flex-wrap items-center gap-3">
        <span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">
          {messages.paid}
        </span>
        <span>{paymentTexts.paidNotice}</span>
      </p>
      <p>{backLink}</p>
    </div>
  );
}

/**
 * The payment page's content (docs/product.md, Screens and States and rules): the order's Price, Original Price and Brand Name, then
 * the card input and the Payment button while the order can be paid; the grey 'Paid' once it is;
 * why not when its phone went to someone else; the not-found message for an order that is not the
 * buyer's (or does not exist). When the server refuses the sale (409), its message stays shown
 * while the order loads again to show what became of it.
 */
export function OrderPayment({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (order.isPending) return <Spinner />;
  if (order.isError && (!order.data || isNotFound(order.error))) {
    if (isNotFound(order.error))
      return (
        <div className="mt-6 grid gap-3">
          <p>{buyingMessages.orderNotFound}</p>
          <p>{backLink}</p>
        </div>
      );
    return (
      <div className="mt-6">
        <LoadError error={order.error} onRetry={() => void order.refetch()} />
      </div>
    );
  }

  /** Shows the server's refusal and the order as it is now (which the form gets too). */
  const onRefused = async (message: string) => {
    setRefusal(message);
    return (await order.refetch()).data;
  };

  return (
    <div className="mt-6 grid max-w-xl gap-6">
      <OrderSummary order={order.data} />
      {refusal && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {refusal}
        </p>
      )}
      {order.data.status === 'paid' ? (
        <Paid />
      ) : order.data.canPay ? (
        <PaymentForm
          order={order.data}
          onRefused={onRefused}
          onAttempt={() => {
            setRefusal(null);
          }}
        />
      ) : (
        <NotPayable order={order.data} reason={refusal} />
      )}
    </div>
  );
}
