import { accountTexts, buyingTexts, orderMessageTexts, ratingTexts, type Sale } from '@recell/contract';
import { useState } from 'react';
import { Cell, DataTable, PagedTable, ProductCells, Row, RowButton, StatusPill } from '@/components/ui/data-table';
import { RatingView } from '@/components/ui/rating-view';
import { OrderMessagesLink } from '@/features/messages';
import { formatListingTime } from '@/lib/format-time';
import { useMySales } from '../api/get-my-sales';
import ReplyDialog from './reply-dialog';
import { orderStatusLabel } from './status-labels';

const columns = [
  buyingTexts.columnImage,
  buyingTexts.columnPhoneName,
  buyingTexts.columnPrice,
  buyingTexts.columnBuyer,
  buyingTexts.columnBuyerPhone,
  buyingTexts.columnMeetingLocation,
  buyingTexts.columnBookedAt,
  buyingTexts.columnSaleStatus,
  orderMessageTexts.pageTitle,
  ratingTexts.ratingColumn,
] as const;

/**
 * The seller's sales (My Sales): every booking of their phones with who booked (name, email), the
 * buyer's phone number and meeting place from the booking, when it was booked (12-hour clock) and
 * whether it is paid, so the seller can hand the phone over, and the order's messages with the buyer. 'No sales yet' when there are none.
 */
export function MySalesTable() {
  const sales = useMySales();
  const [toReply, setToReply] = useState<Sale | null>(null);
  return (
    <>
      <PagedTable query={sales} empty={buyingTexts.noSales} loadMoreLabel={buyingTexts.loadMore}>
        {(items) => (
          <DataTable caption={accountTexts.mySales} columns={columns}>
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
      {toReply && <ReplyDialog sale={toReply} onClose={() => setToReply(null)} />}
    </>
  );
}
