import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buyingEndpoints, type OrderPage } from '@recell/contract';
import { callApi } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';
import { dropCachedItems } from '@/lib/cached-pages';

/** DELETE /api/orders/:id (204): the buyer drops an unpaid order. */
const deleteOrder = (id: string) => callApi(buyingEndpoints.deleteOrder, { params: { id } });

/** Removes an unpaid order: it leaves My Orders at once, which then loads again (My Wishlist and the Booked marks too). */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: (_, id) => {
      queryClient.setQueryData(
        buyingKeys.myOrders,
        dropCachedItems<OrderPage>((order) => order.id === id),
      );
      queryClient.removeQueries({ queryKey: buyingKeys.order(id) });
      queryClient.removeQueries({ queryKey: buyingKeys.orderDetails(id) });
      void queryClient.invalidateQueries({ queryKey: buyingKeys.myOrders });
      void queryClient.invalidateQueries({ queryKey: buyingKeys.myWishlist });
      void queryClient.invalidateQueries({ queryKey: buyingKeys.bookedIds });
    },
    onError: () => {
      // Paid meanwhile, or gone: show the orders as they are now.
      void queryClient.invalidateQueries({ queryKey: buyingKeys.myOrders });
    },
  });
}
