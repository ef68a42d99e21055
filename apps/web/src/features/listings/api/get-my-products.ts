import { MyProductPageSchema } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { listingApiPaths } from '@/config/listing-api-paths';
import { apiRequest } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';

export const getMyProducts = (cursor: string | null, signal?: AbortSignal) =>
  apiRequest(
    cursor ? `${listingApiPaths.myProducts}?${new URLSearchParams({ cursor }).toString()}` : listingApiPaths.myProducts,
    MyProductPageSchema,
    signal ? { signal } : {},
  );

/** GET /api/me/products: the seller's phones for sale and sold, newest first, a page at a time. */
export const useMyProducts = () =>
  useInfiniteQuery({
    queryKey: listingKeys.myProducts,
    queryFn: ({ pageParam, signal }) => getMyProducts(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
