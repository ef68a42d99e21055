import { sellerEndpoints } from '@recell/contract';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { listingKeys } from '@/lib/query-keys';

/** GET /api/sellers/:id: a seller's public profile (an unknown or removed one is a 404). */
export const sellerQuery = (id: string) =>
  queryOptions({
    queryKey: ['seller', id] as const,
    queryFn: ({ signal }) => callApi(sellerEndpoints.seller, { params: { id }, signal }),
  });

/**
 * Phones a seller's page shows at a time: four rows of three. The server renders the page with its
 * first page of phones as data, and with twelve (not the API's 24) it comes in a phone network's
 * first round trip (decision 0077).
 */
const sellerPageSize = '12';

/** GET /api/sellers/:id/products: the seller's phones for sale, newest first, a page at a time. */
export const sellerProductsQuery = (id: string) =>
  pagedQuery(listingKeys.sellerProducts(id), (cursor, signal) =>
    callApi(sellerEndpoints.sellerProducts, { params: { id }, query: { cursor, limit: sellerPageSize }, signal }),
  );

export const useSeller = (id: string) => useQuery(sellerQuery(id));
export const useSellerProducts = (id: string) => useInfiniteQuery(sellerProductsQuery(id));
