import { catalogueEndpoints, categoryIds, type CategoryId } from '@recell/contract';
import { paths } from '@/config/paths';
import { apiUrl } from '@/lib/api-url';
import type { PageDataModule } from '../prefetch';

const isCategoryId = (id: string): id is CategoryId => categoryIds.some((known) => known === id);

/** The brands and the brand's first phones for the address's filters. */
export const prefetch: PageDataModule['prefetch'] = async (client, { params, search }) => {
  const category = params.id ?? '';
  if (!isCategoryId(category)) return;
  // The catalogue is public: its data loads while the session is checked, not after.
  const { categoriesQuery, categoryProductsQuery, categoryFiltersFromUrl } =
    await import('@/features/catalogue/queries');
  await Promise.all([
    client.prefetchQuery(categoriesQuery),
    client.prefetchInfiniteQuery(categoryProductsQuery(category, categoryFiltersFromUrl(search))),
  ]);
};

/**
 * A brand's page with nothing filtered (its address has no query) asks for these API calls with its
 * HTML, and the page's own calls, to the same addresses, are answered from them (decision 0047).
 * Used by the build (scripts/prerender.mjs) for each brand's frame.
 */
export function unfilteredPages(): { address: string; fetches: string[] }[] {
  return categoryIds.map((id) => ({
    address: paths.category.to(id),
    fetches: [apiUrl(catalogueEndpoints.categories), apiUrl(catalogueEndpoints.categoryProducts, { id })],
  }));
}
