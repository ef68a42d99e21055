import { ratingEndpoints, type RatingReply } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';

/** POST /api/orders/:id/rating/reply: the seller replies to the rating of a sale, once. */
const replyToRating = (orderId: string, reply: RatingReply) =>
  callApi(ratingEndpoints.replyToRating, { params: { id: orderId }, json: reply });

export const useReplyToRating = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reply }: { orderId: string; reply: RatingReply }) => replyToRating(orderId, reply),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: buyingKeys.mySales }),
        queryClient.invalidateQueries({ queryKey: buyingKeys.allOrderDetails }),
      ]),
  });
};
