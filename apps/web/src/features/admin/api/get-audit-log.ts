import { adminEndpoints } from '@recell/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

const getAuditLog = (cursor: string | null, signal?: AbortSignal) =>
  callApi(adminEndpoints.auditLog, { query: { cursor }, signal });

export const auditLogQuery = infiniteQueryOptions({
  queryKey: adminKeys.audit,
  queryFn: ({ pageParam, signal }) => getAuditLog(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

/** GET /api/admin/audit: who did what to which record, newest first, a page at a time. */
export const useAuditLog = () => useInfiniteQuery(auditLogQuery);
