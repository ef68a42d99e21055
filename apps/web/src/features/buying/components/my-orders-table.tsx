import { accountTexts, buyingTexts, formatPrice, messages, type Order } from '@recell/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { dashboardPaths } from '@/config/dashboard-paths';
import { paths } from '@/config/paths';
import { useMyOrders } from '../api/get-my-orders';
import { DeleteOrderDialog } from './delete-order-dialog';
import { productStatusLabel } from './status-labels';
import { cell, DataTable, EmptyTable, LoadMore, PaidMark, ProductThumb, StatusPill } from './table-parts';

const columns = [
  buyingTexts.columnImage,
  buyingTexts.columnName,
  buyingTexts.columnPrice,
  buyingTexts.columnOriginal,
  buyingTexts.columnLocation,
  buyingTexts.columnSeller,
  buyingTexts.columnStatus,
  buyingTexts.columnAction,
  buyingTexts.columnPayment,
] as const;

/** The payment column (spec §4): a grey 'Paid', a 'Pay' link while payable, else why not. */
function PaymentCell({ order, describedBy }: { order: Order; describedBy: string }) {
  if (order.status === 'paid') return <PaidMark text={messages.paid} />;
  if (order.canPay)
    return (
      <Link to={dashboardPaths.payment.to(order.id)} className="btn btn-primary" aria-describedby={describedBy}>
        {messages.pay}
      </Link>
    );
  return (
    <StatusPill tone="muted">
      {order.product.status === 'sold' ? messages.statusSold : buyingTexts.notForSale}
    </StatusPill>
  );
}

/**
 * The buyer's orders (spec §2 My Orders): image, name, price (as booked), original, location, the
 * seller with their phone number (to arrange the hand-over), sales status, action and payment;
 * 'No Orders' when there are none. An unpaid order can be deleted after a confirmation; it can be
 * paid while its phone is still for sale. A phone sold to someone else shows 'Sold' and no Pay.
 *
 * On narrow screens the table scrolls sideways inside its frame; the page itself never does.
 */
export function MyOrdersTable() {
  const orders = useMyOrders();
  const [toDelete, setToDelete] = useState<Order | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  // A deleted order's row goes, and its Delete button (where focus returns) with it: once the
  // dialog has closed, focus moves to the table instead.
  const refocusTable = useRef(false);
  useEffect(() => {
    if (toDelete || !refocusTable.current) return;
    refocusTable.current = false;
    tableRef.current?.focus();
  }, [toDelete]);

  if (orders.isPending) return <Spinner />;
  if (orders.isError && !orders.data)
    return (
      <div className="mt-6">
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      </div>
    );

  const items = orders.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyTable text={messages.noOrders} />;

  return (
    <>
      <DataTable caption={accountTexts.myOrders} columns={columns} minWidth="min-w-[64rem]" tableRef={tableRef}>
        {items.map((order) => {
          const { product, seller } = order;
          const nameId = `my-order-${order.id}`;
          return (
            <tr key={order.id}>
              <td className={cell}>
                <ProductThumb imageUrl={product.imageUrl} name={product.name} />
              </td>
              <th scope="row" id={nameId} className={`${cell} text-left font-semibold`}>
                {product.status === 'removed' ? (
                  <span className="break-words">{product.name}</span>
                ) : (
                  <Link to={paths.product.to(product.id)} className="link break-words">
                    {product.name}
                  </Link>
                )}
              </th>
              <td className={`${cell} font-semibold whitespace-nowrap`}>{formatPrice(order.priceCents)}</td>
              <td className={`${cell} whitespace-nowrap`}>{formatPrice(product.originalPriceCents)}</td>
              <td className={`${cell} break-words`}>{product.location}</td>
              <td className={cell}>
                <span className="block font-medium break-words">{seller.name}</span>
                <a href={`tel:${seller.phone}`} className="link whitespace-nowrap">
                  {seller.phone}
                </a>
              </td>
              <td className={cell}>
                <StatusPill tone={product.status === 'available' ? 'good' : 'muted'}>
                  {productStatusLabel(product.status)}
                </StatusPill>
              </td>
              <td className={cell}>
                {order.status === 'booked' && (
                  <button
                    type="button"
                    className="btn border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950"
                    aria-describedby={nameId}
                    aria-haspopup="dialog"
                    onClick={() => {
                      setToDelete(order);
                    }}
                  >
                    {buyingTexts.delete}
                  </button>
                )}
              </td>
              <td className={cell}>
                <PaymentCell order={order} describedBy={nameId} />
              </td>
            </tr>
          );
        })}
      </DataTable>
      <LoadMore
        hasNextPage={orders.hasNextPage}
        isFetchingNextPage={orders.isFetchingNextPage}
        fetchNextPage={orders.fetchNextPage}
        label={buyingTexts.loadMore}
      />
      {toDelete && (
        <DeleteOrderDialog
          order={toDelete}
          onClose={() => {
            setToDelete(null);
          }}
          onDeleted={() => {
            refocusTable.current = true;
            setToDelete(null);
          }}
        />
      )}
    </>
  );
}
