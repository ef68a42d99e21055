import { buyingEndpoints } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { buyingKeys } from '@/lib/query-keys';

const getMyOrders = (cursor: string | null, signal?: AbortSignal) =>
  callApi(buyingEndpoints.myOrders, { query: { cursor }, signal });

export const myOrdersQuery = pagedQuery(buyingKeys.myOrders, getMyOrders);

/** GET /api/me/orders: the buyer's orders, newest first, a page at a time. */
export const useMyOrders = () => useInfiniteQuery(myOrdersQuery);
