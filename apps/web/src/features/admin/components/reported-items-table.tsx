import {
  accountTexts,
  adminTexts,
  listingReviewTexts,
  messages,
  type Product,
  type ReportedProduct,
} from '@recell/contract';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RowButton, StatusPill } from '@/components/ui/data-table/cells';
import { PagedTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row, useRowDialog } from '@/components/ui/data-table/table';
import { ProductCells } from '@/features/buying';
import { showActionError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useDeleteReportedProduct } from '../api/delete-reported-product';
import { useDismissReports } from '../api/dismiss-reports';
import { BlockImeiDialog } from './block-imei-dialog';
import { useReportedProducts } from '../api/get-reported-products';
import { ReportTextDialog } from './report-text-dialog';

const statusPill = {
  available: { text: messages.statusAvailable, tone: 'good' },
  sold: { text: messages.statusSold, tone: 'muted' },
  removed: { text: adminTexts.removedStatus, tone: 'bad' },
  pending_review: { text: listingReviewTexts.statusPending, tone: 'muted' },
  rejected: { text: listingReviewTexts.statusRejected, tone: 'bad' },
} as const satisfies Record<Product['status'], { text: string; tone: string }>;

const { reportColumns } = adminTexts;
const columns = [
  reportColumns.image,
  reportColumns.name,
  reportColumns.price,
  reportColumns.sold,
  reportColumns.location,
  reportColumns.report,
  reportColumns.action,
];

/**
 * Reported Items (docs/product.md, Screens): IMAGE, NAME, PRICE, SOLD, LOCATION, REPORT, ACTION, one row per phone
 * (several reports on one phone are grouped, with their count on the View button). View opens the
 * read-only 'Report Text' modal. Delete (after a confirmation) removes the listing with its
 * advertisement: 'Product Deleted Successfully', then the list refreshes. Dismiss closes the
 * reports and keeps the listing. Block IMEI (a phone listed with an IMEI, after a confirmation
 * with a reason) blocks it as reported stolen: its listings for sale go. 'No Reprted Items' when
 * there are none.
 */
export function ReportedItemsTable() {
  const reported = useReportedProducts();
  const deleteProduct = useDeleteReportedProduct();
  const dismiss = useDismissReports();
  const [viewing, setViewing] = useState<ReportedProduct | null>(null);
  // A resolved phone's row goes, and the button that had the focus with it: focus moves to the
  // table instead (after the dialog has closed, for Delete).
  const toDelete = useRowDialog<ReportedProduct>();
  const [toBlock, setToBlock] = useState<(ReportedProduct & { imei: string }) | null>(null);

  const onDismiss = (item: ReportedProduct) => {
    dismiss.mutate(item.product.id, {
      onSuccess: () => {
        toast.success(adminTexts.reportDismissed);
        toDelete.refocusTable();
      },
      onError: showActionError,
    });
  };

  const onConfirmDelete = () => {
    if (!toDelete.row) return;
    deleteProduct.mutate(toDelete.row.product.id, {
      onSuccess: () => {
        toast.success(messages.productDeleted);
        toDelete.closeRemoved();
      },
      onError: showActionError,
    });
  };

  return (
    <>
      <PagedTable
        query={reported}
        empty={messages.noReportedItems}
        loadMoreLabel={adminTexts.loadMore}
        showNextPageError
      >
        {(items) => (
          <DataTable
            caption={accountTexts.reportedItems}
            columns={columns}
            cardsBelow="44rem"
            tableRef={toDelete.tableRef}
          >
            {items.map((item) => {
              const { product, imei } = item;
              const nameId = `reported-${product.id}`;
              const countId = `reported-${product.id}-count`;
              const status = statusPill[product.status];
              return (
                <Row key={product.id}>
                  <ProductCells product={product} priceCents={product.priceCents} nameId={nameId} />
                  <Cell label={reportColumns.sold}>
                    <StatusPill tone={status.tone}>{status.text}</StatusPill>
                  </Cell>
                  <Cell label={reportColumns.location}>{product.location}</Cell>
                  <Cell label={reportColumns.report}>
                    {/* Read with the View button (its description), never shown on its own. */}
                    <span id={countId} hidden>
                      {adminTexts.reportCount(item.reportCount)}
                    </span>
                    <RowButton
                      variant="outline"
                      className="whitespace-nowrap"
                      describedBy={`${nameId} ${countId}`}
                      opensDialog
                      onClick={() => {
                        setViewing(item);
                      }}
                    >
                      {adminTexts.viewReports(item.reportCount)}
                    </RowButton>
                  </Cell>
                  <Cell label={reportColumns.action}>
                    <div className="flex flex-wrap gap-2">
                      <RowButton variant="danger" describedBy={nameId} opensDialog onClick={() => toDelete.open(item)}>
                        {adminTexts.delete}
                      </RowButton>
                      {imei !== null && !item.imeiBlocked && (
                        <RowButton
                          variant="danger"
                          describedBy={nameId}
                          opensDialog
                          onClick={() => {
                            setToBlock({ ...item, imei });
                          }}
                        >
                          {adminTexts.blockImei}
                        </RowButton>
                      )}
                      {item.imeiBlocked && <StatusPill tone="bad">{adminTexts.imeiBlockedMark}</StatusPill>}
                      <RowButton
                        variant="outline"
                        describedBy={nameId}
                        isBusy={dismiss.isPending && dismiss.variables === product.id}
                        onClick={() => {
                          onDismiss(item);
                        }}
                      >
                        {adminTexts.dismiss}
                      </RowButton>
                    </div>
                  </Cell>
                </Row>
              );
            })}
          </DataTable>
        )}
      </PagedTable>
      {viewing && (
        <ReportTextDialog
          reported={viewing}
          onClose={() => {
            setViewing(null);
          }}
        />
      )}
      {toBlock && (
        <BlockImeiDialog
          reported={toBlock}
          onClose={() => {
            setToBlock(null);
          }}
          onBlocked={() => {
            // The phone's row goes with its button: the focus moves to the table.
            toDelete.refocusTable();
            setToBlock(null);
          }}
        />
      )}
      {toDelete.row && (
        <ConfirmDialog
          title={adminTexts.deleteReportedTitle(toDelete.row.product.name)}
          description={adminTexts.deleteReportedText}
          labels={adminTexts}
          isBusy={deleteProduct.isPending}
          onConfirm={onConfirmDelete}
          onClose={toDelete.close}
        />
      )}
    </>
  );
}
