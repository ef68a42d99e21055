import { catalogueEndpoints } from '@recell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';

const getProduct = (id: string, signal?: AbortSignal) =>
  callApi(catalogueEndpoints.product, { params: { id }, signal });

/** GET /api/products/:id: a phone for sale or sold (a removed or unknown one is a 404). */
export const productQuery = (id: string) =>
  queryOptions({ queryKey: listingKeys.product(id), queryFn: ({ signal }) => getProduct(id, signal) });

export const useProduct = (id: string) => useQuery(productQuery(id));
