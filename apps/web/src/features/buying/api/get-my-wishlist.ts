import { WishlistPageSchema } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { buyingApiPaths } from '@/config/buying-api-paths';
import { apiRequest } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';
import { pagePath } from './page-path';

export const getMyWishlist = (cursor: string | null, signal?: AbortSignal) =>
  apiRequest(pagePath(buyingApiPaths.myWishlist, cursor), WishlistPageSchema, signal ? { signal } : {});

/** GET /api/me/wishlist: the buyer's wishlisted phones with their latest order, a page at a time. */
export const useMyWishlist = () =>
  useInfiniteQuery({
    queryKey: buyingKeys.myWishlist,
    queryFn: ({ pageParam, signal }) => getMyWishlist(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
