import { orderProgressTexts } from '@recell/contract';
import { OrderProblemsTable } from '@/features/admin';
import { DashboardPage } from './dashboard-page';

/** Admin: buyers' problem reports on paid orders, with the orders' facts, Refund and Close. */
function OrderProblemsPage() {
  return (
    <DashboardPage title={orderProgressTexts.adminTitle}>
      <OrderProblemsTable />
    </DashboardPage>
  );
}

export default OrderProblemsPage;
