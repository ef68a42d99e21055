import { ProductSchema } from '@recell/contract';
import { useQuery } from '@tanstack/react-query';
import { listingApiPaths } from '@/config/listing-api-paths';
import { apiRequest } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';

export const getProduct = (id: string, signal?: AbortSignal) =>
  apiRequest(listingApiPaths.product(id), ProductSchema, signal ? { signal } : {});

/** GET /api/products/:id: a phone for sale or sold (a removed or unknown one is a 404). */
export const useProduct = (id: string) =>
  useQuery({ queryKey: listingKeys.product(id), queryFn: ({ signal }) => getProduct(id, signal) });
