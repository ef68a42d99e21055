import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints } from '@recell/contract';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { dropReportedProduct } from './get-reported-products';

/** POST /api/admin/reports/:productId/dismiss (204): the phone's reports are resolved, the listing stays. */
const dismissReports = (productId: string) => callApi(adminEndpoints.dismissReports, { params: { productId } });

/** Dismisses a phone's reports: it leaves Reported Items at once, then the list refreshes. */
export function useDismissReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => dismissReports(productId),
    onSuccess: (_, productId) => {
      dropReportedProduct(queryClient, productId);
      void queryClient.invalidateQueries({ queryKey: adminKeys.reports });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.reports });
    },
  });
}
