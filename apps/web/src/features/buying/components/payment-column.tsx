import { buyingTexts, messages, orderDetailsTexts, type Product } from '@recell/contract';
import { Link } from 'react-router';
import { StatusPill } from '@/components/ui/data-table/cells';
import { dashboardPaths } from '@/config/dashboard-paths';

const markClass =
  'inline-flex min-h-11 items-center rounded-lg bg-slate-200 px-4 font-semibold whitespace-nowrap text-slate-700 dark:bg-slate-700 dark:text-slate-200';

/** The grey 'Paid' of the payment column (docs/product.md, States and rules): a mark, not a link. */
export function PaidMark() {
  return <span className={markClass}>{messages.paid}</span>;
}

/** A paid order whose payment an admin gave back: 'Refunded', never 'Paid'. */
export function RefundedMark() {
  return <span className={markClass}>{orderDetailsTexts.payment.refunded}</span>;
}

/** 'Pay': to the order's payment page, described by the row's phone. */
export function PayLink({ orderId, describedBy }: { orderId: string; describedBy: string }) {
  return (
    <Link to={dashboardPaths.payment.to(orderId)} className="btn btn-primary" aria-describedby={describedBy}>
      {messages.pay}
    </Link>
  );
}

/** Why a phone cannot be paid for: 'Sold' (to someone else), else no longer for sale. */
export function NotForSalePill({ status }: { status: Product['status'] }) {
  return <StatusPill tone="muted">{status === 'sold' ? messages.statusSold : buyingTexts.notForSale}</StatusPill>;
}
