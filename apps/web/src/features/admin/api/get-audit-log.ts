import { AuditPageSchema } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminApiPaths, withQuery } from './admin-api-paths';
import { adminKeys } from './admin-keys';

export const getAuditLog = (cursor: string | null, signal?: AbortSignal) =>
  apiRequest(withQuery(adminApiPaths.audit, { cursor }), AuditPageSchema, signal ? { signal } : {});

/** GET /api/admin/audit: who did what to which record, newest first, a page at a time. */
export const useAuditLog = () =>
  useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam, signal }) => getAuditLog(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
