import { categoryIds, type CategoryId, type Role } from '@recell/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { dashboardPaths } from '@/config/dashboard-paths';
import { paths } from '@/config/paths';
import { getAccessToken, getSessionState } from '@/lib/session';

// Each page loads only its own feature's query options, as it needs them.
const catalogueQueries = () => import('@/features/catalogue/queries');
const adminQueries = () => import('@/features/admin/queries');
const buyingQueries = () => import('@/features/buying/queries');
const listingQueries = () => import('@/features/listings/queries');

const isCategoryId = (id: string): id is CategoryId => categoryIds.some((known) => known === id);

/**
 * Signed-in pages ask only once the session is known and the role matches: a visitor is sent to
 * log in, and someone on another role's page is sent home, so their data would be refused.
 */
async function isSignedIn(role?: Role) {
  if ((await getAccessToken()) === null) return false;
  const { user } = getSessionState();
  return !!user && (role === undefined || user.role === role);
}

type Prefetch = (client: QueryClient, search: URLSearchParams) => Promise<void>;

/** Starts downloading a feature's query options (while the session is checked). */
const warm = (queries: () => Promise<unknown>) => {
  queries().catch(() => undefined); // the loader that awaits it hears of a failure
};

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
  orderProblems: {
    queries: adminQueries,
    role: 'admin',
    load: async (client) => client.prefetchInfiniteQuery((await adminQueries()).orderProblemsQuery),
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
} satisfies Record<string, { queries: () => Promise<unknown>; role: Role; load: Prefetch }>;

/**
 * Starts the data the page at `pathname` + `search` shows first, while its code downloads (the
 * page's own queries then find it loading or loaded). It never throws: a page whose data is
 * missing fetches it itself. `isPrerendered`: this is the first page and came prerendered; its
 * HTML has no data, and data arriving before React has taken all of it over would not match it,
 * so the home page waits for its sections to ask.
 */
export async function prefetchRouteData(
  queryClient: QueryClient,
  { pathname, search, isPrerendered }: { pathname: string; search: string; isPrerendered: boolean },
) {
  const params = new URLSearchParams(search);
  try {
    if (matchPath(paths.home.pattern, pathname) || matchPath(paths.homeAlias.pattern, pathname)) {
      if (isPrerendered) return;
      const { categoriesQuery, advertisedQuery } = await catalogueQueries();
      await Promise.all([
        queryClient.prefetchQuery(categoriesQuery),
        queryClient.prefetchInfiniteQuery(advertisedQuery),
      ]);
      return;
    }
    const category = matchPath(paths.category.pattern, pathname)?.params.id;
    if (category !== undefined) {
      if (!isCategoryId(category)) return;
      // The catalogue is public: its data loads while the session is checked, not after.
      const { categoriesQuery, categoryProductsQuery, categoryFiltersFromUrl } = await catalogueQueries();
      await Promise.all([
        queryClient.prefetchQuery(categoriesQuery),
        queryClient.prefetchInfiniteQuery(categoryProductsQuery(category, categoryFiltersFromUrl(params))),
      ]);
      return;
    }
    if (matchPath(paths.search.pattern, pathname)) {
      const { categoryProductsQuery, categoryFiltersFromUrl } = await catalogueQueries();
      await queryClient.prefetchInfiniteQuery(categoryProductsQuery('all', categoryFiltersFromUrl(params)));
      return;
    }
    const product = matchPath(paths.product.pattern, pathname)?.params.id;
    if (product !== undefined) {
      await queryClient.prefetchQuery((await catalogueQueries()).productQuery(product));
      return;
    }
    const seller = matchPath(paths.seller.pattern, pathname)?.params.id;
    if (seller !== undefined) {
      // Public like a phone's details: profile and first page load while the session is checked.
      const { sellerQuery, sellerProductsQuery } = await catalogueQueries();
      await Promise.all([
        queryClient.prefetchQuery(sellerQuery(seller)),
        queryClient.prefetchInfiniteQuery(sellerProductsQuery(seller)),
      ]);
      return;
    }
    const order = matchPath(dashboardPaths.order.pattern, pathname)?.params.id;
    if (order !== undefined) {
      // An order's page: its buyer's, its seller's (or an admin's while a problem is open); the API decides.
      warm(buyingQueries);
      if (await isSignedIn()) await queryClient.prefetchQuery((await buyingQueries()).orderDetailsQuery(order));
      return;
    }
    const dashboardPage = (Object.keys(dashboardQueries) as (keyof typeof dashboardQueries)[]).find((page) =>
      matchPath(dashboardPaths[page].pattern, pathname),
    );
    if (!dashboardPage) return;
    const { queries, role, load } = dashboardQueries[dashboardPage];
    warm(queries);
    if (await isSignedIn(role)) await load(queryClient, params);
  } catch {
    // The page asks for its data itself.
  }
}
