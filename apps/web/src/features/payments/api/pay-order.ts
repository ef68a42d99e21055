import { paymentEndpoints } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { paymentKeys } from './payment-keys';

/**
 * POST /api/orders/:id/pay: after the card is authorised, the server captures it and records the
 * sale in one transaction (the order paid, the phone sold). 409 when the phone went to someone else
 * first (the card is not charged), 402 when the capture is refused.
 */
const payOrder = (orderId: string, paymentIntentId: string) =>
  callApi(paymentEndpoints.payOrder, { params: { id: orderId }, json: { paymentIntentId } });

/**
 * Records the payment. A sale changes what many screens show (My Orders, the phone's page, the
 * category pages, the home grid, the wishlist): every cached list is marked stale, to load again
 * when it is next shown; nothing reloads now, the page is about to move on.
 */
export function usePayOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntentId: string) => payOrder(orderId, paymentIntentId),
    onSuccess: (paid) => {
      void queryClient.invalidateQueries({ refetchType: 'none' });
      queryClient.setQueryData(paymentKeys.order(orderId), paid);
    },
  });
}
