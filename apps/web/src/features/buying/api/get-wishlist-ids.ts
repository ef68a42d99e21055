import { buyingEndpoints, type WishlistIds } from '@recell/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';

const getWishlistIds = (signal?: AbortSignal) => callApi(buyingEndpoints.wishlistIds, { signal });

const toSet = (data: WishlistIds): ReadonlySet<string> => new Set(data.productIds);

/**
 * GET /api/me/wishlist/ids: which phones have a filled heart. Only a buyer has a wishlist, so it is
 * asked for only when `isBuyer`.
 */
export const useWishlistIds = (isBuyer: boolean) =>
  useQuery({
    queryKey: buyingKeys.wishlistIds,
    queryFn: ({ signal }) => getWishlistIds(signal),
    enabled: isBuyer,
    select: toSet,
  });
