import { catalogueEndpoints, type CategoryId } from '@recell/contract';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { paths } from './config/paths';
import { sendApiCallsWith } from './lib/api-client';
import { apiUrl } from './lib/api-url';
import { pageDataElement } from './lib/page-data';
import { createQueryClient } from './lib/query-client';

/** The app at `url` as HTML, every part rendered (React waits for each page's code and data). */
async function renderApp(url: string, queryClient: QueryClient, isRenderedSignedIn: boolean): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <AppProviders queryClient={queryClient} isRenderedSignedIn={isRenderedSignedIn}>
          <AppRoutes />
        </AppProviders>
      </StaticRouter>
    </StrictMode>,
    {
      // Every part inline, in document order: no boundary may need a script to be put in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  // A part that failed would be left to the browser (with an inline script the CSP refuses).
  if (errors.length > 0) throw new AggregateError(errors, `rendering ${url} failed`);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/**
 * Renders one page of the app to HTML at build time (scripts/prerender.mjs writes the files). No
 * API is there: the session is still loading and queries are pending, so the HTML shows what a
 * page has before any data, exactly what the browser's first render produces when it takes over.
 */
export async function renderPage(url: string): Promise<string> {
  const queryClient = createQueryClient();
  try {
    return await renderApp(url, queryClient, false);
  } finally {
    // The pending queries' cache timers would keep the build waiting for minutes.
    queryClient.clear();
  }
}

/** The signed-in pages the server renders with their data (the API's web plugin, by these patterns). */
export const renderedPagePatterns = [paths.category.pattern];

/**
 * A signed-in page with the data it shows first, for a request that carried the signed-in hint
 * (the API's web plugin). `fetchApi` answers the page's API calls: the server's own routes, as a
 * visitor (the data is the catalogue's, public). The session still loads as in the prerendered
 * pages, so the browser's first render, given the same data, matches. Null when a call failed: the
 * page then goes out as its frame and asks for its data itself.
 */
export async function renderSignedInPage(
  url: string,
  fetchApi: typeof fetch,
): Promise<{ title: string | null; body: string; data: string } | null> {
  sendApiCallsWith(fetchApi);
  const queryClient = createQueryClient();
  // A page waits for no retry: a failed call sends the frame at once (the browser retries).
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  try {
    const { pathname, search } = new URL(url, 'http://recell.invalid');
    // As the browser does: the route's data module is a chunk of its own.
    const { prefetchRouteData } = await import('./app/route-data');
    await prefetchRouteData(queryClient, { pathname, search, isPrerendered: false });
    const queries = queryClient.getQueryCache().getAll();
    if (queries.length === 0 || queries.some((query) => query.state.status !== 'success')) return null;
    const data = pageDataElement(queryClient);
    const html = await renderApp(url, queryClient, true);
    // React writes <title> where the page renders it; it belongs in the document's <head>.
    const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? null;
    return { title, body: title ? html.replace(title, '') : html, data };
  } finally {
    queryClient.clear();
  }
}

/**
 * The API calls a brand's page makes first when nothing is filtered (the brands, its first phones):
 * its frame asks for them with the HTML (scripts/prerender.mjs), and the page's calls, to the same
 * addresses, are answered from those.
 */
export const categoryPageData = (id: CategoryId) => [
  apiUrl(catalogueEndpoints.categories),
  apiUrl(catalogueEndpoints.categoryProducts, { id }),
];

export { criticalStyleFor } from './lib/critical-style';
export { categoryIds } from '@recell/contract';
export { framePatterns, paths } from './config/paths';
