import type { Role } from '@recell/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type Params } from 'react-router';
import { routeTable } from '@/config/routes';
import { getAccessToken, getSessionState } from '@/lib/session';

/** What a page's data module (`app/routes/<page>.data.ts`) is told about the address. */
export type PrefetchContext = {
  params: Params;
  search: URLSearchParams;
  pathname: string;
  /** This is the first page and came prerendered (see `prefetchPageData`). */
  isPrerendered: boolean;
  /**
   * Whom the server renders the page for (a private page: `renderSignedInPage` in
   * src/prerender.tsx), which it checked itself; never set in the browser, where the session says
   * who is signed in.
   */
  viewer?: PageViewer;
};

/** Someone the server renders a private page for (decision 0078). */
export type PageViewer = { role: Role };

/** A page's data module: starts the queries the page shows first. */
export type PageDataModule = {
  prefetch: (client: QueryClient, context: PrefetchContext) => Promise<void>;
};

// Each page's data module is a small chunk of its own that imports its feature's queries.ts only
// when called, so a page loads no other page's query code (decision 0031).
const dataModules = import.meta.glob<PageDataModule>('./routes/**/*.data.ts');

const tableRoutes = Object.entries(routeTable).map(([id, entry]) => ({
  id,
  path: 'nested' in entry ? `${entry.path}/*` : entry.path,
}));

/** The table's entry for an address, with its params. */
export const matchRoute = (pathname: string) => {
  const match = matchRoutes(tableRoutes, pathname)?.at(-1);
  return match ? { entry: routeTable[match.route.id as keyof typeof routeTable], params: match.params } : null;
};

/**
 * Signed-in pages ask only once the session is known and the role matches: a visitor is sent to
 * log in, and someone on another role's page is sent home, so their data would be refused.
 */
export async function isSignedIn(role?: Role) {
  if ((await getAccessToken()) === null) return false;
  const { user } = getSessionState();
  return !!user && (role === undefined || user.role === role);
}

/** Starts downloading a feature's query options (while the session is checked). */
export const warm = (queries: () => Promise<unknown>) => {
  queries().catch(() => undefined); // the prefetch that awaits it hears of a failure
};

/**
 * Starts the data the page at `pathname` + `search` shows first, while its code downloads (the
 * page's own queries then find it loading or loaded): the table's entry for the address names the
 * page, and its data module, if it has one, knows the queries. It never throws: a page whose data
 * is missing fetches it itself. `isPrerendered`: this is the first page and came prerendered; its
 * HTML has no data, and data arriving before React has taken all of it over would not match it.
 * `viewer`: on the server, whom a private page is rendered for (decision 0078).
 */
export async function prefetchPageData(
  queryClient: QueryClient,
  {
    pathname,
    search,
    isPrerendered,
    viewer,
  }: { pathname: string; search: string; isPrerendered: boolean; viewer?: PageViewer },
) {
  const match = matchRoute(pathname);
  const load = match && dataModules[`./routes/${match.entry.page}.data.ts`];
  if (!match || !load) return;
  try {
    const { prefetch } = await load();
    await prefetch(queryClient, {
      params: match.params,
      search: new URLSearchParams(search),
      pathname,
      isPrerendered,
      ...(viewer && { viewer }),
    });
  } catch {
    // The page asks for its data itself.
  }
}
