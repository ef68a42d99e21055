import { accountTexts, buyingTexts, formatPrice } from '@recell/contract';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatListingTime } from '@/lib/format-time';
import { useMySales } from '../api/get-my-sales';
import { orderStatusLabel } from './status-labels';
import { cell, DataTable, EmptyTable, LoadMore, ProductThumb, StatusPill } from './table-parts';

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

  if (sales.isPending) return <Spinner />;
  if (sales.isError && !sales.data)
    return (
      <div className="mt-6">
        <LoadError error={sales.error} onRetry={() => void sales.refetch()} />
      </div>
    );

  const items = sales.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyTable text={buyingTexts.noSales} />;

  return (
    <>
      <DataTable caption={accountTexts.mySales} columns={columns} minWidth="min-w-[60rem]">
        {items.map((sale) => {
          const { product, buyer } = sale;
          return (
            <tr key={sale.id}>
              <td className={cell}>
                <ProductThumb imageUrl={product.imageUrl} name={product.name} />
              </td>
              <th scope="row" className={`${cell} text-left font-semibold`}>
                {product.status === 'removed' ? (
                  <span className="break-words">{product.name}</span>
                ) : (
                  <Link to={paths.product.to(product.id)} className="link break-words">
                    {product.name}
                  </Link>
                )}
              </th>
              <td className={`${cell} font-semibold whitespace-nowrap`}>{formatPrice(sale.priceCents)}</td>
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
      <LoadMore
        hasNextPage={sales.hasNextPage}
        isFetchingNextPage={sales.isFetchingNextPage}
        fetchNextPage={sales.fetchNextPage}
        label={buyingTexts.loadMore}
      />
    </>
  );
}
