import { orderMessageEndpoints } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { messageKeys } from '@/lib/query-keys';

/** How often an open thread asks for news while the page is in front (and whenever it comes back). */
const pollMs = 10_000;

const orderThreadQuery = (orderId: string) =>
  pagedQuery(messageKeys.thread(orderId), (cursor, signal) =>
    callApi(orderMessageEndpoints.thread, { params: { id: orderId }, query: { cursor }, signal }),
  );

/**
 * GET /api/orders/:id/messages: the thread's newest messages first, then older pages on demand
 * (`fetchNextPage`). Polled while the page is visible, refetched when it comes back into focus.
 */
export const useOrderThread = (orderId: string) =>
  useInfiniteQuery({
    ...orderThreadQuery(orderId),
    staleTime: pollMs / 2,
    refetchInterval: pollMs,
    refetchOnWindowFocus: true,
  });
