import { buyingEndpoints } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { buyingKeys } from '@/lib/query-keys';

const getMyWishlist = (cursor: string | null, signal?: AbortSignal) =>
  callApi(buyingEndpoints.myWishlist, { query: { cursor }, signal });

export const myWishlistQuery = pagedQuery(buyingKeys.myWishlist, getMyWishlist);

/** GET /api/me/wishlist: the buyer's wishlisted phones with their latest order, a page at a time. */
export const useMyWishlist = () => useInfiniteQuery(myWishlistQuery);
