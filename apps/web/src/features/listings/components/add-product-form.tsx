import { zodResolver } from '@hookform/resolvers/zod';
import {
  listingReviewMessages,
  listingReviewTexts,
  messages,
  listingTexts,
  ProductFormSchema,
  type ProductForm,
  type ProductFormInput,
} from '@recell/contract';
import { useRef, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { fieldOf } from '@/components/ui/form';
import { dashboardPaths } from '@/config/dashboard-paths';
import { FairPriceFormHint } from '@/features/catalogue';
import { showFormError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCreateProduct } from '../api/create-product';
import { useListingCode } from '../api/listing-code';
import { VerificationPhotoField } from './verification-photo-field';
import { isApiError } from '@/lib/api-client';
import { PayoutNote } from './payout-note';
import { ListingFields, listingFieldNames } from './listing-fields';
import { type PickerPhoto } from '@/components/photo-picker/use-photo-uploads';
import { PhotoPicker } from '@/components/photo-picker/photo-picker';

/** Every field the API may name in an error, in form order (the first one named gets focus). */
const fieldNames = [...listingFieldNames, 'imageIds'] as const;

/**
 * The photos, after the other fields. Its own component so it registers after them: the first
 * invalid field in registration order (form order) gets the focus.
 */
function PhotosField({ form }: { form: UseFormReturn<ProductFormInput, unknown, ProductForm> }) {
  return (
    <div className="sm:col-span-2">
      <Controller
        control={form.control}
        name="imageIds"
        render={({ field, fieldState }) => (
          <PhotoPicker
            // The form holds the picker's own photos; the schema reads only their ids.
            value={field.value as unknown as PickerPhoto[]}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
    </div>
  );
}

/**
 * The seller's Add Product form (docs/product.md, Screens and Validation): every field required with the spec's message,
 * checked by the contract's ProductFormSchema (the API checks the same rules). The photos (up to 8,
 * the first the cover) upload one by one as they are chosen, each with its progress (PhotoPicker);
 * the form then sends their ids with the fields. On success: 'Product Add Successfully', the form
 * is reset and the seller lands on My Products.
 */
export function AddProductForm() {
  const navigate = useNavigate();
  const createProduct = useCreateProduct();
  // Listing review: a seller not trusted yet gets a code and adds a verification photo (decision 0068).
  const listingCode = useListingCode();
  const code = listingCode.data?.reviewRequired ? listingCode.data.code : null;
  const [hasPhoto, setHasPhoto] = useState(false);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const photoInput = useRef<HTMLInputElement>(null);
  const form = useForm<ProductFormInput, unknown, ProductForm>({
    resolver: zodResolver(ProductFormSchema),
    defaultValues: {
      name: '',
      price: '',
      originalPrice: '',
      brand: '',
      model: '',
      colour: '',
      networkLock: '',
      batteryHealth: '',
      imei: '',
      used: '',
      location: '',
      phone: '',
      authenticity: '',
      features: '',
      description: '',
      imageIds: [],
    },
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = form;

  const onSubmit = async (product: ProductForm) => {
    if (code && !hasPhoto) {
      setPhotoError(listingReviewMessages.photoRequired);
      photoInput.current?.focus();
      return;
    }
    try {
      const created = await createProduct.mutateAsync({ product, verificationCode: code ?? undefined });
      toast.success(
        created.status === 'pending_review' ? listingReviewTexts.submittedForReview : messages.productAdded,
      );
      reset();
      await navigate(dashboardPaths.myProducts.to());
    } catch (error) {
      const photoRefusal = isApiError(error) ? error.fields?.verificationCode : undefined;
      if (photoRefusal) {
        setPhotoError(photoRefusal);
        photoInput.current?.focus();
        return;
      }
      showFormError(error, setError, fieldNames);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="mt-6 grid max-w-3xl gap-5 sm:grid-cols-2"
    >
      <ListingFields
        field={(name) => fieldOf(form, name)}
        priceGuide={<FairPriceFormHint control={form.control} />}
        priceNote={<PayoutNote control={form.control} />}
      />
      <PhotosField form={form} />
      {code && (
        <VerificationPhotoField
          code={code}
          error={photoError}
          inputRef={photoInput}
          onUploaded={() => {
            setHasPhoto(true);
            setPhotoError(undefined);
          }}
        />
      )}
      {listingCode.isError && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-300">
          {listingReviewTexts.codeFailed}
        </p>
      )}
      <div className="sm:col-span-2">
        <button
          type="submit"
          className="btn btn-primary w-full sm:w-auto"
          disabled={isSubmitting}
          aria-busy={isSubmitting}
        >
          {listingTexts.addProductButton}
        </button>
      </div>
    </form>
  );
}
