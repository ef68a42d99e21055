import type { PageDataModule } from '../prefetch';

/**
 * The phone's details, then the fair-price guide for it: the guide's line sits under the price, so
 * it is in the page's first render rather than pushing the page down once it comes.
 */
export const prefetch: PageDataModule['prefetch'] = async (client, { params }) => {
  if (params.id === undefined) return;
  const { productQuery, fairPriceQuery, productFairPriceQuestion } = await import('@/features/catalogue/queries');
  const product = await client.fetchQuery(productQuery(params.id));
  const question = productFairPriceQuestion(product);
  if (question) await client.prefetchQuery(fairPriceQuery(question));
};
