import type { PageDataModule } from '../prefetch';

/** The brands and the advertised phones; a prerendered home page waits for its sections to ask. */
export const prefetch: PageDataModule['prefetch'] = async (client, { isPrerendered }) => {
  if (isPrerendered) return;
  const { categoriesQuery, advertisedQuery } = await import('@/features/catalogue/queries');
  await Promise.all([client.prefetchQuery(categoriesQuery), client.prefetchInfiniteQuery(advertisedQuery)]);
};
