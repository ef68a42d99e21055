import { productConditions, sellerEndpoints, type Product, type ProductCondition } from '@recell/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** What the guide is asked about: a model and storage, maybe a condition, maybe a listing to leave out. */
export type FairPriceQuestion = {
  model: string;
  storageGb: number;
  condition?: ProductCondition | undefined;
  exclude?: string | undefined;
};

/** GET /api/fair-price: the typical price of recent sales (or of the phones for sale). */
export const fairPriceQuery = (question: FairPriceQuestion) =>
  queryOptions({
    queryKey: ['fair-price', question] as const,
    queryFn: ({ signal }) =>
      callApi(sellerEndpoints.fairPrice, {
        query: {
          model: question.model,
          storageGb: String(question.storageGb),
          condition: question.condition,
          exclude: question.exclude,
        },
        signal,
      }),
    // Prices move slowly: a minute without asking again for the same question.
    staleTime: 60_000,
  });

const isCondition = (value: unknown): value is ProductCondition =>
  productConditions.some((condition) => condition === value);

/**
 * What a phone's page asks the guide: its model, storage and condition, itself left out. Null for
 * a phone not for sale or whose storage is unknown (its page shows no guide).
 */
export const productFairPriceQuestion = (product: Product): FairPriceQuestion | null =>
  product.status === 'available' && product.storageGb !== null
    ? {
        model: product.model,
        storageGb: product.storageGb,
        condition: isCondition(product.condition) ? product.condition : undefined,
        exclude: product.id,
      }
    : null;

/** The guide's answer for `question`; nothing is asked while it is null (not enough typed yet). */
export const useFairPrice = (question: FairPriceQuestion | null) =>
  useQuery({
    ...fairPriceQuery(question ?? { model: '', storageGb: 0 }),
    enabled: question !== null,
    // While the seller types on, the last figure stays instead of flickering away.
    placeholderData: keepPreviousData,
  });
