import { accountTexts } from '@recell/contract';
import { MySalesTable } from '@/features/buying';
import { DashboardPage } from './dashboard-page';

/** The seller's sales: who booked which phone, how to reach them, and whether it is paid. */
function MySalesPage() {
  return (
    <DashboardPage title={accountTexts.mySales}>
      <MySalesTable />
    </DashboardPage>
  );
}

export default MySalesPage;
