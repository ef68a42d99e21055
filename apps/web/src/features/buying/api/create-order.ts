import { type Booking, buyingEndpoints } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { buyingKeys, listingKeys } from '@/lib/query-keys';

/** POST /api/orders (201): books a phone; the order carries the seller's phone number. */
const createOrder = (booking: Booking) => callApi(buyingEndpoints.bookProduct, { json: booking });

/**
 * Books a phone. My Orders (and My Wishlist's payment column) load again. A refusal (sold
 * meanwhile, removed, already booked) reloads the phone's page and the category lists too.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(buyingKeys.order(order.id), order);
      void queryClient.invalidateQueries({ queryKey: buyingKeys.myOrders });
      void queryClient.invalidateQueries({ queryKey: buyingKeys.myWishlist });
    },
    onError: (_, booking) => {
      void queryClient.invalidateQueries({ queryKey: listingKeys.product(booking.productId) });
      void queryClient.invalidateQueries({ queryKey: listingKeys.categoryProductsAll });
    },
  });
}
