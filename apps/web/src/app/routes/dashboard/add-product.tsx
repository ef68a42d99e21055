import { accountTexts } from '@recell/contract';
import { DashboardPage } from './dashboard-page';

/** The seller's Add Product form (built in a later issue; the route, its guard and the menu entry work now). */
export function AddProductPage() {
  return <DashboardPage title={accountTexts.addProduct} />;
}

export default AddProductPage;
