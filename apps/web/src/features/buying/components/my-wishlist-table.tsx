import {
  accountTexts,
  buyingTexts,
  formatPrice,
  messages,
  webTexts,
  type Product,
  type WishlistItem,
} from '@recell/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { dashboardPaths } from '@/config/dashboard-paths';
import { paths } from '@/config/paths';
import { useChangeWishlist } from '../api/change-wishlist';
import { useMyWishlist } from '../api/get-my-wishlist';
import { cell, DataTable, EmptyTable, LoadMore, PaidMark, ProductThumb, StatusPill } from './table-parts';
import { BookingModal } from './use-listing-buying';

const columns = [
  buyingTexts.columnImage,
  buyingTexts.columnName,
  buyingTexts.columnPrice,
  buyingTexts.columnOriginal,
  buyingTexts.columnLocation,
  buyingTexts.columnAction,
  buyingTexts.columnPayment,
] as const;

/**
 * The payment column of a wishlisted phone: 'Paid' once the buyer's order is paid, 'Sold' when
 * someone else bought it, 'Pay' while the buyer's booking can be paid, else 'Book now'.
 */
function PaymentCell({
  item,
  describedBy,
  onBook,
}: {
  item: WishlistItem;
  describedBy: string;
  onBook: (product: Product) => void;
}) {
  const { product, order } = item;
  if (order?.status === 'paid') return <PaidMark text={messages.paid} />;
  if (product.status !== 'available')
    return (
      <StatusPill tone="muted">{product.status === 'sold' ? messages.statusSold : buyingTexts.notForSale}</StatusPill>
    );
  if (order?.status === 'booked')
    return (
      <Link to={dashboardPaths.payment.to(order.id)} className="btn btn-primary" aria-describedby={describedBy}>
        {messages.pay}
      </Link>
    );
  return (
    <button
      type="button"
      className="btn btn-primary whitespace-nowrap"
      aria-describedby={describedBy}
      aria-haspopup="dialog"
      onClick={() => {
        onBook(product);
      }}
    >
      {webTexts.bookNow}
    </button>
  );
}

/**
 * The buyer's wishlist (spec §2 My Wishlist): image, name, price, original, location, action
 * (Remove: 'Weshlist Remove Successfully') and payment; 'No Wishlist Your Product' when empty.
 *
 * On narrow screens the table scrolls sideways inside its frame; the page itself never does.
 */
export function MyWishlistTable() {
  const wishlist = useMyWishlist();
  const { mutate: changeWishlist } = useChangeWishlist();
  const [toBook, setToBook] = useState<Product | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const itemCount = wishlist.data?.pages.reduce((count, page) => count + page.items.length, 0) ?? 0;
  // A removed row takes its focused Remove button with it: focus moves to the table instead.
  const refocusTable = useRef(false);
  useEffect(() => {
    if (!refocusTable.current) return;
    refocusTable.current = false;
    tableRef.current?.focus();
  }, [itemCount]);

  if (wishlist.isPending) return <Spinner />;
  if (wishlist.isError && !wishlist.data)
    return (
      <div className="mt-6">
        <LoadError error={wishlist.error} onRetry={() => void wishlist.refetch()} />
      </div>
    );

  const items = wishlist.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyTable text={messages.noWishlist} />;

  return (
    <>
      <DataTable caption={accountTexts.myWishlist} columns={columns} minWidth="min-w-[52rem]" tableRef={tableRef}>
        {items.map((item) => {
          const { product } = item;
          const nameId = `my-wishlist-${product.id}`;
          return (
            <tr key={product.id}>
              <td className={cell}>
                <ProductThumb imageUrl={product.imageUrl} name={product.name} />
              </td>
              <th scope="row" id={nameId} className={`${cell} text-left font-semibold`}>
                <Link to={paths.product.to(product.id)} className="link break-words">
                  {product.name}
                </Link>
              </th>
              <td className={`${cell} font-semibold whitespace-nowrap`}>{formatPrice(product.priceCents)}</td>
              <td className={`${cell} whitespace-nowrap`}>{formatPrice(product.originalPriceCents)}</td>
              <td className={`${cell} break-words`}>{product.location}</td>
              <td className={cell}>
                <button
                  type="button"
                  className="btn border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950"
                  aria-describedby={nameId}
                  onClick={() => {
                    refocusTable.current = true;
                    changeWishlist({ productId: product.id, add: false });
                  }}
                >
                  {buyingTexts.remove}
                </button>
              </td>
              <td className={cell}>
                <PaymentCell item={item} describedBy={nameId} onBook={setToBook} />
              </td>
            </tr>
          );
        })}
      </DataTable>
      <LoadMore
        hasNextPage={wishlist.hasNextPage}
        isFetchingNextPage={wishlist.isFetchingNextPage}
        fetchNextPage={wishlist.fetchNextPage}
        label={buyingTexts.loadMore}
      />
      <BookingModal
        product={toBook}
        onClose={() => {
          setToBook(null);
        }}
      />
    </>
  );
}
