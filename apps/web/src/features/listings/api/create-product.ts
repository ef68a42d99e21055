import { listingEndpoints, type ProductForm } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';

/**
 * POST /api/products (JSON): the checked fields and the ids of the photos, in order, that the
 * photo picker uploaded one by one while the seller filled in the form, and the verification code
 * of a seller whose listings are reviewed. Prices go as dollars, as the contract's schema reads them.
 */
const createProduct = (product: ProductForm, verificationCode: string | undefined) =>
  callApi(listingEndpoints.createProduct, { json: { ...product, verificationCode } });

/** Adds a phone; My Products and its category's pages show it on their next look. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, verificationCode }: { product: ProductForm; verificationCode?: string | undefined }) =>
      createProduct(product, verificationCode),
    onSuccess: (created) => {
      queryClient.setQueryData(listingKeys.product(created.id), created);
      // Not awaited: the seller moves on at once; the lists load again when shown.
      void queryClient.invalidateQueries({ queryKey: listingKeys.myProducts });
      void queryClient.invalidateQueries({ queryKey: [...listingKeys.categoryProductsAll, created.categoryId] });
    },
  });
}
