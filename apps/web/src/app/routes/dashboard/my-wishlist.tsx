import { accountTexts } from '@recell/contract';
import { MyWishlistTable } from '@/features/buying';
import { DashboardPage } from './dashboard-page';

/** The buyer's wishlist (docs/product.md, Screens My Wishlist): remove, book, pay. */
function MyWishlistPage() {
  return (
    <DashboardPage title={accountTexts.myWishlist}>
      <MyWishlistTable />
    </DashboardPage>
  );
}

export default MyWishlistPage;
