import { accountTexts, listingReviewTexts, listingTexts, messages, type MyProduct } from '@recell/contract';
import { Link } from 'react-router';
import { RowButton, StatusPill } from '@/components/ui/data-table/cells';
import { PagedTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row, useRowDialog } from '@/components/ui/data-table/table';
import { ListingCells } from '@/features/buying';
import { dashboardPaths } from '@/config/dashboard-paths';
import { showActionError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useAdvertiseProduct } from '../api/advertise-product';
import { useMyProducts } from '../api/get-my-products';
import { DeleteProductDialog } from './delete-product-dialog';

const columns = [
  listingTexts.columnImage,
  listingTexts.columnName,
  listingTexts.columnPrice,
  listingTexts.columnOriginal,
  listingTexts.columnLocation,
  listingTexts.columnStatus,
  listingTexts.columnPromote,
  listingTexts.columnAction,
] as const;
const listingLabels = { original: listingTexts.columnOriginal, location: listingTexts.columnLocation };

/**
 * A listing's state as its seller reads it; one under review or rejected says why it is not public
 * (a rejection: the admin's reason and that an edit sends it back).
 */
function ListingStatus({ product }: { product: MyProduct }) {
  if (product.status === 'pending_review') {
    return (
      <>
        <StatusPill tone="muted">{listingReviewTexts.statusPending}</StatusPill>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{listingReviewTexts.pendingStatement}</p>
      </>
    );
  }
  if (product.status === 'rejected') {
    return (
      <>
        <StatusPill tone="bad">{listingReviewTexts.statusRejected}</StatusPill>
        <p className="mt-1 text-sm">{listingReviewTexts.rejectedStatement(product.rejectionReason ?? '')}</p>
      </>
    );
  }
  const isSold = product.status === 'sold';
  return (
    <StatusPill tone={isSold ? 'muted' : 'good'}>{isSold ? messages.statusSold : messages.statusAvailable}</StatusPill>
  );
}

/**
 * The seller's phones (docs/product.md, Screens My Products): image, name, price, original, location, sales status,
 * promote and action; 'No Your Products' when there are none. Promote (docs/product.md, States and rules): 'Advertise' for a
 * phone for sale that is not advertised yet, a disabled 'Advertised' once it is, a disabled 'No
 * Access' for a sold one or one not public (waiting for review, rejected). Edit (a phone not sold)
 * opens the edit form; Delete asks in a dialog first.
 */
export function MyProductsTable() {
  const products = useMyProducts();
  const advertise = useAdvertiseProduct();
  // A deleted phone's row goes, and its Delete button (where focus returns) with it: once the
  // dialog has closed, focus moves to the table instead.
  const toDelete = useRowDialog<MyProduct>();

  const onAdvertise = (product: MyProduct) => {
    advertise.mutate(product.id, {
      onSuccess: () => toast.success(messages.productAdvertised),
      onError: showActionError,
    });
  };

  return (
    <>
      <PagedTable query={products} empty={messages.noProducts} loadMoreLabel={listingTexts.showMore} errorHidesRows>
        {(items) => (
          <DataTable caption={accountTexts.myProducts} columns={columns} tableRef={toDelete.tableRef}>
            {items.map((product) => {
              const isSold = product.status === 'sold';
              const isLive = product.status === 'available';
              const nameId = `my-product-${product.id}`;
              return (
                <Row key={product.id}>
                  <ListingCells
                    product={product}
                    labels={listingLabels}
                    priceCents={product.priceCents}
                    nameId={nameId}
                  />
                  <Cell label={listingTexts.columnStatus}>
                    <ListingStatus product={product} />
                  </Cell>
                  <Cell label={listingTexts.columnPromote}>
                    {!isLive || product.isAdvertised ? (
                      <RowButton variant="outline" describedBy={nameId} disabled>
                        {isLive ? messages.advertised : messages.noAccess}
                      </RowButton>
                    ) : (
                      <RowButton
                        variant="primary"
                        describedBy={nameId}
                        isBusy={advertise.isPending && advertise.variables === product.id}
                        onClick={() => {
                          onAdvertise(product);
                        }}
                      >
                        {messages.advertise}
                      </RowButton>
                    )}
                  </Cell>
                  <Cell label={listingTexts.columnAction}>
                    <div className="flex flex-wrap gap-2">
                      {/* Only a phone for sale can be edited (the API refuses a sold one). */}
                      {!isSold && (
                        <Link
                          to={dashboardPaths.editProduct.to(product.id)}
                          className="btn btn-outline"
                          aria-describedby={nameId}
                        >
                          {listingTexts.edit}
                        </Link>
                      )}
                      <RowButton
                        variant="danger"
                        describedBy={nameId}
                        opensDialog
                        onClick={() => toDelete.open(product)}
                      >
                        {listingTexts.delete}
                      </RowButton>
                    </div>
                  </Cell>
                </Row>
              );
            })}
          </DataTable>
        )}
      </PagedTable>
      {toDelete.row && (
        <DeleteProductDialog product={toDelete.row} onClose={toDelete.close} onDeleted={toDelete.closeRemoved} />
      )}
    </>
  );
}
