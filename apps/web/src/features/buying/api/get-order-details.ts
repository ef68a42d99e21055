import { buyingEndpoints } from '@recell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { buyingKeys } from '@/lib/query-keys';

/** GET /api/orders/:id/details: an order's page, for its buyer or its phone's seller. */
export const orderDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: buyingKeys.orderDetails(id),
    queryFn: ({ signal }) => callApi(buyingEndpoints.orderDetails, { params: { id }, signal }),
  });

export const useOrderDetails = (id: string) => useQuery(orderDetailsQuery(id));
