import type { WebVitalsPage } from '@recell/contract';
import type { dashboardPaths } from '@/config/dashboard-paths';
import { routeTable } from '@/config/routes';

/**
 * The dashboard's pages by name (config/dashboard-paths.ts), each with its pattern. Written out
 * here: that module brings the contract's helpers with it, too much for a reporter that loads on
 * any page. The compiler holds the names to it, and page-type.test.ts the patterns.
 */
export const dashboardPatterns = {
  myProducts: '/dashboard/my-products',
  addProduct: '/dashboard/addProduct',
  editProduct: '/dashboard/my-products/:id/edit',
  mySales: '/dashboard/my-sales',
  payouts: '/dashboard/payouts',
  payoutTestOnboarding: '/dashboard/payouts/test-onboarding',
  myWishlist: '/dashboard/my-wishlist',
  myOrders: '/dashboard/my-orders',
  addresses: '/dashboard/addresses',
  payment: '/dashboard/orders/payment/:id',
  receipt: '/dashboard/orders/:id/receipt',
  order: '/dashboard/orders/:id',
  orderMessages: '/dashboard/orders/:id/messages',
  allUsers: '/dashboard/all-users',
  allSellers: '/dashboard/all-sellers',
  reportedItems: '/dashboard/reported-items',
  listingReview: '/dashboard/listing-review',
  auditLog: '/dashboard/audit-log',
  emailOutbox: '/dashboard/email-outbox',
  orderProblems: '/dashboard/order-problems',
  returns: '/dashboard/returns',
  missedDropOffs: '/dashboard/missed-drop-offs',
  finance: '/dashboard/finance',
  contactMessages: '/dashboard/messages',
} as const satisfies Record<keyof typeof dashboardPaths, string>;

const segmentsOf = (path: string) => path.toLowerCase().split('/').filter(Boolean);

/** Whether `path` is `pattern`'s page (`:id` is any one segment; as React Router, case aside). */
const matches = (pattern: string, path: readonly string[], nested = false) => {
  const wanted = segmentsOf(pattern);
  if (nested ? path.length < wanted.length : path.length !== wanted.length) return false;
  return wanted.every((segment, index) => segment.startsWith(':') || segment === path[index]);
};

const staticSegments = (pattern: string) => segmentsOf(pattern).filter((segment) => !segment.startsWith(':')).length;

/** A dashboard page's label: its name in kebab case (`myProducts` → `dashboard/my-products`). */
const dashboardLabel = (name: string) => `dashboard/${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** The more fixed words a pattern has, the sooner it is tried (`orders/payment/:id` before `orders/:id/…`). */
const dashboardPages = Object.entries(dashboardPatterns).sort(([, a], [, b]) => staticSegments(b) - staticSegments(a));

/**
 * The kind of page an address shows, as the web vitals report names it: the route table's page
 * (`product`, `category`…), a dashboard page by its name, or `not-found`. Never the address itself.
 */
export const pageTypeOf = (pathname: string): WebVitalsPage => {
  const path = segmentsOf(pathname);
  for (const entry of Object.values(routeTable)) {
    const nested = 'nested' in entry;
    if (!matches(entry.path, path, nested)) continue;
    if (!nested) return entry.page as WebVitalsPage;
    if (path.length === 1) return 'dashboard';
    const found = dashboardPages.find(([, pattern]) => matches(pattern, path));
    return found ? (dashboardLabel(found[0]) as WebVitalsPage) : 'not-found';
  }
  return 'not-found';
};
