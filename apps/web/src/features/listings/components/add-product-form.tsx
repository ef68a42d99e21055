import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountTexts,
  listingTexts,
  messages,
  pickedImage,
  ProductFormSchema,
  type ProductForm,
  type ProductFormInput,
} from '@recell/contract';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { fieldOf, FileField, UploadProgress } from '@/components/ui/form';
import { dashboardPaths } from '@/config/dashboard-paths';
import { showFormError } from '@/lib/form-errors';
import { imageAccept } from '@/lib/image-file';
import { toast } from '@/lib/toast';
import { useCreateProduct } from '../api/create-product';
import { ListingFields, listingFieldNames } from './listing-fields';

/** Every field the API may name in an error, in form order (the first one named gets focus). */
const fieldNames = [...listingFieldNames, 'image'] as const;

/**
 * The photo, after the other fields. Its own component so it registers after them: the first
 * invalid field in registration order (form order) gets the focus.
 */
function PhotoField({ form }: { form: UseFormReturn<ProductFormInput, unknown, ProductForm> }) {
  return (
    <div className="sm:col-span-2">
      <FileField
        label={listingTexts.photo}
        hint={accountTexts.photoHint}
        accept={imageAccept}
        {...fieldOf(form, 'image')}
      />
    </div>
  );
}

/**
 * The seller's Add Product form (spec §2, §5): every field required with the spec's message,
 * checked by the contract's ProductFormSchema (the API checks the same rules), and sent with the
 * photo as one multipart request whose upload progress is shown. On success: 'Product Add
 * Successfully', the form is reset and the seller lands on My Products.
 */
export function AddProductForm() {
  const navigate = useNavigate();
  const createProduct = useCreateProduct();
  const [sent, setSent] = useState<number | null>(null);
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
    },
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = form;

  const onSubmit = async (product: ProductForm) => {
    const image = pickedImage(product.image);
    if (!(image instanceof File)) return; // the schema requires a picture
    setSent(0);
    try {
      await createProduct.mutateAsync({ product, image, onProgress: setSent });
      toast.success(messages.productAdded);
      reset();
      await navigate(dashboardPaths.myProducts.to());
    } catch (error) {
      showFormError(error, setError, fieldNames);
    } finally {
      setSent(null);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="mt-6 grid max-w-3xl gap-5 sm:grid-cols-2"
    >
      <ListingFields field={(name) => fieldOf(form, name)} />
      <PhotoField form={form} />
      {sent !== null && (
        <div className="sm:col-span-2">
          <UploadProgress
            sent={sent}
            label={sent < 1 ? listingTexts.uploading(Math.round(sent * 100)) : listingTexts.savingProduct}
          />
        </div>
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
