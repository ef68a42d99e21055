import { accountTexts } from '@recell/contract';
import { DashboardPage } from './dashboard-page';

/** The seller's sales (being built; the route, its guard and the menu entry work now). */
export function MySalesPage() {
  return <DashboardPage title={accountTexts.mySales} />;
}

export default MySalesPage;
