import { buyingEndpoints } from '@recell/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';

const getMySales = (cursor: string | null, signal?: AbortSignal) =>
  callApi(buyingEndpoints.mySales, { query: { cursor }, signal });

export const mySalesQuery = infiniteQueryOptions({
  queryKey: buyingKeys.mySales,
  queryFn: ({ pageParam, signal }) => getMySales(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

/** GET /api/me/sales: the orders on the seller's phones (who booked, where to meet, paid or not). */
export const useMySales = () => useInfiniteQuery(mySalesQuery);
