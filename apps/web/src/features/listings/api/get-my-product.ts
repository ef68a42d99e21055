import { listingEndpoints } from '@recell/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';

const getMyProduct = (id: string, signal?: AbortSignal) =>
  callApi(listingEndpoints.myProduct, { params: { id }, signal });

/** GET /api/me/products/:id: one of the seller's listings with its IMEI and phone number (the edit form). */
export const useMyProduct = (id: string) =>
  useQuery({ queryKey: listingKeys.myProduct(id), queryFn: ({ signal }) => getMyProduct(id, signal) });
