import { accountTexts } from '@recell/contract';
import { DashboardPage } from './dashboard-page';

/** Admin: reported listings (built in a later issue; the route, its guard and the menu entry work now). */
export function ReportedItemsPage() {
  return <DashboardPage title={accountTexts.reportedItems} />;
}

export default ReportedItemsPage;
