import { accountTexts } from '@recell/contract';
import { ReportedItemsTable } from '@/features/admin';
import { DashboardPage } from './dashboard-page';

/** Admin: phones buyers reported (docs/product.md, Screens Reported Items), with their reports, Delete and Dismiss. */
function ReportedItemsPage() {
  return (
    <DashboardPage title={accountTexts.reportedItems}>
      <ReportedItemsTable />
    </DashboardPage>
  );
}

export default ReportedItemsPage;
