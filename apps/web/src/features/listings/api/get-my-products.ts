import { listingEndpoints } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { listingKeys } from '@/lib/query-keys';

const getMyProducts = (cursor: string | null, signal?: AbortSignal) =>
  callApi(listingEndpoints.myProducts, { query: { cursor }, signal });

export const myProductsQuery = pagedQuery(listingKeys.myProducts, getMyProducts);

/** GET /api/me/products: the seller's phones for sale and sold, newest first, a page at a time. */
export const useMyProducts = () => useInfiniteQuery(myProductsQuery);
