import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderProgressEndpoints, type MarkShippedInput } from '@recell/contract';
import { callApi } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';

/** After any change of an order's progress, My Orders, My Sales and the order's page show it as it is now. */
const useProgressMutation = <Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) => {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: buyingKeys.myOrders });
    void queryClient.invalidateQueries({ queryKey: buyingKeys.mySales });
    void queryClient.invalidateQueries({ queryKey: buyingKeys.allOrderDetails });
  };
  return useMutation({ mutationFn, onSuccess: refresh, onError: refresh });
};

/** POST /api/orders/:id/handed-over: the seller handed the phone over at a meeting. */
export const useMarkHandedOver = () =>
  useProgressMutation((orderId: string) => callApi(orderProgressEndpoints.markHandedOver, { params: { id: orderId } }));

/** POST /api/orders/:id/shipped: the seller shipped the phone (with an optional tracking note). */
export const useMarkShipped = () =>
  useProgressMutation(({ orderId, body }: { orderId: string; body: MarkShippedInput }) =>
    callApi(orderProgressEndpoints.markShipped, { params: { id: orderId }, json: body }),
  );

/** POST /api/orders/:id/receipt: the buyer received the phone; the order is completed. */
export const useConfirmReceipt = () =>
  useProgressMutation((orderId: string) => callApi(orderProgressEndpoints.confirmReceipt, { params: { id: orderId } }));

/** POST /api/orders/:id/problems: the buyer reports a problem for an admin to decide. */
export const useReportOrderProblem = () =>
  useProgressMutation(({ orderId, reason }: { orderId: string; reason: string }) =>
    callApi(orderProgressEndpoints.reportProblem, { params: { id: orderId }, json: { reason } }),
  );
