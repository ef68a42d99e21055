import { categoryBrands, categoryIds, listingLimits, listingTexts, productConditions } from '@recell/contract';
import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form';
import { useCategories } from '@/features/catalogue';

/** The listing's fields in form order (Add Product and Edit): the first one the API names gets focus. */
export const listingFieldNames = [
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
] as const;
export type ListingFieldName = (typeof listingFieldNames)[number];

/** A field's input props and its message, from the form that owns it (`fieldOf(form, name)`). */
export type ListingFieldOf = (name: ListingFieldName) => UseFormRegisterReturn & { error?: string | undefined };

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
 * Every field of a listing but its photos, in the spec's order, each with its visible label: the
 * Add Product form and the edit form show the same fields with the same limits.
 */
export function ListingFields({
  field,
  priceGuide,
  priceNote,
}: {
  field: ListingFieldOf;
  priceGuide?: ReactNode;
  /** Under the prices: what the seller will receive of the price. */
  priceNote?: ReactNode;
}) {
  const categories = useCategories();
  // The brands from the categories call; its known ids meanwhile, so the form never waits on it.
  const brandOptions =
    categories.data?.items.map(({ id, brand }) => ({ value: id, label: brand })) ??
    categoryIds.map((id) => ({ value: id, label: categoryBrands[id] }));

  return (
    <>
      <TextField label={listingTexts.productName} maxLength={maxLength.name} {...field('name')} />
      <SelectField
        label={listingTexts.category}
        placeholder={listingTexts.categoryPlaceholder}
        options={brandOptions}
        {...field('categoryId')}
      />
      <TextField
        label={listingTexts.price}
        hint={listingTexts.priceHint}
        inputMode="decimal"
        autoComplete="off"
        {...field('price')}
      />
      <TextField
        label={listingTexts.originalPrice}
        hint={listingTexts.originalPriceHint}
        inputMode="decimal"
        autoComplete="off"
        {...field('originalPrice')}
      />
      {priceNote}
      <TextField label={listingTexts.brand} maxLength={maxLength.brand} {...field('brand')} />
      <TextField label={listingTexts.model} maxLength={maxLength.model} {...field('model')} />
      <SelectField
        label={listingTexts.storage}
        placeholder={listingTexts.storagePlaceholder}
        options={storageOptions}
        {...field('storageGb')}
      />
      <TextField label={listingTexts.colour} maxLength={maxLength.colour} {...field('colour')} />
      <TextField
        label={listingTexts.networkLock}
        hint={listingTexts.networkLockHint}
        maxLength={maxLength.networkLock}
        {...field('networkLock')}
      />
      <TextField
        label={listingTexts.batteryHealth}
        hint={listingTexts.batteryHealthHint}
        inputMode="numeric"
        autoComplete="off"
        {...field('batteryHealth')}
      />
      <div className="sm:col-span-2">
        <TextField
          label={listingTexts.imei}
          hint={listingTexts.imeiHint}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          {...field('imei')}
        />
      </div>
      <TextField label={listingTexts.used} hint={listingTexts.usedHint} maxLength={maxLength.used} {...field('used')} />
      <TextField
        label={listingTexts.location}
        autoComplete="address-level2"
        maxLength={maxLength.location}
        {...field('location')}
      />
      <TextField
        label={listingTexts.phone}
        hint={listingTexts.phoneHint}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        {...field('phone')}
      />
      <SelectField
        label={listingTexts.condition}
        placeholder={listingTexts.conditionPlaceholder}
        options={conditionOptions}
        {...field('condition')}
      />
      <ConditionGuide />
      {priceGuide}
      <div className="sm:col-span-2">
        <TextField
          label={listingTexts.authenticity}
          hint={listingTexts.authenticityHint}
          maxLength={maxLength.authenticity}
          {...field('authenticity')}
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField label={listingTexts.features} rows={3} maxLength={maxLength.features} {...field('features')} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label={listingTexts.description}
          rows={5}
          maxLength={maxLength.description}
          {...field('description')}
        />
      </div>
    </>
  );
}
