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
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { fieldOf, FileField, SelectField, TextAreaField, TextField, UploadProgress } from '@/components/ui/form';
import { dashboardPaths } from '@/config/dashboard-paths';
import { FairPriceFormHint, useCategories } from '@/features/catalogue';
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
  'storageGb',
  'colour',
  'networkLock',
  'batteryHealth',
  'imei',
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

const conditionOptions = productConditions.map((condition) => ({ value: condition, label: condition }));

const storageOptions = listingLimits.storageOptionsGb.map((gb) => ({
  value: String(gb),
  label: listingTexts.storageValue(gb),
}));

/** The grading guide beside the condition field: one line per condition. */
function ConditionGuide() {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
    >
      <h2 id={headingId} className="font-semibold">
        {listingTexts.conditionGuideTitle}
      </h2>
      <dl className="mt-1 grid gap-1">
        {productConditions.map((condition) => (
          <div key={condition}>
            <dt className="inline font-medium">{condition}: </dt>
            <dd className="inline text-slate-700 dark:text-slate-300">{listingTexts.conditionGuide[condition]}</dd>
          </div>
        ))}
      </dl>
    </section>
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
  const categories = useCategories();
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

  // The brands from the categories call; its known ids meanwhile, so the form never waits on it.
  const brandOptions =
    categories.data?.items.map(({ id, brand }) => ({ value: id, label: brand })) ??
    categoryIds.map((id) => ({ value: id, label: categoryBrands[id] }));

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
      <TextField label={listingTexts.productName} maxLength={maxLength.name} {...fieldOf(form, 'name')} />
      <SelectField
        label={listingTexts.category}
        placeholder={listingTexts.categoryPlaceholder}
        options={brandOptions}
        {...fieldOf(form, 'categoryId')}
      />
      <TextField
        label={listingTexts.price}
        hint={listingTexts.priceHint}
        inputMode="decimal"
        autoComplete="off"
        {...fieldOf(form, 'price')}
      />
      <TextField
        label={listingTexts.originalPrice}
        hint={listingTexts.originalPriceHint}
        inputMode="decimal"
        autoComplete="off"
        {...fieldOf(form, 'originalPrice')}
      />
      <TextField label={listingTexts.brand} maxLength={maxLength.brand} {...fieldOf(form, 'brand')} />
      <TextField label={listingTexts.model} maxLength={maxLength.model} {...fieldOf(form, 'model')} />
      <SelectField
        label={listingTexts.storage}
        placeholder={listingTexts.storagePlaceholder}
        options={storageOptions}
        {...fieldOf(form, 'storageGb')}
      />
      <TextField label={listingTexts.colour} maxLength={maxLength.colour} {...fieldOf(form, 'colour')} />
      <TextField
        label={listingTexts.networkLock}
        hint={listingTexts.networkLockHint}
        maxLength={maxLength.networkLock}
        {...fieldOf(form, 'networkLock')}
      />
      <TextField
        label={listingTexts.batteryHealth}
        hint={listingTexts.batteryHealthHint}
        inputMode="numeric"
        autoComplete="off"
        {...fieldOf(form, 'batteryHealth')}
      />
      <div className="sm:col-span-2">
        <TextField
          label={listingTexts.imei}
          hint={listingTexts.imeiHint}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          {...fieldOf(form, 'imei')}
        />
      </div>
      <TextField
        label={listingTexts.used}
        hint={listingTexts.usedHint}
        maxLength={maxLength.used}
        {...fieldOf(form, 'used')}
      />
      <TextField
        label={listingTexts.location}
        autoComplete="address-level2"
        maxLength={maxLength.location}
        {...fieldOf(form, 'location')}
      />
      <TextField
        label={listingTexts.phone}
        hint={listingTexts.phoneHint}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        {...fieldOf(form, 'phone')}
      />
      <SelectField
        label={listingTexts.condition}
        placeholder={listingTexts.conditionPlaceholder}
        options={conditionOptions}
        {...fieldOf(form, 'condition')}
      />
      <ConditionGuide />
      <FairPriceFormHint control={form.control} />
      <div className="sm:col-span-2">
        <TextField
          label={listingTexts.authenticity}
          hint={listingTexts.authenticityHint}
          maxLength={maxLength.authenticity}
          {...fieldOf(form, 'authenticity')}
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label={listingTexts.features}
          rows={3}
          maxLength={maxLength.features}
          {...fieldOf(form, 'features')}
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label={listingTexts.description}
          rows={5}
          maxLength={maxLength.description}
          {...fieldOf(form, 'description')}
        />
      </div>
      <div className="sm:col-span-2">
        <FileField
          label={listingTexts.photo}
          hint={accountTexts.photoHint}
          accept={imageAccept}
          {...fieldOf(form, 'image')}
        />
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
