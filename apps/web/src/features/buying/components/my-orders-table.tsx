import { accountTexts, buyingTexts, messages, orderProgressTexts, ratingTexts, type Order } from '@recell/contract';
import { lazy, Suspense, useState } from 'react';
import {
  Cell,
  DataTable,
  PagedTable,
  ListingCells,
  Row,
  RowButton,
  StatusPill,
  useRowDialog,
} from '@/components/ui/data-table';
import { OrderMessagesLink } from '@/features/messages';
import { Stars } from '@/components/ui/rating-view';
import { toast } from '@/lib/toast';
import { useMyOrders } from '../api/get-my-orders';
import { useConfirmReceipt } from '../api/order-progress';
import { dialogError } from './dialog-error';
import { OrderProgressSteps } from './order-progress-steps';
import { DeleteOrderDialog } from './delete-order-dialog';
import { NotForSalePill, PaidMark, PayLink } from './payment-column';
import { productStatusLabel } from './status-labels';
import RateSellerDialog from './rate-seller-dialog';

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
  // The rating is the progress' last step: rated, or Rate the seller once completed.
  orderProgressTexts.columnProgress,
] as const;

const ProblemDialog = lazy(() => import('./problem-dialog'));

/** The buyer's part of a handed-over order: Confirm receipt, and Report a problem while they may. */
function BuyerActions({ order, describedBy, onReport }: { order: Order; describedBy: string; onReport: () => void }) {
  const confirmReceipt = useConfirmReceipt();
  const canConfirm =
    (order.progress === 'handed_over' || order.progress === 'shipped') &&
    !order.refundedAt &&
    order.problem?.status !== 'open' &&
    order.problem?.status !== 'refunding';
  if (!canConfirm && !order.canReportProblem) return null;
  const confirm = () =>
    confirmReceipt.mutate(order.id, {
      onSuccess: () => toast.success(orderProgressTexts.receiptToast),
      onError: (error) => {
        const message = dialogError(error);
        if (message) toast.error(message);
      },
    });
  return (
    <div className="flex flex-wrap gap-2">
      {canConfirm && (
        <RowButton variant="primary" describedBy={describedBy} isBusy={confirmReceipt.isPending} onClick={confirm}>
          {confirmReceipt.isPending ? orderProgressTexts.confirmingReceipt : orderProgressTexts.confirmReceipt}
        </RowButton>
      )}
      {order.canReportProblem && (
        <RowButton variant="outline" describedBy={describedBy} opensDialog onClick={onReport}>
          {orderProgressTexts.reportProblem}
        </RowButton>
      )}
    </div>
  );
}
const listingLabels = { original: buyingTexts.columnOriginal, location: buyingTexts.columnLocation };

/** The payment column (spec §4): a grey 'Paid', a 'Pay' link while payable, else why not. */
function PaymentCell({ order, describedBy }: { order: Order; describedBy: string }) {
  if (order.status === 'paid') return <PaidMark />;
  if (order.canPay) return <PayLink orderId={order.id} describedBy={describedBy} />;
  return <NotForSalePill status={order.product.status} />;
}

/**
 * The buyer's orders (spec §2 My Orders): image, name, price (as booked), original, location, the
 * seller with their phone number (to arrange the hand-over), sales status, action (the order's
 * messages with the seller, and Delete) and payment;
 * 'No Orders' when there are none. An unpaid order can be deleted after a confirmation; it can be
 * paid while its phone is still for sale. A phone sold to someone else shows 'Sold' and no Pay.
 */
export function MyOrdersTable() {
  const orders = useMyOrders();
  // A deleted order's row goes, and its Delete button (where focus returns) with it: once the
  // dialog has closed, focus moves to the table instead.
  const toDelete = useRowDialog<Order>();
  const [toRate, setToRate] = useState<Order | null>(null);
  const toReport = useRowDialog<Order>();

  return (
    <>
      <PagedTable query={orders} empty={messages.noOrders} loadMoreLabel={buyingTexts.loadMore}>
        {(items) => (
          <DataTable caption={accountTexts.myOrders} columns={columns} tableRef={toDelete.tableRef}>
            {items.map((order) => {
              const { product, seller } = order;
              const nameId = `my-order-${order.id}`;
              return (
                <Row key={order.id}>
                  <ListingCells
                    product={product}
                    labels={listingLabels}
                    priceCents={order.priceCents}
                    nameId={nameId}
                    isLinked={product.status !== 'removed'}
                  />
                  <Cell label={buyingTexts.columnSeller}>
                    <span className="block font-medium wrap-anywhere">{seller.name}</span>
                    <a href={`tel:${seller.phone}`} className="link whitespace-nowrap">
                      {seller.phone}
                    </a>
                  </Cell>
                  <Cell label={buyingTexts.columnStatus}>
                    <StatusPill tone={product.status === 'available' ? 'good' : 'muted'}>
                      {productStatusLabel(product.status)}
                    </StatusPill>
                  </Cell>
                  <Cell label={buyingTexts.columnAction}>
                    <div className="flex flex-wrap gap-2">
                      <OrderMessagesLink orderId={order.id} describedBy={nameId} />
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
                  <Cell
                    label={orderProgressTexts.columnProgress}
                    // Room for the steps once there are some; a booked order's cell stays narrow.
                    className={order.progress ? '@min-4xl:min-w-48' : undefined}
                  >
                    <div className="grid gap-2">
                      <OrderProgressSteps order={order} />
                      <BuyerActions order={order} describedBy={nameId} onReport={() => toReport.open(order)} />
                      {order.rating ? (
                        <Stars stars={order.rating.stars} label={ratingTexts.starsOutOfFive(order.rating.stars)} />
                      ) : (
                        order.canRate && (
                          <RowButton
                            variant="outline"
                            describedBy={nameId}
                            opensDialog
                            className="justify-self-start"
                            onClick={() => setToRate(order)}
                          >
                            {ratingTexts.rateSeller}
                          </RowButton>
                        )
                      )}
                    </div>
                  </Cell>
                </Row>
              );
            })}
          </DataTable>
        )}
      </PagedTable>
      {toRate && <RateSellerDialog order={toRate} onClose={() => setToRate(null)} />}
      {toDelete.row && (
        <DeleteOrderDialog order={toDelete.row} onClose={toDelete.close} onDeleted={toDelete.closeRemoved} />
      )}
      {toReport.row && (
        <Suspense fallback={null}>
          <ProblemDialog order={toReport.row} onClose={toReport.close} />
        </Suspense>
      )}
    </>
  );
}
