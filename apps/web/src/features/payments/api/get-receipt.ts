import { paymentEndpoints } from '@recell/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { paymentKeys } from './payment-keys';

const getReceipt = (orderId: string, signal?: AbortSignal) =>
  callApi(paymentEndpoints.receipt, { params: { id: orderId }, signal });

/** GET /api/orders/:id/payment-receipt: the buyer's receipt of a paid order (another's is a 404). */
export const useReceipt = (orderId: string) =>
  useQuery({
    queryKey: paymentKeys.receipt(orderId),
    queryFn: ({ signal }) => getReceipt(orderId, signal),
  });
