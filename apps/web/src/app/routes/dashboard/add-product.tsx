import { accountTexts } from '@recell/contract';
import { AddProductForm } from '@/features/listings';
import { DashboardPage } from './dashboard-page';

/** The seller's Add Product form (spec §2). */
function AddProductPage() {
  return (
    <DashboardPage title={accountTexts.addProduct}>
      <AddProductForm />
    </DashboardPage>
  );
}

export default AddProductPage;
