import { listingEndpoints, type UpdateProductInput } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';

/** PATCH /api/products/:id: every field of the form (not the photos); answers the public listing. */
const updateProduct = (id: string, product: UpdateProductInput) =>
  callApi(listingEndpoints.updateProduct, { params: { id }, json: product });

/**
 * Saves the seller's changes: the phone's page shows the answer at once; My Products, the home
 * grid and the category pages (a new price, name or category) load again when shown.
 */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, product }: { id: string; product: UpdateProductInput }) => updateProduct(id, product),
    onSuccess: (updated) => {
      queryClient.setQueryData(listingKeys.product(updated.id), updated);
      // Not awaited: the seller moves on at once; the lists load again when shown.
      void queryClient.invalidateQueries({ queryKey: listingKeys.myProducts });
      void queryClient.invalidateQueries({ queryKey: listingKeys.advertised });
      void queryClient.invalidateQueries({ queryKey: listingKeys.categoryProductsAll });
    },
  });
}
