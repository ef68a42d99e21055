import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderMessageEndpoints, type NewOrderMessage } from '@recell/contract';
import { callApi } from '@/lib/api-client';
import { messageKeys } from '@/lib/query-keys';

const sendMessage = (orderId: string, message: NewOrderMessage) =>
  callApi(orderMessageEndpoints.send, { params: { id: orderId }, json: message });

/** POST /api/orders/:id/messages: writes a message, then shows the thread as it is now. */
export function useSendMessage(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: NewOrderMessage) => sendMessage(orderId, message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.thread(orderId) }),
  });
}
