import { accountTexts } from '@recell/contract';
import { DashboardPage } from './dashboard-page';

/** Admin: every buyer (built in a later issue; the route, its guard and the menu entry work now). */
export function AllUsersPage() {
  return <DashboardPage title={accountTexts.allUsers} />;
}

export default AllUsersPage;
