import { accountTexts, buyingTexts, messages, webTexts, type ListedProduct, type WishlistItem } from '@recell/contract';
import { useState } from 'react';
import { RowButton } from '@/components/ui/data-table/cells';
import { PagedTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row, useTableRefocus } from '@/components/ui/data-table/table';
import { ListingCells } from './listing-cells';
import { useChangeWishlist } from '../api/change-wishlist';
import { useMyWishlist } from '../api/get-my-wishlist';
import { NotForSalePill, PaidMark, PayLink } from './payment-column';
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
const listingLabels = { original: buyingTexts.columnOriginal, location: buyingTexts.columnLocation };

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
  onBook: (product: ListedProduct) => void;
}) {
  const { product, order } = item;
  if (order?.status === 'paid') return <PaidMark />;
  if (product.status !== 'available') return <NotForSalePill status={product.status} />;
  if (order?.status === 'booked') return <PayLink orderId={order.id} describedBy={describedBy} />;
  return (
    <RowButton
      variant="primary"
      className="whitespace-nowrap"
      describedBy={describedBy}
      opensDialog
      onClick={() => {
        onBook(product);
      }}
    >
      {webTexts.bookNow}
    </RowButton>
  );
}

/**
 * The buyer's wishlist (docs/product.md, Screens My Wishlist): image, name, price, original, location, action
 * (Remove: 'Weshlist Remove Successfully') and payment; 'No Wishlist Your Product' when empty.
 */
export function MyWishlistTable() {
  const wishlist = useMyWishlist();
  const { mutate: changeWishlist } = useChangeWishlist();
  const [toBook, setToBook] = useState<ListedProduct | null>(null);
  // A removed row takes its focused Remove button with it: focus moves to the table instead.
  const { tableRef, refocusTable } = useTableRefocus();

  return (
    <>
      <PagedTable query={wishlist} empty={messages.noWishlist} loadMoreLabel={buyingTexts.loadMore}>
        {(items) => (
          <DataTable caption={accountTexts.myWishlist} columns={columns} cardsBelow="44rem" tableRef={tableRef}>
            {items.map((item) => {
              const { product } = item;
              const nameId = `my-wishlist-${product.id}`;
              return (
                <Row key={product.id}>
                  <ListingCells
                    product={product}
                    labels={listingLabels}
                    priceCents={product.priceCents}
                    nameId={nameId}
                  />
                  <Cell label={buyingTexts.columnAction}>
                    <RowButton
                      variant="danger"
                      describedBy={nameId}
                      onClick={() => {
                        refocusTable();
                        changeWishlist({ productId: product.id, add: false });
                      }}
                    >
                      {buyingTexts.remove}
                    </RowButton>
                  </Cell>
                  <Cell label={buyingTexts.columnPayment}>
                    <PaymentCell item={item} describedBy={nameId} onBook={setToBook} />
                  </Cell>
                </Row>
              );
            })}
          </DataTable>
        )}
      </PagedTable>
      <BookingModal
        product={toBook}
        onClose={() => {
          setToBook(null);
        }}
      />
    </>
  );
}
