import { recoveryEndpoints } from '@recell/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/outbox: the newest emails and their delivery (never what they say). */
export const useOutbox = () =>
  useQuery({
    queryKey: adminKeys.outbox,
    queryFn: ({ signal }) => callApi(recoveryEndpoints.outbox, { signal }),
  });
