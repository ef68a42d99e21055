import { type BookedProductIds, type Booking, buyingEndpoints } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { buyingKeys, listingKeys } from '@/lib/query-keys';

/** POST /api/orders (201): books a phone (the seller's phone number is not in it: the meeting is arranged in the order's messages). */
const createOrder = (booking: Booking) => callApi(buyingEndpoints.bookProduct, { json: booking });

/**
 * Books a phone. My Orders (and My Wishlist's payment column) load again, and the phone's cards
 * say Booked at once. A refusal (sold meanwhile, removed, already booked) reloads the phone's page,
 * the category lists and the Booked marks too.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(buyingKeys.order(order.id), order);
      queryClient.setQueryData<BookedProductIds>(buyingKeys.bookedIds, (data) =>
        data ? { productIds: [order.product.id, ...data.productIds] } : data,
      );
      void queryClient.invalidateQueries({ queryKey: buyingKeys.bookedIds });
      void queryClient.invalidateQueries({ queryKey: buyingKeys.myOrders });
      void queryClient.invalidateQueries({ queryKey: buyingKeys.myWishlist });
    },
    onError: (_, booking) => {
      void queryClient.invalidateQueries({ queryKey: listingKeys.product(booking.productId) });
      void queryClient.invalidateQueries({ queryKey: listingKeys.categoryProductsAll });
      void queryClient.invalidateQueries({ queryKey: buyingKeys.bookedIds });
    },
  });
}
