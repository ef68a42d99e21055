import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingEndpoints } from '@recell/contract';
import { callApi } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';
import { updateMyProducts } from './update-my-products';

/** DELETE /api/products/:id (204): the listing and its advertisement go. */
const deleteProduct = (id: string) => callApi(listingEndpoints.deleteProduct, { params: { id } });

/**
 * Removes a phone: it leaves My Products at once (which then reloads), and every screen that may
 * show it (the home grid, category pages, its own page) loads again.
 */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteProduct(id),
    onSuccess: (_, id) => {
      updateMyProducts(queryClient, (product) => (product.id === id ? null : product));
      queryClient.removeQueries({ queryKey: listingKeys.product(id) });
      // Not awaited: the dialog closes and the toast shows at once; the lists load in the background.
      void queryClient.invalidateQueries({ queryKey: listingKeys.myProducts });
      void queryClient.invalidateQueries({ queryKey: listingKeys.advertised });
      void queryClient.invalidateQueries({ queryKey: listingKeys.categoryProductsAll });
    },
  });
}
