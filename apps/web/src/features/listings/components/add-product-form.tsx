import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountTexts,
  categoryBrands,
  categoryIds,
  listingLimits,
  listingTexts,
  messages,
  pickedImage,
  productConditions,
  ProductFormSchema,
  type ProductForm,
  type ProductFormInput,
} from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Field, fileInputClass, inputClass, UploadProgress } from '@/components/ui/field';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useCategories } from '@/features/catalogue';
import { showFormError } from '@/lib/form-errors';
import { imageAccept } from '@/lib/image-file';
import { toast } from '@/lib/toast';
import { useCreateProduct } from '../api/create-product';

/** Every field the API may name in an error, in form order (the first one named gets focus). */
const fieldNames = [
  'name',
  'categoryId',
  'price',
  'originalPrice',
  'brand',
  'model',
  'used',
  'location',
  'phone',
  'condition',
  'authenticity',
  'features',
  'description',
  'image',
] as const;

const { maxLength } = listingLimits;

/**
 * The seller's Add Product form (spec §2, §5): every field required with the spec's message,
 * checked by the contract's ProductFormSchema (the API checks the same rules), and sent with the
 * photo as one multipart request whose upload progress is shown. On success: 'Product Add
 * Successfully', the form is reset and the seller lands on My Products.
 */
export function AddProductForm() {
  const navigate = useNavigate();
  const categories = useCategories();
  const createProduct = useCreateProduct();
  const [sent, setSent] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormInput, unknown, ProductForm>({
    resolver: zodResolver(ProductFormSchema),
    defaultValues: {
      name: '',
      price: '',
      originalPrice: '',
      brand: '',
      model: '',
      used: '',
      location: '',
      phone: '',
      authenticity: '',
      features: '',
      description: '',
    },
  });

  // The brands from the categories call; its known ids meanwhile, so the form never waits on it.
  const brandOptions =
    categories.data?.items.map(({ id, brand }) => ({ id, brand })) ??
    categoryIds.map((id) => ({ id, brand: categoryBrands[id] }));

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
      <Field label={listingTexts.productName} error={errors.name?.message}>
        {(props) => (
          <input type="text" maxLength={maxLength.name} className={inputClass} {...props} {...register('name')} />
        )}
      </Field>
      <Field label={listingTexts.category} error={errors.categoryId?.message}>
        {(props) => (
          <select className={inputClass} {...props} {...register('categoryId')}>
            <option value="">{listingTexts.categoryPlaceholder}</option>
            {brandOptions.map(({ id, brand }) => (
              <option key={id} value={id}>
                {brand}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={listingTexts.price} hint={listingTexts.priceHint} error={errors.price?.message}>
        {(props) => (
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className={inputClass}
            {...props}
            {...register('price')}
          />
        )}
      </Field>
      <Field
        label={listingTexts.originalPrice}
        hint={listingTexts.originalPriceHint}
        error={errors.originalPrice?.message}
      >
        {(props) => (
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className={inputClass}
            {...props}
            {...register('originalPrice')}
          />
        )}
      </Field>
      <Field label={listingTexts.brand} error={errors.brand?.message}>
        {(props) => (
          <input type="text" maxLength={maxLength.brand} className={inputClass} {...props} {...register('brand')} />
        )}
      </Field>
      <Field label={listingTexts.model} error={errors.model?.message}>
        {(props) => (
          <input type="text" maxLength={maxLength.model} className={inputClass} {...props} {...register('model')} />
        )}
      </Field>
      <Field label={listingTexts.used} hint={listingTexts.usedHint} error={errors.used?.message}>
        {(props) => (
          <input type="text" maxLength={maxLength.used} className={inputClass} {...props} {...register('used')} />
        )}
      </Field>
      <Field label={listingTexts.location} error={errors.location?.message}>
        {(props) => (
          <input
            type="text"
            autoComplete="address-level2"
            maxLength={maxLength.location}
            className={inputClass}
            {...props}
            {...register('location')}
          />
        )}
      </Field>
      <Field label={listingTexts.phone} hint={listingTexts.phoneHint} error={errors.phone?.message}>
        {(props) => (
          <input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            className={inputClass}
            {...props}
            {...register('phone')}
          />
        )}
      </Field>
      <Field label={listingTexts.condition} error={errors.condition?.message}>
        {(props) => (
          <select className={inputClass} {...props} {...register('condition')}>
            <option value="">{listingTexts.conditionPlaceholder}</option>
            {productConditions.map((condition) => (
              <option key={condition} value={condition}>
                {condition}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="sm:col-span-2">
        <Field
          label={listingTexts.authenticity}
          hint={listingTexts.authenticityHint}
          error={errors.authenticity?.message}
        >
          {(props) => (
            <input
              type="text"
              maxLength={maxLength.authenticity}
              className={inputClass}
              {...props}
              {...register('authenticity')}
            />
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field label={listingTexts.features} error={errors.features?.message}>
          {(props) => (
            <textarea
              rows={3}
              maxLength={maxLength.features}
              className={inputClass}
              {...props}
              {...register('features')}
            />
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field label={listingTexts.description} error={errors.description?.message}>
          {(props) => (
            <textarea
              rows={5}
              maxLength={maxLength.description}
              className={inputClass}
              {...props}
              {...register('description')}
            />
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field label={listingTexts.photo} hint={accountTexts.photoHint} error={errors.image?.message}>
          {(props) => (
            <input type="file" accept={imageAccept} className={fileInputClass} {...props} {...register('image')} />
          )}
        </Field>
      </div>
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
