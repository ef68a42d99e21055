import { accountTexts } from '@recell/contract';
import { AdminUsersTable } from '@/features/admin';
import { DashboardPage } from './dashboard-page';

/** Admin: every seller (docs/product.md, Screens All Sellers), searchable, with Verify and Delete. */
function AllSellersPage() {
  return (
    <DashboardPage title={accountTexts.allSellers}>
      <AdminUsersTable role="seller" />
    </DashboardPage>
  );
}

export default AllSellersPage;
