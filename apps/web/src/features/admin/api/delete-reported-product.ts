import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints } from '@recell/contract';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { dropReportedProduct } from './get-reported-products';
import { invalidateAfterModeration } from './invalidate-listings';

/** DELETE /api/admin/reports/:productId (204): the listing and its advertisement go, its reports are resolved. */
const deleteReportedProduct = (productId: string) =>
  callApi(adminEndpoints.deleteReportedProduct, { params: { productId } });

/**
 * Removes a reported phone: it leaves Reported Items at once, then the list refreshes (docs/product.md, States and rules),
 * and every screen that may show the phone loads again.
 */
export function useDeleteReportedProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => deleteReportedProduct(productId),
    onSuccess: (_, productId) => {
      dropReportedProduct(queryClient, productId);
      void queryClient.invalidateQueries({ queryKey: adminKeys.reports });
      invalidateAfterModeration(queryClient);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.reports });
    },
  });
}
