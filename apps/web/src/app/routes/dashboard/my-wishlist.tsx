import { accountTexts } from '@recell/contract';
import { DashboardPage } from './dashboard-page';

/** The buyer's wishlist (built in a later issue; the route, its guard and the menu entry work now). */
export function MyWishlistPage() {
  return <DashboardPage title={accountTexts.myWishlist} />;
}

export default MyWishlistPage;
