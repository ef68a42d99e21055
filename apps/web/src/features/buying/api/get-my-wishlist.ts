import { buyingEndpoints } from '@recell/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';

const getMyWishlist = (cursor: string | null, signal?: AbortSignal) =>
  callApi(buyingEndpoints.myWishlist, { query: { cursor }, signal });

export const myWishlistQuery = infiniteQueryOptions({
  queryKey: buyingKeys.myWishlist,
  queryFn: ({ pageParam, signal }) => getMyWishlist(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

/** GET /api/me/wishlist: the buyer's wishlisted phones with their latest order, a page at a time. */
export const useMyWishlist = () => useInfiniteQuery(myWishlistQuery);
