import { listingReviewTexts } from '@recell/contract';
import { ListingReviewTable } from '@/features/admin';
import { DashboardPage } from './dashboard-page';

/** Admin: listings of sellers not trusted yet, waiting for review (docs/decisions/0068), with Approve and Reject. */
function ListingReviewPage() {
  return (
    <DashboardPage title={listingReviewTexts.queueHeading}>
      <ListingReviewTable />
    </DashboardPage>
  );
}

export default ListingReviewPage;
