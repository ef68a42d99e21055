import { accountTexts } from '@recell/contract';
import { MyProductsTable } from '@/features/listings';
import { DashboardPage } from './dashboard-page';

/** The seller's listings (docs/product.md, Screens My Products). */
function MyProductsPage() {
  return (
    <DashboardPage title={accountTexts.myProducts}>
      <MyProductsTable />
    </DashboardPage>
  );
}

export default MyProductsPage;
