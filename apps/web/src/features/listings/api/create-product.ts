import { listingEndpoints, type ProductForm } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';

/**
 * POST /api/products (JSON): the checked fields and the ids of the photos, in order, that the
 * photo picker uploaded one by one while the seller filled in the form. Prices go as dollars, as
 * the contract's schema reads them.
 */
const createProduct = (product: ProductForm) => callApi(listingEndpoints.createProduct, { json: product });

/** Adds a phone; My Products and its category's pages show it on their next look. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product }: { product: ProductForm }) => createProduct(product),
    onSuccess: (created) => {
      queryClient.setQueryData(listingKeys.product(created.id), created);
      // Not awaited: the seller moves on at once; the lists load again when shown.
      void queryClient.invalidateQueries({ queryKey: listingKeys.myProducts });
      void queryClient.invalidateQueries({ queryKey: [...listingKeys.categoryProductsAll, created.categoryId] });
    },
  });
}
