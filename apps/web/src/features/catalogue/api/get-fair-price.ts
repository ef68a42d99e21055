import { sellerEndpoints, type ProductCondition } from '@recell/contract';
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

/** The guide's answer for `question`; nothing is asked while it is null (not enough typed yet). */
export const useFairPrice = (question: FairPriceQuestion | null) =>
  useQuery({
    ...fairPriceQuery(question ?? { model: '', storageGb: 0 }),
    enabled: question !== null,
    // While the seller types on, the last figure stays instead of flickering away.
    placeholderData: keepPreviousData,
  });
