import { buyingEndpoints } from '@recell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { paymentKeys } from './payment-keys';

const getOrder = (orderId: string, signal?: AbortSignal) =>
  callApi(buyingEndpoints.order, { params: { id: orderId }, signal });

/**
 * GET /api/orders/:id: one of the buyer's orders (another buyer's, or an unknown one, is a 404).
 * Always loaded afresh when the page opens: whether it can still be paid may have changed since.
 */
export const payableOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.order(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    staleTime: 0,
  });

export const useOrder = (orderId: string) => useQuery(payableOrderQuery(orderId));
