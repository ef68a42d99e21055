import { listingEndpoints } from '@recell/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';

const getMyProducts = (cursor: string | null, signal?: AbortSignal) =>
  callApi(listingEndpoints.myProducts, { query: { cursor }, signal });

export const myProductsQuery = infiniteQueryOptions({
  queryKey: listingKeys.myProducts,
  queryFn: ({ pageParam, signal }) => getMyProducts(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

/** GET /api/me/products: the seller's phones for sale and sold, newest first, a page at a time. */
export const useMyProducts = () => useInfiniteQuery(myProductsQuery);
