import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderMessageEndpoints } from '@recell/contract';
import { callApi } from '@/lib/api-client';
import { messageKeys } from '@/lib/query-keys';

const markRead = (orderId: string) => callApi(orderMessageEndpoints.markRead, { params: { id: orderId } });

/** POST /api/orders/:id/messages/read: the thread has been seen; the unread counts follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.unread }),
  });
}
