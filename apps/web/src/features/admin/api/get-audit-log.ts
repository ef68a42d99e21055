import { adminEndpoints } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { adminKeys } from './admin-keys';

const getAuditLog = (cursor: string | null, signal?: AbortSignal) =>
  callApi(adminEndpoints.auditLog, { query: { cursor }, signal });

export const auditLogQuery = pagedQuery(adminKeys.audit, getAuditLog);

/** GET /api/admin/audit: who did what to which record, newest first, a page at a time. */
export const useAuditLog = () => useInfiniteQuery(auditLogQuery);
