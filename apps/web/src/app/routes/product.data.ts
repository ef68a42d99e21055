import type { PageDataModule } from '../prefetch';

/** The phone's details. */
export const prefetch: PageDataModule['prefetch'] = async (client, { params }) => {
  if (params.id === undefined) return;
  await client.prefetchQuery((await import('@/features/catalogue/queries')).productQuery(params.id));
};
