import { buyingEndpoints } from '@recell/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';

const getMyOrders = (cursor: string | null, signal?: AbortSignal) =>
  callApi(buyingEndpoints.myOrders, { query: { cursor }, signal });

export const myOrdersQuery = infiniteQueryOptions({
  queryKey: buyingKeys.myOrders,
  queryFn: ({ pageParam, signal }) => getMyOrders(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

/** GET /api/me/orders: the buyer's orders, newest first, a page at a time. */
export const useMyOrders = () => useInfiniteQuery(myOrdersQuery);
