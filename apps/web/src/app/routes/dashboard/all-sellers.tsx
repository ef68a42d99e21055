import { accountTexts } from '@recell/contract';
import { DashboardPage } from './dashboard-page';

/** Admin: every seller (built in a later issue; the route, its guard and the menu entry work now). */
export function AllSellersPage() {
  return <DashboardPage title={accountTexts.allSellers} />;
}

export default AllSellersPage;
