import { listingEndpoints } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';
import { updateMyProducts } from './update-my-products';

/** POST /api/products/:id/advertise: the seller's phone joins the home page's advertised grid. */
const advertiseProduct = (id: string) => callApi(listingEndpoints.advertiseProduct, { params: { id } });

/**
 * Advertises a phone: My Products shows it advertised at once; the home grid and the phone's page
 * load again. A refusal (advertised already, sold meanwhile) reloads My Products to show why.
 */
export function useAdvertiseProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => advertiseProduct(id),
    onSuccess: (advertised) => {
      // The advertise answer is the public listing: My Products keeps the rejection reason it has.
      updateMyProducts(queryClient, (product) =>
        product.id === advertised.id ? { ...advertised, rejectionReason: product.rejectionReason } : product,
      );
      queryClient.setQueryData(listingKeys.product(advertised.id), advertised);
      void queryClient.invalidateQueries({ queryKey: listingKeys.advertised });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: listingKeys.myProducts });
    },
  });
}
