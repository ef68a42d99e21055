import { financeEndpoints } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/**
 * POST /api/admin/payouts/:orderId/retry: a failed payout sent again. Its answer is the Finance
 * screen as it then stands; a refusal changed it too (the new error, or a payout left on its way),
 * so the screen refreshes. The audit log gains the retry either way.
 */
export const useRetryPayout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => callApi(financeEndpoints.retryPayout, { params: { orderId } }),
    onSuccess: (finance) => {
      queryClient.setQueryData(adminKeys.finance, finance);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.finance });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
};
