import { recoveryEndpoints } from '@recell/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/outbox: the newest emails kept in the database (a 404 once SMTP sends them). */
export const useOutbox = () =>
  useQuery({
    queryKey: adminKeys.outbox,
    queryFn: ({ signal }) => callApi(recoveryEndpoints.outbox, { signal }),
    // The 404 of a server that sends through SMTP is an answer, not a failure to retry.
    retry: false,
  });
