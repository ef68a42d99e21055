import { OrderSchema } from '@recell/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paymentApiPaths } from './payment-api-paths';
import { paymentKeys } from './payment-keys';

export const getOrder = (orderId: string, signal?: AbortSignal) =>
  apiRequest(paymentApiPaths.order(orderId), OrderSchema, signal ? { signal } : {});

/**
 * GET /api/orders/:id: one of the buyer's orders (another buyer's, or an unknown one, is a 404).
 * Always loaded afresh when the page opens: whether it can still be paid may have changed since.
 */
export const useOrder = (orderId: string) =>
  useQuery({
    queryKey: paymentKeys.order(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    staleTime: 0,
  });
