import { messages, webTexts, type Role } from '@recell/contract';
import { use } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { dashboardPaths } from '@/config/dashboard-paths';
import { RenderedSignedInContext, RequireRole, useAuth, type RefusedPageState } from '@/features/auth';
import { lazyPage } from '@/lib/load-chunk';
import { DashboardLayout } from '../../layouts/dashboard-layout';
import { DashboardPage } from './dashboard-page';

// Each role's pages are their own chunks: a buyer never loads the admin's code.
const MyProductsPage = lazyPage(() => import('./my-products'));
const AddProductPage = lazyPage(() => import('./add-product'));
const EditProductPage = lazyPage(() => import('./edit-product'));
const MySalesPage = lazyPage(() => import('./my-sales'));
const PayoutsPage = lazyPage(() => import('./payouts'));
const PayoutTestOnboardingPage = lazyPage(() => import('./payout-test-onboarding'));
const MyWishlistPage = lazyPage(() => import('./my-wishlist'));
const MyOrdersPage = lazyPage(() => import('./my-orders'));
const AddressesPage = lazyPage(() => import('./addresses'));
const PaymentPage = lazyPage(() => import('./payment'));
const ReceiptPage = lazyPage(() => import('./receipt'));
const AllUsersPage = lazyPage(() => import('./all-users'));
const AllSellersPage = lazyPage(() => import('./all-sellers'));
const ReportedItemsPage = lazyPage(() => import('./reported-items'));
const ListingReviewPage = lazyPage(() => import('./listing-review'));
const AuditLogPage = lazyPage(() => import('./audit-log'));
const OrderProblemsPage = lazyPage(() => import('./order-problems'));
const ReturnsPage = lazyPage(() => import('./returns'));
const MissedDropOffsPage = lazyPage(() => import('./missed-drop-offs'));
const FinancePage = lazyPage(() => import('./finance'));
const EmailOutboxPage = lazyPage(() => import('./email-outbox'));
const ContactMessagesPage = lazyPage(() => import('./contact-messages'));
const OrderMessagesPage = lazyPage(() => import('./order-messages'));
const OrderPage = lazyPage(() => import('./order'));

/** Patterns relative to /dashboard. */
const p = (pattern: string) => pattern.replace(/^\/dashboard\//, '');

function DashboardHome() {
  const refused = (useLocation().state as RefusedPageState | null)?.pageForRole;
  return (
    <DashboardPage title={webTexts.navDashboard} heading={messages.dashboardWelcome}>
      {refused && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950"
        >
          {webTexts.pageForOtherRole[refused]}
        </p>
      )}
    </DashboardPage>
  );
}

/**
 * A role's pages (RequireRole); while the session loads on a page the server rendered for its
 * viewer, whose role the server checked, the page stays as it came (decision 0078); the session
 * then decides, as on any page. Here, not in RequireRole: the first load carries nothing more.
 */
function RoleRoutes({ role }: { role: Role | readonly [Role, ...Role[]] }) {
  const { status, user } = useAuth();
  const isRenderedSignedIn = use(RenderedSignedInContext);
  if (status === 'loading' && isRenderedSignedIn) return <Outlet />;
  // The page is this same <Outlet /> before and after the session comes: another element in its
  // place would mount the page afresh (new DOM, focus lost, a tap under way landing on nothing).
  const roles: readonly Role[] = typeof role === 'string' ? [role] : role;
  return user && roles.includes(user.role) ? <Outlet /> : <RequireRole role={role} />;
}

/**
 * Everything under /dashboard (the app's router mounts it behind RequireAuth): the layout, the
 * welcome page for every signed-in user and each role's pages behind RequireRole (RoleRoutes).
 */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={<DashboardHome />} />
        {/* An order's buyer and its phone's seller (an admin while a problem is open): the API decides. */}
        <Route path={p(dashboardPaths.orderMessages.pattern)} element={<OrderMessagesPage />} />
        <Route path={p(dashboardPaths.order.pattern)} element={<OrderPage />} />
        <Route element={<RoleRoutes role="seller" />}>
          <Route path={p(dashboardPaths.myProducts.pattern)} element={<MyProductsPage />} />
          <Route path={p(dashboardPaths.addProduct.pattern)} element={<AddProductPage />} />
          <Route path={p(dashboardPaths.editProduct.pattern)} element={<EditProductPage />} />
          <Route path={p(dashboardPaths.mySales.pattern)} element={<MySalesPage />} />
          <Route path={p(dashboardPaths.payouts.pattern)} element={<PayoutsPage />} />
          <Route path={p(dashboardPaths.payoutTestOnboarding.pattern)} element={<PayoutTestOnboardingPage />} />
        </Route>
        <Route element={<RoleRoutes role="user" />}>
          <Route path={p(dashboardPaths.myWishlist.pattern)} element={<MyWishlistPage />} />
          <Route path={p(dashboardPaths.myOrders.pattern)} element={<MyOrdersPage />} />
          <Route path={p(dashboardPaths.payment.pattern)} element={<PaymentPage />} />
          <Route path={p(dashboardPaths.receipt.pattern)} element={<ReceiptPage />} />
        </Route>
        <Route element={<RoleRoutes role={['user', 'seller']} />}>
          <Route path={p(dashboardPaths.addresses.pattern)} element={<AddressesPage />} />
        </Route>
        <Route element={<RoleRoutes role="admin" />}>
          <Route path={p(dashboardPaths.allUsers.pattern)} element={<AllUsersPage />} />
          <Route path={p(dashboardPaths.allSellers.pattern)} element={<AllSellersPage />} />
          <Route path={p(dashboardPaths.reportedItems.pattern)} element={<ReportedItemsPage />} />
          <Route path={p(dashboardPaths.listingReview.pattern)} element={<ListingReviewPage />} />
          <Route path={p(dashboardPaths.contactMessages.pattern)} element={<ContactMessagesPage />} />
          <Route path={p(dashboardPaths.auditLog.pattern)} element={<AuditLogPage />} />
          <Route path={p(dashboardPaths.emailOutbox.pattern)} element={<EmailOutboxPage />} />
          <Route path={p(dashboardPaths.orderProblems.pattern)} element={<OrderProblemsPage />} />
          <Route path={p(dashboardPaths.returns.pattern)} element={<ReturnsPage />} />
          <Route path={p(dashboardPaths.missedDropOffs.pattern)} element={<MissedDropOffsPage />} />
          <Route path={p(dashboardPaths.finance.pattern)} element={<FinancePage />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
