import type { PageDataModule } from '../prefetch';

/** The first phones matching the address's filters, across brands. */
export const prefetch: PageDataModule['prefetch'] = async (client, { search }) => {
  const { categoryProductsQuery, categoryFiltersFromUrl } = await import('@/features/catalogue/queries');
  await client.prefetchInfiniteQuery(categoryProductsQuery('all', categoryFiltersFromUrl(search)));
};
