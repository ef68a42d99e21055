import { recoveryEndpoints } from '@recell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

const demoMailboxQuery = queryOptions({
  queryKey: ['demo-mailbox'],
  queryFn: ({ signal }) => callApi(recoveryEndpoints.demoMailbox, { signal }),
  // Fixed for the server's life: asked once per visit.
  staleTime: Infinity,
  retry: false,
});

/**
 * GET /api/demo-mailbox: the demo mailbox's address while the server runs as a demo (every email it
 * sends arrives there); null in production, and until the answer is in.
 */
export const useDemoMailboxUrl = (): string | null => useQuery(demoMailboxQuery).data?.url ?? null;
