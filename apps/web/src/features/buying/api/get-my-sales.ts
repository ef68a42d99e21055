import { SalePageSchema } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { buyingApiPaths } from '@/config/buying-api-paths';
import { apiRequest } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';
import { pagePath } from './page-path';

export const getMySales = (cursor: string | null, signal?: AbortSignal) =>
  apiRequest(pagePath(buyingApiPaths.mySales, cursor), SalePageSchema, signal ? { signal } : {});

/** GET /api/me/sales: the orders on the seller's phones (who booked, where to meet, paid or not). */
export const useMySales = () =>
  useInfiniteQuery({
    queryKey: buyingKeys.mySales,
    queryFn: ({ pageParam, signal }) => getMySales(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
