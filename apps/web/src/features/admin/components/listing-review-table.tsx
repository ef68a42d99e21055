import { listingReviewTexts, type PendingListing } from '@recell/contract';
import { RowButton, DateTime } from '@/components/ui/data-table/cells';
import { PagedTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row, useRowDialog } from '@/components/ui/data-table/table';
import { ProductCells } from '@/features/buying';
import { showActionError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useApproveListing, usePendingListings, useVerificationPhoto } from '../api/listing-reviews';
import { RejectListingDialog } from './reject-listing-dialog';

const t = listingReviewTexts;
const columns = [t.colImage, t.colPhone, t.colPrice, t.colSeller, t.colSubmitted, t.colPhoto, t.colActions];

/** The seller's photo of the phone beside its code: fetched with the admin's session, never a public address. */
function VerificationPhotoCell({ listing }: { listing: PendingListing }) {
  const photo = useVerificationPhoto(listing.id);
  if (!listing.hasPhoto) return <span>{t.photoMissing}</span>;
  if (!photo.data) return null;
  return (
    <a href={photo.data.dataUrl} target="_blank" rel="noreferrer" className="link">
      <img
        src={photo.data.dataUrl}
        alt={t.photoAlt(listing.name)}
        className="h-24 w-32 rounded-md object-cover"
        loading="lazy"
      />
    </a>
  );
}

/**
 * Listing review: the listings of sellers not trusted yet, oldest first, each with its verification
 * photo; Approve puts one on sale, Reject asks for the reason its seller will read.
 */
export function ListingReviewTable() {
  const pending = usePendingListings();
  const approve = useApproveListing();
  // A decided listing's row goes, and its buttons with it: focus moves to the table instead.
  const toReject = useRowDialog<PendingListing>();

  const onApprove = (listing: PendingListing) => {
    approve.mutate(listing.id, {
      onSuccess: () => {
        toast.success(t.approved);
        toReject.refocusTable();
      },
      onError: showActionError,
    });
  };

  return (
    <>
      <PagedTable query={pending} empty={t.queueEmpty} loadMoreLabel={t.loadMore} showNextPageError>
        {(items) => (
          <DataTable caption={t.queueCaption} columns={columns} cardsBelow="56rem" tableRef={toReject.tableRef}>
            {items.map((listing) => {
              const nameId = `review-${listing.id}`;
              return (
                <Row key={listing.id}>
                  <ProductCells product={listing} priceCents={listing.priceCents} nameId={nameId} />
                  <Cell label={t.colSeller}>
                    <span className="block">{listing.seller.name}</span>
                    <span className="block text-sm break-all text-slate-600 dark:text-slate-300">
                      {listing.seller.email}
                    </span>
                  </Cell>
                  <Cell label={t.colSubmitted}>
                    <DateTime iso={listing.submittedAt} />
                  </Cell>
                  <Cell label={t.colPhoto}>
                    <VerificationPhotoCell listing={listing} />
                  </Cell>
                  <Cell label={t.colActions}>
                    <div className="flex flex-wrap gap-2">
                      <RowButton
                        variant="primary"
                        describedBy={nameId}
                        isBusy={approve.isPending && approve.variables === listing.id}
                        onClick={() => {
                          onApprove(listing);
                        }}
                      >
                        {t.approve}
                      </RowButton>
                      <RowButton
                        variant="danger"
                        describedBy={nameId}
                        opensDialog
                        onClick={() => toReject.open(listing)}
                      >
                        {t.reject}
                      </RowButton>
                    </div>
                  </Cell>
                </Row>
              );
            })}
          </DataTable>
        )}
      </PagedTable>
      {toReject.row && (
        <RejectListingDialog listing={toReject.row} onClose={toReject.close} onRejected={toReject.closeRemoved} />
      )}
    </>
  );
}
