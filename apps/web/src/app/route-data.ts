import { categoryIds, type CategoryId, type Role } from '@recell/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { dashboardPaths } from '@/config/dashboard-paths';
import { paths } from '@/config/paths';
import {
  adminUsersQuery,
  auditLogQuery,
  contactMessagesQuery,
  contactMessageViewOf,
  reportedProductsQuery,
} from '@/features/admin';
import { myOrdersQuery, mySalesQuery, myWishlistQuery } from '@/features/buying';
import {
  advertisedQuery,
  categoriesQuery,
  categoryFiltersFromUrl,
  categoryProductsQuery,
  productQuery,
} from '@/features/catalogue';
import { myProductsQuery } from '@/features/listings';
import { getAccessToken, getSessionState } from '@/lib/session';

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

/** The dashboard tables' first pages, by page, with the role that may see each. */
const dashboardQueries = {
  myProducts: { role: 'seller', load: (client) => client.prefetchInfiniteQuery(myProductsQuery) },
  mySales: { role: 'seller', load: (client) => client.prefetchInfiniteQuery(mySalesQuery) },
  myOrders: { role: 'user', load: (client) => client.prefetchInfiniteQuery(myOrdersQuery) },
  myWishlist: { role: 'user', load: (client) => client.prefetchInfiniteQuery(myWishlistQuery) },
  allUsers: {
    role: 'admin',
    load: (client, search) => client.prefetchInfiniteQuery(adminUsersQuery('user', search.get('q') ?? '')),
  },
  allSellers: {
    role: 'admin',
    load: (client, search) => client.prefetchInfiniteQuery(adminUsersQuery('seller', search.get('q') ?? '')),
  },
  reportedItems: { role: 'admin', load: (client) => client.prefetchInfiniteQuery(reportedProductsQuery) },
  auditLog: { role: 'admin', load: (client) => client.prefetchInfiniteQuery(auditLogQuery) },
  contactMessages: {
    role: 'admin',
    load: (client, search) => client.prefetchInfiniteQuery(contactMessagesQuery(contactMessageViewOf(search))),
  },
} satisfies Record<string, { role: Role; load: Prefetch }>;

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
      await Promise.all([
        queryClient.prefetchQuery(categoriesQuery),
        queryClient.prefetchInfiniteQuery(advertisedQuery),
      ]);
      return;
    }
    const category = matchPath(paths.category.pattern, pathname)?.params.id;
    if (category !== undefined) {
      if (!isCategoryId(category) || !(await isSignedIn())) return;
      await Promise.all([
        queryClient.prefetchQuery(categoriesQuery),
        queryClient.prefetchInfiniteQuery(categoryProductsQuery(category, categoryFiltersFromUrl(params))),
      ]);
      return;
    }
    const product = matchPath(paths.product.pattern, pathname)?.params.id;
    if (product !== undefined) {
      if (await isSignedIn()) await queryClient.prefetchQuery(productQuery(product));
      return;
    }
    const dashboardPage = (Object.keys(dashboardQueries) as (keyof typeof dashboardQueries)[]).find((page) =>
      matchPath(dashboardPaths[page].pattern, pathname),
    );
    if (!dashboardPage) return;
    const { role, load } = dashboardQueries[dashboardPage];
    if (await isSignedIn(role)) await load(queryClient, params);
  } catch {
    // The page asks for its data itself.
  }
}
