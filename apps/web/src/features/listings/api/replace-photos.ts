import { listingEndpoints } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';

/** PUT /api/products/:id/photos: the listing's photos become these uploaded pictures, in order. */
export function useReplacePhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, imageIds }: { productId: string; imageIds: string[] }) =>
      callApi(listingEndpoints.replacePhotos, { params: { id: productId }, json: { imageIds } }),
    onSuccess: (product) => {
      queryClient.setQueryData(listingKeys.product(product.id), product);
      // The cover may have changed: the lists show it on their next look.
      void queryClient.invalidateQueries({ queryKey: listingKeys.myProducts });
      void queryClient.invalidateQueries({ queryKey: listingKeys.advertised });
      void queryClient.invalidateQueries({ queryKey: [...listingKeys.categoryProductsAll, product.categoryId] });
    },
  });
}
