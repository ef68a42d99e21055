import { listingReviewEndpoints, type PendingListingPage } from '@recell/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { dropCachedItems } from '@/lib/cached-pages';
import { pagedQuery } from '@/lib/paged-query';
import { adminKeys } from './admin-keys';
import { invalidateAfterModeration } from './invalidate-listings';

const getPendingListings = (cursor: string | null, signal?: AbortSignal) =>
  callApi(listingReviewEndpoints.queue, { query: { cursor }, signal });

export const pendingListingsQuery = pagedQuery(adminKeys.listingReviews, getPendingListings);

/** GET /api/admin/listing-reviews: listings waiting for review, oldest first, a page at a time. */
export const usePendingListings = () => useInfiniteQuery(pendingListingsQuery);

/**
 * GET /api/products/:id/verification-photo: the seller's photo of the phone beside its code, as a
 * data URL (it has no public address, so an <img> cannot fetch it with the session itself).
 */
export const useVerificationPhoto = (productId: string) =>
  useQuery({
    queryKey: adminKeys.verificationPhoto(productId),
    queryFn: ({ signal }) => callApi(listingReviewEndpoints.photo, { params: { id: productId }, signal }),
    staleTime: Infinity,
  });

const dropPendingListing = (queryClient: QueryClient, productId: string) => {
  queryClient.setQueryData(
    adminKeys.listingReviews,
    dropCachedItems<PendingListingPage>((item) => item.id === productId),
  );
};

/** After a decision: the row goes at once, the queue refreshes, and so does every screen of listings. */
const afterDecision = (queryClient: QueryClient, productId: string) => {
  dropPendingListing(queryClient, productId);
  void queryClient.invalidateQueries({ queryKey: adminKeys.listingReviews });
  invalidateAfterModeration(queryClient);
};

/** POST /api/admin/listing-reviews/:id/approve (204): the listing goes on sale. */
export function useApproveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => callApi(listingReviewEndpoints.approve, { params: { id: productId } }),
    onSuccess: (_, productId) => afterDecision(queryClient, productId),
    onError: () => void queryClient.invalidateQueries({ queryKey: adminKeys.listingReviews }),
  });
}

/** POST /api/admin/listing-reviews/:id/reject (204): rejected, with the reason its seller reads. */
export function useRejectListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, reason }: { productId: string; reason: string }) =>
      callApi(listingReviewEndpoints.reject, { params: { id: productId }, json: { reason } }),
    onSuccess: (_, { productId }) => afterDecision(queryClient, productId),
    onError: () => void queryClient.invalidateQueries({ queryKey: adminKeys.listingReviews }),
  });
}
