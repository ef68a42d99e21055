import { buyingEndpoints } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { buyingKeys } from '@/lib/query-keys';

const getMySales = (cursor: string | null, signal?: AbortSignal) =>
  callApi(buyingEndpoints.mySales, { query: { cursor }, signal });

export const mySalesQuery = pagedQuery(buyingKeys.mySales, getMySales);

/** GET /api/me/sales: the orders on the seller's phones (who booked, where to meet, paid or not). */
export const useMySales = () => useInfiniteQuery(mySalesQuery);
