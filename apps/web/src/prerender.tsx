import { catalogueEndpoints, type CategoryId } from '@recell/contract';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { apiUrl } from './lib/api-url';
import { createQueryClient } from './lib/query-client';

/**
 * Renders one page of the app to HTML at build time (scripts/prerender.mjs writes the files). No
 * API is there: the session is still loading and queries are pending, so the HTML shows what a
 * page has before any data, exactly what the browser's first render produces when it takes over.
 */
export async function renderPage(url: string): Promise<string> {
  const errors: unknown[] = [];
  const queryClient = createQueryClient();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <AppProviders queryClient={queryClient}>
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
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${url} failed`);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  // The pending queries' cache timers would keep the build waiting for minutes.
  queryClient.clear();
  return html;
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

export { categoryIds } from '@recell/contract';
export { framePatterns, paths } from './config/paths';
