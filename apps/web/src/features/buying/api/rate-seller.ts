import { ratingEndpoints, type RateSellerInput } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';

/** POST /api/orders/:id/rating (201): the buyer rates the seller of a completed order, once. */
const rateSeller = (orderId: string, rating: RateSellerInput) =>
  callApi(ratingEndpoints.rateSeller, { params: { id: orderId }, json: rating });

export const useRateSeller = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, rating }: { orderId: string; rating: RateSellerInput }) => rateSeller(orderId, rating),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: buyingKeys.myOrders }),
        queryClient.invalidateQueries({ queryKey: buyingKeys.allOrderDetails }),
      ]),
  });
};
