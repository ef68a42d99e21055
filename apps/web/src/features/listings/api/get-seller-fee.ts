import { listingEndpoints } from '@recell/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';

/** GET /api/seller-fee: what the marketplace keeps of a sale; it changes only with a deployment. */
export const useSellerFee = () =>
  useQuery({
    queryKey: listingKeys.sellerFee,
    queryFn: ({ signal }) => callApi(listingEndpoints.sellerFee, { signal }),
    staleTime: Infinity,
  });
