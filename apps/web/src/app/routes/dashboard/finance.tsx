import { financeTexts } from '@recell/contract';
import { FinanceView } from '@/features/admin';
import { DashboardPage } from './dashboard-page';

/** Admin: where the marketplace's money stands, failed payouts sent again, payouts on the way, disputes. */
function FinancePage() {
  return (
    <DashboardPage title={financeTexts.title}>
      <FinanceView />
    </DashboardPage>
  );
}

export default FinancePage;
