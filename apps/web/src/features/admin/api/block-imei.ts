import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints } from '@recell/contract';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { dropReportedProduct } from './get-reported-products';
import { invalidateAfterModeration } from './invalidate-listings';

/** POST /api/admin/reports/:productId/block-imei (204): the IMEI is blocked, its listings for sale go. */
const blockImei = (productId: string, reason: string) =>
  callApi(adminEndpoints.blockImei, { params: { productId }, json: { reason } });

/**
 * Blocks a reported phone's IMEI: the phone leaves Reported Items at once (its reports are closed),
 * then the list refreshes, and every screen that may show a listing of the IMEI loads again.
 */
export function useBlockImei() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, reason }: { productId: string; reason: string }) => blockImei(productId, reason),
    onSuccess: (_, { productId }) => {
      dropReportedProduct(queryClient, productId);
      void queryClient.invalidateQueries({ queryKey: adminKeys.reports });
      invalidateAfterModeration(queryClient);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.reports });
    },
  });
}
