import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The data a page rendered on the server was rendered with: its queries' answers, in a JSON script
 * element of its HTML (never run, so the CSP has nothing to allow). The browser puts them in its
 * cache before React takes the page over, so the first render matches the HTML and asks for nothing.
 */
type PageData = { queryKey: QueryKey; data: unknown; updatedAt: number }[];

const pageDataId = 'page-data';

/** The client's settled queries as the text of that script. `<` is escaped: no `</script>` can end it early. */
export function pageDataJson(queryClient: QueryClient): string {
  const data: PageData = queryClient
    .getQueryCache()
    .getAll()
    .filter(({ state }) => state.status === 'success')
    .map(({ queryKey, state }) => ({ queryKey, data: state.data, updatedAt: state.dataUpdatedAt }));
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}

/** The script element carrying the client's settled queries. */
export const pageDataElement = (queryClient: QueryClient): string =>
  `<script type="application/json" id="${pageDataId}">${pageDataJson(queryClient)}</script>`;

/** Puts the page's data, if its HTML carries any, into `queryClient`. */
export function seedPageData(queryClient: QueryClient) {
  const text = document.getElementById(pageDataId)?.textContent;
  if (!text) return;
  for (const { queryKey, data, updatedAt } of JSON.parse(text) as PageData)
    queryClient.setQueryData(queryKey, data, { updatedAt });
}
