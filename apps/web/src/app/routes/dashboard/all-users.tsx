import { accountTexts } from '@recell/contract';
import { AdminUsersTable } from '@/features/admin';
import { DashboardPage } from './dashboard-page';

/** Admin: every buyer (spec §2 All Users), searchable, with Delete. */
function AllUsersPage() {
  return (
    <DashboardPage title={accountTexts.allUsers}>
      <AdminUsersTable role="user" />
    </DashboardPage>
  );
}

export default AllUsersPage;
