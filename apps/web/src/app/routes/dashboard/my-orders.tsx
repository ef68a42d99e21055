import { accountTexts } from '@recell/contract';
import { MyOrdersTable } from '@/features/buying';
import { DashboardPage } from './dashboard-page';

/** The buyer's orders (docs/product.md, Screens My Orders): pay, delete an unpaid one, call the seller. */
function MyOrdersPage() {
  return (
    <DashboardPage title={accountTexts.myOrders}>
      <MyOrdersTable />
    </DashboardPage>
  );
}

export default MyOrdersPage;
