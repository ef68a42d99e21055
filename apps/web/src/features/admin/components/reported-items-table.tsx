import { accountTexts, adminTexts, formatPrice, messages, type Product, type ReportedProduct } from '@recell/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { showActionError } from '@/lib/form-errors';
import { listingSrcSet } from '@/lib/responsive-image';
import { toast } from '@/lib/toast';
import { useDeleteReportedProduct } from '../api/delete-reported-product';
import { useDismissReports } from '../api/dismiss-reports';
import { useReportedProducts } from '../api/get-reported-products';
import { ConfirmDialog } from './confirm-dialog';
import { LoadMore } from './load-more';
import { ReportTextDialog } from './report-text-dialog';
import { badge, cell, dangerButton, emptyBox, headerCell, tableFrame } from './table-styles';

const statusBadge: Record<Product['status'], { text: string; tone: string }> = {
  available: {
    text: messages.statusAvailable,
    tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  },
  sold: { text: messages.statusSold, tone: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100' },
  removed: { text: adminTexts.removedStatus, tone: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100' },
};

/**
 * Reported Items (spec §2): IMAGE, NAME, PRICE, SOLD, LOCATION, REPORT, ACTION, one row per phone
 * (several reports on one phone are grouped, with their count on the View button). View opens the
 * read-only 'Report Text' modal. Delete (after a confirmation) removes the listing with its
 * advertisement: 'Product Deleted Successfully', then the list refreshes. Dismiss closes the
 * reports and keeps the listing. 'No Reprted Items' when there are none.
 */
export function ReportedItemsTable() {
  const reported = useReportedProducts();
  const deleteProduct = useDeleteReportedProduct();
  const dismiss = useDismissReports();
  const [viewing, setViewing] = useState<ReportedProduct | null>(null);
  const [toDelete, setToDelete] = useState<ReportedProduct | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  // A resolved phone's row goes, and the button that had the focus with it: focus moves to the
  // table instead (after the dialog has closed, for Delete).
  const refocusTable = useRef(false);
  useEffect(() => {
    if (toDelete || !refocusTable.current) return;
    refocusTable.current = false;
    tableRef.current?.focus();
  });

  if (reported.isPending) return <Spinner />;
  if (reported.isError && !reported.data)
    return (
      <div className="mt-6">
        <LoadError error={reported.error} onRetry={() => void reported.refetch()} />
      </div>
    );

  const items = reported.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className={emptyBox}>{messages.noReportedItems}</p>;

  const onDismiss = (item: ReportedProduct) => {
    dismiss.mutate(item.product.id, {
      onSuccess: () => {
        toast.success(adminTexts.reportDismissed);
        refocusTable.current = true;
      },
      onError: showActionError,
    });
  };

  const onConfirmDelete = () => {
    if (!toDelete) return;
    deleteProduct.mutate(toDelete.product.id, {
      onSuccess: () => {
        toast.success(messages.productDeleted);
        refocusTable.current = true;
        setToDelete(null);
      },
      onError: showActionError,
    });
  };

  const columns = adminTexts.reportColumns;
  return (
    <>
      <div className={tableFrame}>
        <table ref={tableRef} tabIndex={-1} className="w-full min-w-[56rem] text-sm focus:outline-none">
          <caption className="sr-only">{accountTexts.reportedItems}</caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              {[
                columns.image,
                columns.name,
                columns.price,
                columns.sold,
                columns.location,
                columns.report,
                columns.action,
              ].map((name) => (
                <th key={name} scope="col" className={headerCell}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((item) => {
              const { product } = item;
              const nameId = `reported-${product.id}`;
              const countId = `reported-${product.id}-count`;
              const status = statusBadge[product.status];
              const isDismissing = dismiss.isPending && dismiss.variables === product.id;
              const srcSet = listingSrcSet(product.imageUrl);
              return (
                <tr key={product.id}>
                  <td className={cell}>
                    <img
                      src={product.imageUrl}
                      srcSet={srcSet}
                      sizes={srcSet ? '64px' : undefined}
                      alt={product.name}
                      width={64}
                      height={64}
                      loading="lazy"
                      decoding="async"
                      className="size-16 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
                    />
                  </td>
                  <th scope="row" className={`${cell} text-left font-semibold`}>
                    <Link id={nameId} to={paths.product.to(product.id)} className="link break-words">
                      {product.name}
                    </Link>
                  </th>
                  <td className={`${cell} font-semibold whitespace-nowrap`}>{formatPrice(product.priceCents)}</td>
                  <td className={cell}>
                    <span className={`${badge} ${status.tone}`}>{status.text}</span>
                  </td>
                  <td className={`${cell} break-words`}>{product.location}</td>
                  <td className={cell}>
                    {/* Read with the View button (its description), never shown on its own. */}
                    <span id={countId} hidden>
                      {adminTexts.reportCount(item.reportCount)}
                    </span>
                    <button
                      type="button"
                      className="btn btn-outline whitespace-nowrap"
                      aria-describedby={`${nameId} ${countId}`}
                      aria-haspopup="dialog"
                      onClick={() => {
                        setViewing(item);
                      }}
                    >
                      {adminTexts.viewReports(item.reportCount)}
                    </button>
                  </td>
                  <td className={cell}>
                    <div className="flex gap-2">
                      <button
                        type="button"
                        className={dangerButton}
                        aria-describedby={nameId}
                        aria-haspopup="dialog"
                        onClick={() => {
                          setToDelete(item);
                        }}
                      >
                        {adminTexts.delete}
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline"
                        aria-describedby={nameId}
                        disabled={isDismissing}
                        aria-busy={isDismissing || undefined}
                        onClick={() => {
                          onDismiss(item);
                        }}
                      >
                        {adminTexts.dismiss}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <LoadMore {...reported} />
      {viewing && (
        <ReportTextDialog
          reported={viewing}
          onClose={() => {
            setViewing(null);
          }}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          title={adminTexts.deleteReportedTitle(toDelete.product.name)}
          description={adminTexts.deleteReportedText}
          isBusy={deleteProduct.isPending}
          onConfirm={onConfirmDelete}
          onClose={() => {
            setToDelete(null);
          }}
        />
      )}
    </>
  );
}
