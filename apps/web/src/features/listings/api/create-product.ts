import { listingEndpoints, type ProductForm } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { listingKeys } from '@/lib/query-keys';

/** The form's text fields as the API reads them (a multipart part each). */
const textFields = [
  'name',
  'categoryId',
  'brand',
  'model',
  'colour',
  'networkLock',
  'imei',
  'used',
  'location',
  'phone',
  'condition',
  'authenticity',
  'features',
  'description',
] as const;

/**
 * POST /api/products (multipart): the checked fields and the picture as the file `image`, in one
 * request whose upload progress `onProgress` follows (0 to 1). Prices go as dollars, as the
 * contract's schema reads them.
 */
const createProduct = (product: ProductForm, image: File, onProgress?: (sent: number) => void) => {
  const form = new FormData();
  for (const name of textFields) form.append(name, product[name]);
  form.append('price', String(product.price));
  form.append('originalPrice', String(product.originalPrice));
  form.append('storageGb', String(product.storageGb));
  if (product.batteryHealth !== undefined) form.append('batteryHealth', String(product.batteryHealth));
  form.append('image', image);
  return callApi(listingEndpoints.createProduct, { formData: form, onProgress });
};

/** Adds a phone; My Products and its category's pages show it on their next look. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      product,
      image,
      onProgress,
    }: {
      product: ProductForm;
      image: File;
      onProgress?: (sent: number) => void;
    }) => createProduct(product, image, onProgress),
    onSuccess: (created) => {
      queryClient.setQueryData(listingKeys.product(created.id), created);
      // Not awaited: the seller moves on at once; the lists load again when shown.
      void queryClient.invalidateQueries({ queryKey: listingKeys.myProducts });
      void queryClient.invalidateQueries({ queryKey: [...listingKeys.categoryProductsAll, created.categoryId] });
    },
  });
}
