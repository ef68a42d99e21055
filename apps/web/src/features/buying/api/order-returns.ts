import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderReturnEndpoints, returnTexts, type RequestReturnInput } from '@recell/contract';
import { callApi, callApiForFile } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';

/** After any step of a return, the order's page, My Orders and My Sales show it as it is now. */
const useReturnMutation = <Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) => {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: buyingKeys.myOrders });
    void queryClient.invalidateQueries({ queryKey: buyingKeys.mySales });
    void queryClient.invalidateQueries({ queryKey: buyingKeys.allOrderDetails });
  };
  return useMutation({ mutationFn, onSuccess: refresh, onError: refresh });
};

/** POST /api/orders/:id/return: the buyer asks for a return, with a reason and up to 4 photos. */
export const useRequestReturn = () =>
  useReturnMutation(({ orderId, body }: { orderId: string; body: RequestReturnInput }) =>
    callApi(orderReturnEndpoints.requestReturn, { params: { id: orderId }, json: body }),
  );

/** POST /api/orders/:id/return/accept: the seller accepts; a prepaid return label is bought. */
export const useAcceptReturn = () =>
  useReturnMutation((orderId: string) => callApi(orderReturnEndpoints.acceptReturn, { params: { id: orderId } }));

/** POST /api/orders/:id/return/decline: the seller declines with a reason; an admin decides. */
export const useDeclineReturn = () =>
  useReturnMutation(({ orderId, reason }: { orderId: string; reason: string }) =>
    callApi(orderReturnEndpoints.declineReturn, { params: { id: orderId }, json: { reason } }),
  );

/** POST /api/orders/:id/return/confirm-imei: the IMEI of the phone that came back. */
export const useConfirmReturnImei = () =>
  useReturnMutation(({ orderId, imei }: { orderId: string; imei: string }) =>
    callApi(orderReturnEndpoints.confirmReturnImei, { params: { id: orderId }, json: { imei } }),
  );

/** POST /api/orders/:id/return/relist: the refunded phone that came back is for sale again. */
export const useRelistReturned = () =>
  useReturnMutation((orderId: string) => callApi(orderReturnEndpoints.relistReturned, { params: { id: orderId } }));

/** GET /api/orders/:id/return/label.pdf: the prepaid return label, saved as a file the buyer prints. */
export const downloadReturnLabel = async (orderId: string) => {
  const file = await callApiForFile(orderReturnEndpoints.returnLabelPdf, { id: orderId });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = returnTexts.returnLabelFileName(orderId);
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
