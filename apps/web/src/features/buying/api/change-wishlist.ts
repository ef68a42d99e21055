import { buyingEndpoints, messages, type WishlistIds, type WishlistPage } from '@recell/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { showActionError } from '@/lib/form-errors';
import { buyingKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { dropCachedItems } from '@/lib/cached-pages';

/** PUT /api/me/wishlist/:productId (204): the heart fills (a phone already there stays). */
const addToWishlist = (productId: string) => callApi(buyingEndpoints.addToWishlist, { params: { productId } });

/** DELETE /api/me/wishlist/:productId (204): the heart empties. */
const removeFromWishlist = (productId: string) =>
  callApi(buyingEndpoints.removeFromWishlist, { params: { productId } });

export type WishlistChange = { productId: string; add: boolean };

const mutationKey = ['wishlist-change'] as const;

/** Puts `productId` in or out of the cached hearts. */
const setHeart = (queryClient: QueryClient, productId: string, add: boolean) => {
  queryClient.setQueryData<WishlistIds>(buyingKeys.wishlistIds, (data) => {
    const others = (data?.productIds ?? []).filter((id) => id !== productId);
    return { productIds: add ? [...others, productId] : others };
  });
};

/**
 * Adds a phone to the buyer's wishlist or takes it out, optimistically: the heart (and a removed
 * My Wishlist row) changes at once and goes back if the API refuses. Each change says so in a toast
 * ('Weshlist add Successfully' / 'Weshlist Remove Successfully'); once the last change has settled
 * the hearts and My Wishlist load again (docs/product.md, States and rules: the list refetches after each change).
 */
export function useChangeWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: ({ productId, add }: WishlistChange) =>
      add ? addToWishlist(productId) : removeFromWishlist(productId),
    onMutate: async ({ productId, add }) => {
      await queryClient.cancelQueries({ queryKey: buyingKeys.wishlistIds });
      setHeart(queryClient, productId, add);
      if (!add) {
        await queryClient.cancelQueries({ queryKey: buyingKeys.myWishlist });
        queryClient.setQueryData(
          buyingKeys.myWishlist,
          dropCachedItems<WishlistPage>((item) => item.product.id === productId),
        );
      }
    },
    onSuccess: (_, { add }) => {
      // One toast for the wishlist, updated by each change: quick toggles do not stack up toasts.
      toast.success(add ? messages.wishlistAdded : messages.wishlistRemoved, { id: 'wishlist-change' });
    },
    onError: (error, { productId, add }) => {
      setHeart(queryClient, productId, !add);
      showActionError(error);
    },
    onSettled: () => {
      // While another change is under way, its optimistic heart must not be overwritten.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      void queryClient.invalidateQueries({ queryKey: buyingKeys.wishlistIds });
      void queryClient.invalidateQueries({ queryKey: buyingKeys.myWishlist });
    },
  });
}
