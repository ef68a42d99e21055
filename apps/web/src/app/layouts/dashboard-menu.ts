import {
  accountTexts,
  addressTexts,
  financeTexts,
  listingReviewTexts,
  missedDropOffTexts,
  orderProgressTexts,
  payoutTexts,
  type Role,
} from '@recell/contract';
import { dashboardPaths } from '@/config/dashboard-paths';

/** `showsUnread`: the item carries the count of unread messages (the orders' and sales' threads). */
export type DashboardMenuItem = { label: string; to: string; showsUnread?: true };

/** Each role's dashboard menu (docs/product.md, Screens): the pages its RequireRole routes let through. */
export const dashboardMenus: Record<Role, readonly DashboardMenuItem[]> = {
  seller: [
    { label: accountTexts.myProducts, to: dashboardPaths.myProducts.to() },
    { label: accountTexts.addProduct, to: dashboardPaths.addProduct.to() },
    { label: accountTexts.mySales, to: dashboardPaths.mySales.to(), showsUnread: true },
    { label: payoutTexts.navPayouts, to: dashboardPaths.payouts.to() },
    { label: addressTexts.pageTitle, to: dashboardPaths.addresses.to() },
  ],
  user: [
    { label: accountTexts.myOrders, to: dashboardPaths.myOrders.to(), showsUnread: true },
    { label: accountTexts.myWishlist, to: dashboardPaths.myWishlist.to() },
    { label: addressTexts.pageTitle, to: dashboardPaths.addresses.to() },
  ],
  admin: [
    { label: accountTexts.allUsers, to: dashboardPaths.allUsers.to() },
    { label: accountTexts.allSellers, to: dashboardPaths.allSellers.to() },
    { label: accountTexts.reportedItems, to: dashboardPaths.reportedItems.to() },
    { label: listingReviewTexts.queueHeading, to: dashboardPaths.listingReview.to() },
    { label: orderProgressTexts.adminTitle, to: dashboardPaths.orderProblems.to() },
    { label: accountTexts.returns, to: dashboardPaths.returns.to() },
    { label: missedDropOffTexts.menu, to: dashboardPaths.missedDropOffs.to() },
    { label: financeTexts.navFinance, to: dashboardPaths.finance.to() },
    { label: accountTexts.contactMessages, to: dashboardPaths.contactMessages.to() },
    { label: accountTexts.auditLog, to: dashboardPaths.auditLog.to() },
    { label: accountTexts.emailOutbox, to: dashboardPaths.emailOutbox.to() },
  ],
};
