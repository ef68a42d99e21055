import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { prefetchPageData, type PageDataModule, type PageViewer } from './app/prefetch';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { routeTable, type RouteEntry } from './config/routes';
import { Document, placeholders, siteTitle, type DocumentAssets } from './document';
import { sendApiCallsWith } from './lib/api-client';
import { pageDataJson } from './lib/page-data';
import { createQueryClient } from './lib/query-client';

/** React's static renderer: the whole tree as HTML, every part inline, or an error. */
async function renderToHtml(node: ReactNode, what: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(node, {
    // Every part inline, in document order: no boundary may need a script to be put in place.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      errors.push(error);
    },
  });
  // A part that failed would be left to the browser (with an inline script the CSP refuses).
  if (errors.length > 0) throw new AggregateError(errors, `rendering ${what} failed`);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

const appAt = (url: string, queryClient: QueryClient, isRenderedSignedIn: boolean) => (
  <StrictMode>
    <StaticRouter location={url}>
      <AppProviders queryClient={queryClient} isRenderedSignedIn={isRenderedSignedIn}>
        <AppRoutes />
      </AppProviders>
    </StaticRouter>
  </StrictMode>
);

/** The app at `url` as HTML, every part rendered (React waits for each page's code and data). */
const renderApp = (url: string, queryClient: QueryClient, isRenderedSignedIn: boolean) =>
  renderToHtml(appAt(url, queryClient, isRenderedSignedIn), url);

/**
 * The app at `url` as HTML once its data is loaded. React's synchronous renderer neither streams
 * nor turns the HTML into bytes and back: it costs about half the static renderer's CPU, for the
 * same HTML. A part whose code has not loaded yet (a page's first render since the server started)
 * or that failed would come out as its fallback, marked `<!--$!-->` for the browser to render (or,
 * outside a Suspense boundary, throw): that page is rendered again by the static renderer, which
 * waits for the code.
 */
