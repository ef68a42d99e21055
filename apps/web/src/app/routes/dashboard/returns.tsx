import { returnTexts } from '@recell/contract';
import { ReturnsTable } from '@/features/admin';
import { DashboardPage } from './dashboard-page';

/** Admin: returns waiting for a decision (declined, unanswered, IMEI mismatch), with Decide. */
function ReturnsPage() {
  return (
    <DashboardPage title={returnTexts.adminTitle}>
      <ReturnsTable />
    </DashboardPage>
  );
}

export default ReturnsPage;
