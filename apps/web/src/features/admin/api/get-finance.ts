import { financeEndpoints } from '@recell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/finance: the ledger's totals, the failed payouts and those on their way, the disputes. */
export const financeQuery = queryOptions({
  queryKey: adminKeys.finance,
  queryFn: ({ signal }) => callApi(financeEndpoints.finance, { signal }),
});

export const useFinance = () => useQuery(financeQuery);
