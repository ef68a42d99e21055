import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { routeTable, type RouteEntry } from '@/config/routes';
import { RequireAuth } from '@/features/auth';
import { lazyPage } from '@/lib/load-chunk';
import { cameAsPrerenderedPage } from '@/lib/prerendered-page';
import { SiteLayout } from './layouts/site-layout';
import { HomePage } from './routes/home';

// Route-level code splitting: every page but home is its own chunk, loaded on first visit.
const pageModules = import.meta.glob<{ default: ComponentType }>([
  './routes/*.tsx',
  './routes/dashboard/dashboard-routes.tsx',
  '!./routes/*.test.tsx',
  '!./routes/home.tsx',
  '!./routes/home-sections.tsx',
]);
// The 404 page too: few visitors need it, and it brings the spec's message catalogue.
const NotFound = lazyPage(() => import('@/components/errors/not-found'));

/** Each page's component, made once: the home page from the first load, the others lazily. */
const pages = new Map<string, ComponentType | LazyExoticComponent<ComponentType>>([['home', HomePage]]);
const pageOf = (name: string) => {
  let page = pages.get(name);
  if (!page) {
    const load = pageModules[`./routes/${name}.tsx`];
    if (!load) throw new Error(`no page app/routes/${name}.tsx`);
    page = lazyPage(load);
    pages.set(name, page);
  }
  return page;
};

/** An entry of the route table as React Router's route: its page, behind its guard. */
const routeOf = (entry: RouteEntry): RouteObject => {
  const Page = pageOf(entry.page);
  const page = entry.bare ? (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  ) : (
    <Page />
  );
  const path = (entry.nested ? `${entry.path}/*` : entry.path).replace(/^\//, '');
  if (!entry.signedIn) return path ? { path, element: page } : { index: true, element: page };
  const reason = entry.signedIn === true ? undefined : entry.signedIn;
  return { element: <RequireAuth reason={reason} />, children: [{ path, element: page }] };
};

const entries: readonly RouteEntry[] = Object.values(routeTable);
/** The whole app: the table's pages in the site's layout (or, `bare`, without it), and the 404 page. */
const appRoutes: RouteObject[] = [
  ...entries.filter((entry) => entry.bare).map(routeOf),
  {
    element: <SiteLayout />,
    children: [...entries.filter((entry) => !entry.bare).map(routeOf), { path: '*', element: <NotFound /> }],
  },
];

/**
 * Starts each page's data as soon as its address is known, while the page's code downloads (in a
 * chunk of its own: the first load stays small). On a prerendered first page the data waits for
 * React to have taken the HTML over (see prefetch.ts).
 */
function usePrefetchPageData() {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const isFirstPage = useRef(true);
  useEffect(() => {
    const wasPrerendered = isFirstPage.current && cameAsPrerenderedPage();
    isFirstPage.current = false;
    import('./prefetch')
      .then((module) => module.prefetchPageData(queryClient, { pathname, search, isPrerendered: wasPrerendered }))
      .catch(() => undefined); // the page asks for its data itself
  }, [pathname, search, queryClient]);
}

export function AppRoutes() {
  usePrefetchPageData();
  return useRoutes(appRoutes);
}
