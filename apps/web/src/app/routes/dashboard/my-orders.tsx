import { accountTexts } from '@recell/contract';
import { DashboardPage } from './dashboard-page';

/** The buyer's orders (built in a later issue; the route, its guard and the menu entry work now). */
export function MyOrdersPage() {
  return <DashboardPage title={accountTexts.myOrders} />;
}

export default MyOrdersPage;
