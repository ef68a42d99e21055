import { accountTexts, buyingTexts, formatPrice, messages, type Order } from '@recell/contract';
import { RowButton, StatusPill } from '@/components/ui/data-table/cells';
import { PagedTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row, useRowDialog } from '@/components/ui/data-table/table';
import { useMyOrders } from '../api/get-my-orders';
import { DeleteOrderDialog } from './delete-order-dialog';
import { OrderPhoneCells, ViewOrderLink } from './order-row-cells';
import { NotForSalePill, PaidMark, PayLink, RefundedMark } from './payment-column';
import { orderShortStatusLabel, orderShortStatusTone, productStatusLabel } from './status-labels';

const columns = [
  buyingTexts.columnImage,
  buyingTexts.columnName,
  buyingTexts.columnPrice,
  buyingTexts.columnOriginal,
  buyingTexts.columnLocation,
  buyingTexts.columnStatus,
  buyingTexts.columnAction,
  buyingTexts.columnPayment,
] as const;

/** The payment column (docs/product.md, States and rules): 'Pay' while payable, a grey 'Paid' once paid ('Refunded' after a refund), else why not. */
function PaymentCell({ order, describedBy }: { order: Order; describedBy: string }) {
  if (order.status === 'paid') return order.refundedAt ? <RefundedMark /> : <PaidMark />;
  if (order.canPay) return <PayLink orderId={order.id} describedBy={describedBy} />;
  return <NotForSalePill status={order.product.status} />;
}

/**
 * The sales status: for a booked order the phone's (still available, or sold to someone else); once
 * paid, where the order stands in one or two words (Awaiting hand-over, Shipped, Completed,
 * Refunded…). The steps themselves are on the order's page.
 */
function StatusCell({ order }: { order: Order }) {
  if (order.status === 'booked') {
    return (
      <StatusPill tone={order.product.status === 'available' ? 'good' : 'muted'}>
        {productStatusLabel(order.product.status)}
      </StatusPill>
    );
  }
  return <StatusPill tone={orderShortStatusTone(order)}>{orderShortStatusLabel(order)}</StatusPill>;
}

/**
 * The buyer's orders (docs/product.md, Screens My Orders): image, name, price (as booked), original, location, sales
 * status, action and payment; 'No Orders' when there are none. Each row links to its order's page
 * (the seller's contact, the steps with their dates, confirming receipt, a problem report, the
 * rating and the messages); an unpaid order can also be deleted after a confirmation, and paid while
 * its phone is still for sale. A phone sold to someone else shows 'Sold' and no Pay.
 */
export function MyOrdersTable() {
  const orders = useMyOrders();
  // A deleted order's row goes, and its Delete button (where focus returns) with it: once the
  // dialog has closed, focus moves to the table instead.
  const toDelete = useRowDialog<Order>();

  return (
    <>
      <PagedTable query={orders} empty={messages.noOrders} loadMoreLabel={buyingTexts.loadMore}>
        {(items) => (
          <DataTable caption={accountTexts.myOrders} columns={columns} tableRef={toDelete.tableRef}>
            {items.map((order) => {
              const { product } = order;
              const nameId = `my-order-${order.id}`;
              return (
                <Row key={order.id}>
                  <OrderPhoneCells product={product} priceCents={order.priceCents} nameId={nameId} />
                  <Cell label={buyingTexts.columnOriginal} className="whitespace-nowrap">
                    {formatPrice(product.originalPriceCents)}
                  </Cell>
                  <Cell label={buyingTexts.columnLocation} className="break-words">
                    {product.location}
                  </Cell>
                  <Cell label={buyingTexts.columnStatus}>
                    <StatusCell order={order} />
                  </Cell>
                  <Cell label={buyingTexts.columnAction}>
                    <div className="flex flex-wrap gap-2">
                      <ViewOrderLink orderId={order.id} describedBy={nameId} />
                      {order.status === 'booked' && (
                        <RowButton
                          variant="danger"
                          describedBy={nameId}
                          opensDialog
                          onClick={() => toDelete.open(order)}
                        >
                          {buyingTexts.delete}
                        </RowButton>
                      )}
                    </div>
                  </Cell>
                  <Cell label={buyingTexts.columnPayment}>
                    <PaymentCell order={order} describedBy={nameId} />
                  </Cell>
                </Row>
              );
            })}
          </DataTable>
        )}
      </PagedTable>
      {toDelete.row && (
        <DeleteOrderDialog order={toDelete.row} onClose={toDelete.close} onDeleted={toDelete.closeRemoved} />
      )}
    </>
  );
}
