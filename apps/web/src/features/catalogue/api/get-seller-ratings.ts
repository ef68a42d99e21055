import { ratingEndpoints } from '@recell/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';

const sellerRatingsKey = (sellerId: string) => ['seller-ratings', sellerId] as const;

/** GET /api/sellers/:id/ratings: the seller's ratings, newest first, a page at a time. */
export const sellerRatingsQuery = (sellerId: string) =>
  pagedQuery(sellerRatingsKey(sellerId), (cursor, signal) =>
    callApi(ratingEndpoints.sellerRatings, { params: { id: sellerId }, query: { cursor }, signal }),
  );

export const useSellerRatings = (sellerId: string) => useInfiniteQuery(sellerRatingsQuery(sellerId));

/** POST /api/admin/ratings/:id/hide-comment or show-comment (admin); the seller's list refreshes. */
export const useSetCommentHidden = (sellerId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ratingId, hidden }: { ratingId: string; hidden: boolean }) =>
      callApi(hidden ? ratingEndpoints.hideRatingComment : ratingEndpoints.showRatingComment, {
        params: { id: ratingId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerRatingsKey(sellerId) }),
  });
};
