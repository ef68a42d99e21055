import { accountTexts } from '@recell/contract';
import { DashboardPage } from './dashboard-page';

/** The seller's listings (built in a later issue; the route, its guard and the menu entry work now). */
export function MyProductsPage() {
  return <DashboardPage title={accountTexts.myProducts} />;
}

export default MyProductsPage;
