import { accountTexts } from '@recell/contract';
import { DashboardPage } from './dashboard-page';

/** Paying for an order (built in a later issue; the route, its guard and the menu entry work now). */
export function PaymentPage() {
  return <DashboardPage title={accountTexts.payment} />;
}

export default PaymentPage;
