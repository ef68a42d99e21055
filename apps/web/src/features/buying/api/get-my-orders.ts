import { OrderPageSchema } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { buyingApiPaths } from '@/config/buying-api-paths';
import { apiRequest } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';
import { pagePath } from './page-path';

export const getMyOrders = (cursor: string | null, signal?: AbortSignal) =>
  apiRequest(pagePath(buyingApiPaths.myOrders, cursor), OrderPageSchema, signal ? { signal } : {});

/** GET /api/me/orders: the buyer's orders, newest first, a page at a time. */
export const useMyOrders = () =>
  useInfiniteQuery({
    queryKey: buyingKeys.myOrders,
    queryFn: ({ pageParam, signal }) => getMyOrders(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
