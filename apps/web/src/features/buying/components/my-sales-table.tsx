import { accountTexts, buyingTexts } from '@recell/contract';
import { cell, DataTable, PagedTable, ProductCells, StatusPill } from '@/components/ui/data-table';
import { formatListingTime } from '@/lib/format-time';
import { useMySales } from '../api/get-my-sales';
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
] as const;

/**
 * The seller's sales (My Sales): every booking of their phones with who booked (name, email), the
 * buyer's phone number and meeting place from the booking, when it was booked (12-hour clock) and
 * whether it is paid, so the seller can hand the phone over. 'No sales yet' when there are none.
 */
export function MySalesTable() {
  const sales = useMySales();
  return (
    <PagedTable query={sales} empty={buyingTexts.noSales} loadMoreLabel={buyingTexts.loadMore}>
      {(items) => (
        <DataTable caption={accountTexts.mySales} columns={columns} minWidth="min-w-[60rem]">
          {items.map((sale) => {
            const { product, buyer } = sale;
            return (
              <tr key={sale.id}>
                <ProductCells product={product} priceCents={sale.priceCents} isLinked={product.status !== 'removed'} />
                <td className={cell}>
                  <span className="block font-medium break-words">{buyer.name}</span>
                  <span className="block text-slate-600 break-all dark:text-slate-400">{buyer.email}</span>
                </td>
                <td className={cell}>
                  <a href={`tel:${buyer.phone}`} className="link whitespace-nowrap">
                    {buyer.phone}
                  </a>
                </td>
                <td className={`${cell} break-words`}>{buyer.location}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  <time dateTime={sale.createdAt}>{formatListingTime(sale.createdAt)}</time>
                </td>
                <td className={cell}>
                  <StatusPill tone={sale.status === 'paid' ? 'good' : sale.status === 'booked' ? 'neutral' : 'muted'}>
                    {orderStatusLabel(sale.status)}
                  </StatusPill>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </PagedTable>
  );
}
