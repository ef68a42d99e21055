import { accountTexts, buyingTexts, orderDetailsTexts } from '@recell/contract';
import { StatusPill } from '@/components/ui/data-table/cells';
import { PagedTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row } from '@/components/ui/data-table/table';
import { formatListingTime } from '@/lib/format-time';
import { useMySales } from '../api/get-my-sales';
import { OrderPhoneCells, ViewOrderLink } from './order-row-cells';
import { orderShortStatusLabel, orderShortStatusTone } from './status-labels';

const columns = [
  buyingTexts.columnImage,
  buyingTexts.columnPhoneName,
  buyingTexts.columnPrice,
  buyingTexts.columnBuyer,
  buyingTexts.columnBookedAt,
  buyingTexts.columnSaleStatus,
  orderDetailsTexts.columnOrder,
] as const;

/**
 * The seller's sales (My Sales): every booking of their phones with who booked it, when (12-hour
 * clock) and where the order stands in a word or two (Booked, Awaiting hand-over, Shipped,
 * Completed, Refunded…), and a link to the order's page: the buyer's phone number, email and
 * meeting place, the steps with their dates, marking it handed over or shipped, the rating and its
 * reply, and the messages (the link carries their unread count). 'No sales yet' when there are none.
 */
export function MySalesTable() {
  const sales = useMySales();
  return (
    <PagedTable query={sales} empty={buyingTexts.noSales} loadMoreLabel={buyingTexts.loadMore}>
      {(items) => (
        <DataTable caption={accountTexts.mySales} columns={columns}>
          {items.map((sale) => {
            const nameId = `my-sale-${sale.id}`;
            return (
              <Row key={sale.id}>
                <OrderPhoneCells product={sale.product} priceCents={sale.priceCents} nameId={nameId} />
                <Cell label={buyingTexts.columnBuyer} className="font-medium break-words">
                  {sale.buyer.name}
                </Cell>
                <Cell label={buyingTexts.columnBookedAt}>
                  <time dateTime={sale.createdAt}>{formatListingTime(sale.createdAt)}</time>
                </Cell>
                <Cell label={buyingTexts.columnSaleStatus}>
                  <StatusPill tone={orderShortStatusTone(sale)}>{orderShortStatusLabel(sale)}</StatusPill>
                </Cell>
                <Cell label={orderDetailsTexts.columnOrder}>
                  <ViewOrderLink orderId={sale.id} describedBy={nameId} />
                </Cell>
              </Row>
            );
          })}
        </DataTable>
      )}
    </PagedTable>
  );
}
