import { missedDropOffTexts } from '@recell/contract';
import { MissedDropOffsTable } from '@/features/admin';
import { DashboardPage } from './dashboard-page';

/** Admin: shipped orders cancelled because the carrier had not scanned their parcel by the deadline. */
function MissedDropOffsPage() {
  return (
    <DashboardPage title={missedDropOffTexts.heading}>
      <MissedDropOffsTable />
    </DashboardPage>
  );
}

export default MissedDropOffsPage;
