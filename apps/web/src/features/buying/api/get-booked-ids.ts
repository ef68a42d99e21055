import { buyingEndpoints, type BookedProductIds } from '@recell/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';

const getBookedIds = (signal?: AbortSignal) => callApi(buyingEndpoints.bookedProductIds, { signal });

const toSet = (data: BookedProductIds): ReadonlySet<string> => new Set(data.productIds);

/**
 * GET /api/me/orders/product-ids: which phones show Booked (a link to My Orders) instead of Book
 * now. Per buyer, so asked for beside the shared catalogue pages, and only when `isBuyer`.
 */
export const useBookedIds = (isBuyer: boolean) =>
  useQuery({
    queryKey: buyingKeys.bookedIds,
    queryFn: ({ signal }) => getBookedIds(signal),
    enabled: isBuyer,
    select: toSet,
  });
