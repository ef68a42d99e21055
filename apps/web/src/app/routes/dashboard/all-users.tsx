import { accountTexts } from '@recell/contract';
import { AdminUsersTable } from '@/features/admin';
import { DashboardPage } from './dashboard-page';

/** Admin: every buyer (docs/product.md, Screens All Users), searchable, with Delete. */
function AllUsersPage() {
  return (
    <DashboardPage title={accountTexts.allUsers}>
      <AdminUsersTable role="user" />
    </DashboardPage>
  );
}

export default AllUsersPage;
