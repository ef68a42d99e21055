import { accessTexts, accountTexts } from '@recell/contract';
import { ConfirmEmailFirst } from '@/features/auth';
import { AddProductForm } from '@/features/listings';
import { DashboardPage } from './dashboard-page';

/** The seller's Add Product form (docs/product.md, Screens); an unconfirmed email is told to confirm it first. */
function AddProductPage() {
  return (
    <DashboardPage title={accountTexts.addProduct}>
      <ConfirmEmailFirst withResend={false} what={accessTexts.confirmToList}>
        <AddProductForm />
      </ConfirmEmailFirst>
    </DashboardPage>
  );
}

export default AddProductPage;
