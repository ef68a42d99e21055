import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The data a page rendered on the server was rendered with: its queries' answers, in a JSON script
 * element of its HTML (never run, so the CSP has nothing to allow). The browser puts them in its
 * cache before React takes the page over, so the first render matches the HTML and asks for nothing.
 */
type PageData = { queryKey: QueryKey; data: unknown; updatedAt: number }[];

const pageDataId = 'page-data';

/** The script element carrying the client's settled queries. `<` is escaped: no `</script>` can end it early. */
export function pageDataElement(queryClient: QueryClient): string {
  const data: PageData = queryClient
    .getQueryCache()
    .getAll()
    .filter(({ state }) => state.status === 'success')
    .map(({ queryKey, state }) => ({ queryKey, data: state.data, updatedAt: state.dataUpdatedAt }));
  return `<script type="application/json" id="${pageDataId}">${JSON.stringify(data).replaceAll('<', '\\u003c')}</script>`;
}

/** Puts the page's data, if its HTML carries any, into `queryClient`. */
export function seedPageData(queryClient: QueryClient) {
  const text = document.getElementById(pageDataId)?.textContent;
  if (!text) return;
  for (const { queryKey, data, updatedAt } of JSON.parse(text) as PageData)
    queryClient.setQueryData(queryKey, data, { updatedAt });
}
