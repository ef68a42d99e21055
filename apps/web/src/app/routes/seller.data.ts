import type { PageDataModule } from '../prefetch';

/** Public like a phone's details: the profile and first page load while the session is checked. */
export const prefetch: PageDataModule['prefetch'] = async (client, { params }) => {
  if (params.id === undefined) return;
  const { sellerQuery, sellerProductsQuery } = await import('@/features/catalogue/queries');
  await Promise.all([
    client.prefetchQuery(sellerQuery(params.id)),
    client.prefetchInfiniteQuery(sellerProductsQuery(params.id)),
  ]);
};
