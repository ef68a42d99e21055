import { ProductPageSchema } from '@recell/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { apiRequest } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';

export const getAdvertised = (cursor: string | null, signal?: AbortSignal) =>
  apiRequest(
    cursor ? `${apiPaths.advertised}?${new URLSearchParams({ cursor }).toString()}` : apiPaths.advertised,
    ProductPageSchema,
    signal ? { signal } : {},
  );

export const advertisedQuery = infiniteQueryOptions({
  queryKey: listingKeys.advertised,
  queryFn: ({ pageParam, signal }) => getAdvertised(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

/** GET /api/advertised: advertised available phones, newest first, a page at a time. */
export const useAdvertised = () => useInfiniteQuery(advertisedQuery);
