import { payoutTexts } from '@recell/contract';
import { PayoutsView } from '@/features/payouts';
import { DashboardPage } from './dashboard-page';

/** The seller's payouts: their payout account, the balances and where each sale's money stands. */
function PayoutsPage() {
  return (
    <DashboardPage title={payoutTexts.title}>
      <PayoutsView />
    </DashboardPage>
  );
}

export default PayoutsPage;
