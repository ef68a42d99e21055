import { addressTexts } from '@recell/contract';
import { AddressesView } from '@/features/addresses';
import { DashboardPage } from './dashboard-page';

/** A buyer's or a seller's delivery addresses: list, add (verified by the carrier), remove, ship-from. */
function AddressesPage() {
  return (
    <DashboardPage title={addressTexts.pageTitle}>
      <AddressesView />
    </DashboardPage>
  );
}

export default AddressesPage;