async function renderLoadedApp(url: string, queryClient: QueryClient, isRenderedSignedIn: boolean) {
  try {
    const html = renderToString(appAt(url, queryClient, isRenderedSignedIn));
    if (!html.includes('<!--$!')) return html;
  } catch {
    // The static renderer waits for what was missing, or says what failed.
  }
  return renderApp(url, queryClient, isRenderedSignedIn);
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

/** A page's whole document (see document.tsx), with `<!DOCTYPE html>`. */
export const renderDocument = (props: Parameters<typeof Document>[0]) =>
  renderToHtml(<Document {...props} />, 'the document');

/**
 * The template the server fills with a page rendered with its data: a signed-in page's, or
 * (`forEveryone`) a public page's, which visitors get too and which says nothing of a session.
 */
export const renderTemplate = (assets: DocumentAssets, theme?: string, forEveryone?: boolean) =>
  renderDocument({
    assets,
    theme,
    kind: 'page',
    body: placeholders.page,
    title: siteTitle,
    rendered: forEveryone ? 'forEveryone' : true,
  });

export { placeholders, siteTitle };

const entries = Object.values(routeTable) as RouteEntry[];
const patternsOf = (entry: RouteEntry) => (entry.nested ? [entry.path, `${entry.path}/*`] : [entry.path]);
const dataModules = import.meta.glob<
  PageDataModule & {
    unfilteredPages?: () => { address: string; fetches: string[] }[];
    renderedForViewer?: () => string[];
  }
>('./app/routes/**/*.data.ts');
const dataModuleOf = (entry: RouteEntry) => `./app/routes/${entry.page}.data.ts`;

/**
 * What the build writes for each page, from the route table (scripts/prerender.mjs):
 * - `prerendered`: one file per page, answering its addresses;
 * - `framePatterns`: the addresses answered with the site's frame;
 * - `routeFrames`: pages whose frame lists their own code (Vite manifest keys), and for some
 *   addresses their first API calls (`unfiltered`);
 * - `renderedPatterns`: pages the server renders with their data for a signed-in request, and
 *   `renderedForEveryone`: those of them that are public, rendered for visitors too;
 * - `renderedForViewer`: pages under an entry (its data module's `renderedForViewer`) that the
 *   server renders with the signed-in person's own data, for them alone (decision 0078).
 */
export async function buildPlan() {
  const prerendered = new Map<string, string[]>();
  for (const entry of entries)
    if (entry.served === 'prerendered')
      prerendered.set(entry.page, [...(prerendered.get(entry.page) ?? []), entry.path]);
  const withFrame = entries.filter((entry) => entry.served !== 'prerendered');
  const routeFrames = await Promise.all(
    withFrame
      .filter((entry) => entry.served === 'frameWithCode' || entry.served === 'rendered')
      .map(async (entry) => {
        const data = dataModules[dataModuleOf(entry)];
        const dataModule = data ? await data() : undefined;
        return {
          name: entry.page,
          pattern: entry.path,
          // The page's code, and the data code it starts with (src/app/prefetch.ts and its data module).
          modules: [
            `src/app/routes/${entry.page}.tsx`,
            'src/app/prefetch.ts',
            ...(data ? [dataModuleOf(entry).replace('./', 'src/')] : []),
          ],
          unfiltered: dataModule?.unfilteredPages?.() ?? [],
        };
      }),
  );
  const renderedForViewer = await Promise.all(
    withFrame.map(async (entry) => {
      const data = dataModules[dataModuleOf(entry)];
      const patterns = data ? ((await data()).renderedForViewer?.() ?? []) : [];
      return { name: entry.path.replace(/^\//, ''), patterns };
    }),
  );
  return {
    renderedForViewer: renderedForViewer.filter(({ patterns }) => patterns.length > 0),
    prerendered: [...prerendered].map(([page, addresses]) => ({ page, url: addresses[0]!, addresses })),
    framePatterns: withFrame.flatMap(patternsOf),
    routeFrames,
    renderedPatterns: withFrame.filter((entry) => entry.served === 'rendered').map((entry) => entry.path),
    renderedForEveryone: withFrame
      .filter((entry) => entry.served === 'rendered' && !entry.signedIn)
      .map((entry) => entry.path),
  };
}

/**
 * Each render's own `fetch`: renders run at once (the server awaits the API while rendering
 * another page), and one person's page must never call the API with another's. The api-client's
 * transport is set once, to the `fetch` of whichever render the call belongs to.
 */
const renderFetch = new AsyncLocalStorage<typeof fetch>();
let isTransportSet = false;
const sendThroughRender: typeof fetch = (input, init) => {
  const fetchApi = renderFetch.getStore();
  if (!fetchApi) return Promise.reject(new Error('an API call outside a page render'));
  return fetchApi(input, init);
};

/**
 * A page with the data it shows first: a public one (a phone's, a seller's) for anyone, a signed-in
 * one for a request that carried the signed-in hint, and a private one (My Orders, …) for the
 * `viewer` the server checked (the API's web plugin). `fetchApi` answers the page's API calls: the
 * server's own routes, as a visitor (the data is the catalogue's, public), or as the viewer. The
 * session still loads as in the prerendered pages, so the browser's first render, given the same
 * data, matches. Null when a call failed (or was refused): the page then goes out as its frame and
 * asks for its data itself.
 */
export function renderSignedInPage(
  url: string,
  fetchApi: typeof fetch,
  viewer?: PageViewer,
): Promise<{ title: string | null; body: string; data: string } | null> {
  if (!isTransportSet) {
    sendApiCallsWith(sendThroughRender);
    isTransportSet = true;
  }
  return renderFetch.run(fetchApi, () => renderWithData(url, viewer));
}

async function renderWithData(url: string, viewer: PageViewer | undefined) {
  const queryClient = createQueryClient();
  // A page waits for no retry: a failed call sends the frame at once (the browser retries).
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  try {
    const { pathname, search } = new URL(url, 'http://recell.invalid');
    await prefetchPageData(queryClient, { pathname, search, isPrerendered: false, viewer });
    const queries = queryClient.getQueryCache().getAll();
    if (queries.length === 0 || queries.some((query) => query.state.status !== 'success')) return null;
    const data = pageDataJson(queryClient);
    const html = await renderLoadedApp(url, queryClient, true);
    // React writes <title> where the page renders it; the server puts it in the document's <head>.
    const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? null;
    return { title, body: title ? html.replace(title, '') : html, data };
  } finally {
    queryClient.clear();
  }
}

export { criticalStyleFor } from './lib/critical-style';
