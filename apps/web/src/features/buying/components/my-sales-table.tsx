import {
  accountTexts,
  buyingTexts,
  orderMessageTexts,
  orderProgressTexts,
  ratingTexts,
  type Sale,
} from '@recell/contract';
import { lazy, Suspense, useState } from 'react';
import {
  Cell,
  DataTable,
  PagedTable,
  ProductCells,
  Row,
  RowButton,
  StatusPill,
  useRowDialog,
} from '@/components/ui/data-table';
import { RatingView } from '@/components/ui/rating-view';
import { OrderMessagesLink } from '@/features/messages';
import { formatListingTime } from '@/lib/format-time';
import { toast } from '@/lib/toast';
import { useMySales } from '../api/get-my-sales';
import { useMarkHandedOver } from '../api/order-progress';
import { dialogError } from './dialog-error';
import { OrderProgressSteps } from './order-progress-steps';
import ReplyDialog from './reply-dialog';
import { orderStatusLabel } from './status-labels';

const ShipDialog = lazy(() => import('./ship-dialog'));

const columns = [
  buyingTexts.columnImage,
  buyingTexts.columnPhoneName,
  buyingTexts.columnPrice,
  buyingTexts.columnBuyer,
  buyingTexts.columnBuyerPhone,
  buyingTexts.columnMeetingLocation,
  buyingTexts.columnBookedAt,
  buyingTexts.columnSaleStatus,
  orderProgressTexts.columnProgress,
  orderMessageTexts.pageTitle,
  ratingTexts.ratingColumn,
] as const;

/** The seller's part of a paid order: Mark handed over (at a meeting) or Mark shipped (a dialog). */
function SellerActions({ sale, describedBy, onShip }: { sale: Sale; describedBy: string; onShip: () => void }) {
  const markHandedOver = useMarkHandedOver();
  if (sale.progress !== 'awaiting_handover' || sale.refundedAt) return null;
  const handOver = () =>
    markHandedOver.mutate(sale.id, {
      onSuccess: () => toast.success(orderProgressTexts.handedOverToast),
      onError: (error) => {
        const message = dialogError(error);
        if (message) toast.error(message);
      },
    });
  return (
    <div className="flex flex-wrap gap-2">
      <RowButton variant="primary" describedBy={describedBy} isBusy={markHandedOver.isPending} onClick={handOver}>
        {markHandedOver.isPending ? orderProgressTexts.markingHandedOver : orderProgressTexts.markHandedOver}
      </RowButton>
      <RowButton variant="outline" describedBy={describedBy} opensDialog onClick={onShip}>
        {orderProgressTexts.markShipped}
      </RowButton>
    </div>
  );
}

/**
 * The seller's sales (My Sales): every booking of their phones with who booked (name, email), the
 * buyer's phone number and meeting place from the booking, when it was booked (12-hour clock) and
 * whether it is paid, so the seller can hand the phone over, and the order's messages with the buyer. 'No sales yet' when there are none.
 */
export function MySalesTable() {
  const sales = useMySales();
  const [toReply, setToReply] = useState<Sale | null>(null);
  const toShip = useRowDialog<Sale>();
  return (
    <>
      <PagedTable query={sales} empty={buyingTexts.noSales} loadMoreLabel={buyingTexts.loadMore}>
        {(items) => (
          <DataTable caption={accountTexts.mySales} columns={columns} tableRef={toShip.tableRef}>
            {items.map((sale) => {
              const { product, buyer } = sale;
              const nameId = `my-sale-${sale.id}`;
              return (
                <Row key={sale.id}>
                  <ProductCells
                    product={product}
                    priceCents={sale.priceCents}
                    nameId={nameId}
                    isLinked={product.status !== 'removed'}
                  />
                  {/* Room for an ordinary email on one line (a longer one wraps). */}
                  <Cell label={buyingTexts.columnBuyer} className="@min-4xl:min-w-40">
                    <span className="block font-medium wrap-anywhere">{buyer.name}</span>
                    <span className="block text-slate-600 break-all dark:text-slate-400">{buyer.email}</span>
                  </Cell>
                  <Cell label={buyingTexts.columnBuyerPhone}>
                    <a href={`tel:${buyer.phone}`} className="link whitespace-nowrap">
                      {buyer.phone}
                    </a>
                  </Cell>
                  <Cell label={buyingTexts.columnMeetingLocation} className="wrap-anywhere">
                    {buyer.location}
                  </Cell>
                  <Cell label={buyingTexts.columnBookedAt}>
                    <time dateTime={sale.createdAt}>{formatListingTime(sale.createdAt)}</time>
                  </Cell>
                  <Cell label={buyingTexts.columnSaleStatus}>
                    <StatusPill tone={sale.status === 'paid' ? 'good' : sale.status === 'booked' ? 'neutral' : 'muted'}>
                      {orderStatusLabel(sale.status)}
                    </StatusPill>
                  </Cell>
                  <Cell label={orderProgressTexts.columnProgress} className="@min-4xl:min-w-48">
                    <div className="grid gap-2">
                      <OrderProgressSteps order={sale} />
                      <SellerActions sale={sale} describedBy={nameId} onShip={() => toShip.open(sale)} />
                    </div>
                  </Cell>
                  <Cell label={orderMessageTexts.pageTitle}>
                    <OrderMessagesLink orderId={sale.id} describedBy={nameId} />
                  </Cell>
                  <Cell label={ratingTexts.ratingColumn} className="@min-4xl:min-w-48">
                    {sale.rating ? (
                      <RatingView
                        rating={sale.rating}
                        actions={
                          sale.rating.reply === null && (
                            <RowButton
                              variant="outline"
                              describedBy={nameId}
                              opensDialog
                              className="mt-1 justify-self-start"
                              onClick={() => setToReply(sale)}
                            >
                              {ratingTexts.reply}
                            </RowButton>
                          )
                        }
                      />
                    ) : (
                      sale.status === 'paid' && (
                        <span className="text-slate-600 dark:text-slate-400">{ratingTexts.notRatedYet}</span>
                      )
                    )}
                  </Cell>
                </Row>
              );
            })}
          </DataTable>
        )}
      </PagedTable>
      {toShip.row && (
        <Suspense fallback={null}>
          <ShipDialog sale={toShip.row} onClose={toShip.close} />
        </Suspense>
      )}
      {toReply && <ReplyDialog sale={toReply} onClose={() => setToReply(null)} />}
    </>
  );
}
