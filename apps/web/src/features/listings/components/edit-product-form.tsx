import { zodResolver } from '@hookform/resolvers/zod';
import {
  listingTexts,
  PickedPhotosSchema,
  ProductFieldsSchema,
  unlockedNetwork,
  type MyProductDetails,
  type ProductFields,
  type ProductFieldsInput,
} from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { fieldOf } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/load-error';
import { dashboardPaths } from '@/config/dashboard-paths';
import { FairPriceFormHint } from '@/features/catalogue';
import { isApiError } from '@/lib/api-client';
import { showFormError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useMyProduct } from '../api/get-my-product';
import { useReplacePhotos } from '../api/replace-photos';
import { useUpdateProduct } from '../api/update-product';
import { PayoutNote } from './payout-note';
import { ListingFields, listingFieldNames } from './listing-fields';
import {
  isUploadingPhotos,
  pickerPhotosOf,
  uploadedPhotoIds,
  type PickerPhoto,
} from '@/components/photo-picker/use-photo-uploads';
import { PhotoPicker } from '@/components/photo-picker/photo-picker';

/** Cents as the price field shows them: '449' or '449.99'. */
const dollarsText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** The form filled in with the listing as it is; facts a listing from before them lacks stay blank. */
const valuesOf = (product: MyProductDetails): ProductFieldsInput => ({
  name: product.name,
  categoryId: product.categoryId,
  price: dollarsText(product.priceCents),
  originalPrice: dollarsText(product.originalPriceCents),
  brand: product.brand,
  model: product.model,
  storageGb: product.storageGb === null ? '' : String(product.storageGb),
  colour: product.colour ?? '',
  // Stored as the word 'unlocked'; the seller typed it as a word.
  networkLock: product.networkLock === unlockedNetwork ? 'Unlocked' : (product.networkLock ?? ''),
  batteryHealth: product.batteryHealth === null ? '' : String(product.batteryHealth),
  imei: product.imei ?? '',
  used: product.used,
  location: product.location,
  phone: product.phone,
  condition: product.condition as ProductFieldsInput['condition'],
  authenticity: product.authenticity,
  features: product.features,
  description: product.description,
});

/** The form itself, once the listing has loaded: every field of Add Product, prefilled. */
function EditListing({ product }: { product: MyProductDetails }) {
  const navigate = useNavigate();
  const updateProduct = useUpdateProduct();
  const replacePhotos = useReplacePhotos();
  const [photos, setPhotos] = useState<PickerPhoto[]>(() => pickerPhotosOf(product.photos));
  const [photoError, setPhotoError] = useState<string | undefined>();
  const photosChanged = uploadedPhotoIds(photos).join() !== uploadedPhotoIds(pickerPhotosOf(product.photos)).join();
  const form = useForm<ProductFieldsInput, unknown, ProductFields>({
    resolver: zodResolver(ProductFieldsSchema),
    defaultValues: valuesOf(product),
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = async (fields: ProductFields) => {
    // Changed photos are checked before anything is sent, so a refusal saves nothing.
    const pickedPhotos = photosChanged ? PickedPhotosSchema.safeParse(photos) : undefined;
    if (pickedPhotos && !pickedPhotos.success) {
      setPhotoError(pickedPhotos.error.issues[0]?.message);
      return;
    }
    setPhotoError(undefined);
    try {
      await updateProduct.mutateAsync({ id: product.id, product: fields });
    } catch (error) {
      showFormError(error, setError, listingFieldNames);
      return;
    }
    if (pickedPhotos) {
      try {
        await replacePhotos.mutateAsync({ productId: product.id, imageIds: pickedPhotos.data });
      } catch (error) {
        // The fields are saved; the photos' refusal is said beside them.
        if (isApiError(error) && error.fields?.imageIds) setPhotoError(error.fields.imageIds);
        else showFormError(error, setError, listingFieldNames);
        return;
      }
    }
    toast.success(listingTexts.productUpdated);
    await navigate(dashboardPaths.myProducts.to());
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="mt-6 grid max-w-3xl gap-5 sm:grid-cols-2"
    >
      <ListingFields
        field={(name) => fieldOf(form, name)}
        // The guide leaves this listing out: "from 1 phone for sale" would be this one.
        priceGuide={<FairPriceFormHint control={form.control} excludeProductId={product.id} />}
        priceNote={<PayoutNote control={form.control} />}
      />
      {/* The photos are saved through their own endpoint (PUT /api/products/:id/photos) after the fields. */}
      <div className="sm:col-span-2">
        <PhotoPicker value={photos} onChange={setPhotos} error={photoError} name="imageIds" />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={isSubmitting || isUploadingPhotos(photos)}
          aria-busy={isSubmitting}
        >
          {listingTexts.saveChanges}
        </button>
        <Link to={dashboardPaths.myProducts.to()} className="btn btn-outline">
          {listingTexts.cancel}
        </Link>
      </div>
    </form>
  );
}

/**
 * The seller's edit form for one of their listings (My Products › Edit): the Add Product fields
 * filled in as the listing is, checked by the same schema (the API checks them again). Save:
 * 'Product updated successfully' and back to My Products. A sold phone cannot be edited.
 */
export function EditProductForm({ productId }: { productId: string }) {
  const product = useMyProduct(productId);
  if (product.isPending) return <Spinner />;
  if (product.isError) return <LoadError error={product.error} onRetry={() => void product.refetch()} />;
  if (product.data.status !== 'available') {
    return (
      <div className="mt-6">
        <p role="status">{listingTexts.editNotAvailable}</p>
        <Link to={dashboardPaths.myProducts.to()} className="btn btn-outline mt-4">
          {listingTexts.backToMyProducts}
        </Link>
      </div>
    );
  }
  return <EditListing product={product.data} />;
}
