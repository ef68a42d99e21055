import type { Role } from '@recell/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { dashboardPaths } from '@/config/dashboard-paths';
import { isSignedIn, warm, type PageDataModule, type PageViewer } from '../../prefetch';

// Each page loads only its own feature's query options, as it needs them.
const adminQueries = () => import('@/features/admin/queries');
const addressQueries = () => import('@/features/addresses/queries');
const buyingQueries = () => import('@/features/buying/queries');
const listingQueries = () => import('@/features/listings/queries');
const paymentQueries = () => import('@/features/payments/queries');
const payoutQueries = () => import('@/features/payouts/queries');

/**
 * The dashboard's pages the server renders with the signed-in person's own data, for them alone
 * (decision 0078): the build writes their template, the API's web plugin checks who asks.
 */
export const renderedForViewer = () => [
  dashboardPaths.myOrders.pattern,
  dashboardPaths.myProducts.pattern,
  dashboardPaths.payment.pattern,
];

/**
 * Whether the page may ask for its data (see `isSignedIn`): on the server, the viewer a private
 * page is rendered for stands for the session, which only the browser has (decision 0078).
 */
export const mayAsk = async (viewer: PageViewer | undefined, role?: Role) =>
  viewer ? role === undefined || viewer.role === role : isSignedIn(role);

type Prefetch = (client: QueryClient, search: URLSearchParams) => Promise<void>;

/** The dashboard tables' first pages, by page, with the role that may see each. */
const dashboardQueries = {
  myProducts: {
    queries: listingQueries,
    role: 'seller',
    load: async (client) => client.prefetchInfiniteQuery((await listingQueries()).myProductsQuery),
  },
  mySales: {
    queries: buyingQueries,
    role: 'seller',
    load: async (client) => client.prefetchInfiniteQuery((await buyingQueries()).mySalesQuery),
  },
  payouts: {
    queries: payoutQueries,
    role: 'seller',
    load: async (client) => client.prefetchQuery((await payoutQueries()).myPayoutsQuery),
  },
  myOrders: {
    queries: buyingQueries,
    role: 'user',
    load: async (client) => client.prefetchInfiniteQuery((await buyingQueries()).myOrdersQuery),
  },
  myWishlist: {
    queries: buyingQueries,
    role: 'user',
    load: async (client) => client.prefetchInfiniteQuery((await buyingQueries()).myWishlistQuery),
  },
  addresses: {
    queries: addressQueries,
    role: ['user', 'seller'],
    load: async (client) => client.prefetchQuery((await addressQueries()).myAddressesQuery),
  },
  allUsers: {
    queries: adminQueries,
    role: 'admin',
    load: async (client, search) =>
      client.prefetchInfiniteQuery((await adminQueries()).adminUsersQuery('user', search.get('q') ?? '')),
  },
  allSellers: {
    queries: adminQueries,
    role: 'admin',
    load: async (client, search) =>
      client.prefetchInfiniteQuery((await adminQueries()).adminUsersQuery('seller', search.get('q') ?? '')),
  },
  reportedItems: {
    queries: adminQueries,
    role: 'admin',
    load: async (client) => client.prefetchInfiniteQuery((await adminQueries()).reportedProductsQuery),
  },
  listingReview: {
    queries: adminQueries,
    role: 'admin',
    load: async (client) => client.prefetchInfiniteQuery((await adminQueries()).pendingListingsQuery),
  },
  orderProblems: {
    queries: adminQueries,
    role: 'admin',
    load: async (client) => client.prefetchInfiniteQuery((await adminQueries()).orderProblemsQuery),
  },
  returns: {
    queries: adminQueries,
    role: 'admin',
    load: async (client) => client.prefetchInfiniteQuery((await adminQueries()).returnsToDecideQuery),
  },
  missedDropOffs: {
    queries: adminQueries,
    role: 'admin',
    load: async (client) => client.prefetchInfiniteQuery((await adminQueries()).missedDropOffsQuery),
  },
  finance: {
    queries: adminQueries,
    role: 'admin',
    load: async (client) => client.prefetchQuery((await adminQueries()).financeQuery),
  },
  auditLog: {
    queries: adminQueries,
    role: 'admin',
    load: async (client) => client.prefetchInfiniteQuery((await adminQueries()).auditLogQuery),
  },
  contactMessages: {
    queries: adminQueries,
    role: 'admin',
    load: async (client, search) => {
      const { contactMessagesQuery, contactMessageViewOf } = await adminQueries();
      await client.prefetchInfiniteQuery(contactMessagesQuery(contactMessageViewOf(search)));
    },
  },
} satisfies Record<string, { queries: () => Promise<unknown>; role: Role | readonly Role[]; load: Prefetch }>;

/**
 * An order's page, its payment page, or a dashboard table's first page, once the session allows it
 * (the dashboard routes its own addresses; decision 0052 for the order's page). On the server, the
 * viewer a private page is rendered for stands for the session (decision 0078).
 */
export const prefetch: PageDataModule['prefetch'] = async (queryClient, { pathname, search, viewer }) => {
  const order = matchPath(dashboardPaths.order.pattern, pathname)?.params.id;
  if (order !== undefined) {
    // An order's page: its buyer's, its seller's (or an admin's while a problem is open); the API decides.
    warm(buyingQueries);
    if (await mayAsk(viewer)) await queryClient.prefetchQuery((await buyingQueries()).orderDetailsQuery(order));
    return;
  }
  const payment = matchPath(dashboardPaths.payment.pattern, pathname)?.params.id;
  if (payment !== undefined) {
    // What the payment page shows first: the order and which card form; its intent is made in the browser.
    warm(paymentQueries);
    if (!(await mayAsk(viewer, 'user'))) return;
    const { payableOrderQuery, paymentConfigQuery } = await paymentQueries();
    await Promise.all([
      queryClient.prefetchQuery(payableOrderQuery(payment)),
      queryClient.prefetchQuery(paymentConfigQuery),
    ]);
    return;
  }
  const dashboardPage = (Object.keys(dashboardQueries) as (keyof typeof dashboardQueries)[]).find((page) =>
    matchPath(dashboardPaths[page].pattern, pathname),
  );
  if (!dashboardPage) return;
  const { queries, role, load } = dashboardQueries[dashboardPage];
  warm(queries);
  const roles: readonly Role[] = typeof role === 'string' ? [role] : role;
  for (const each of roles) if (await mayAsk(viewer, each)) return load(queryClient, search);
};
