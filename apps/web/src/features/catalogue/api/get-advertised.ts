import { catalogueEndpoints } from '@recell/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';

const getAdvertised = (cursor: string | null, signal?: AbortSignal) =>
  callApi(catalogueEndpoints.advertised, { query: { cursor }, signal });

export const advertisedQuery = infiniteQueryOptions({
  queryKey: listingKeys.advertised,
  queryFn: ({ pageParam, signal }) => getAdvertised(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

/** GET /api/advertised: advertised available phones, newest first, a page at a time. */
export const useAdvertised = () => useInfiniteQuery(advertisedQuery);
