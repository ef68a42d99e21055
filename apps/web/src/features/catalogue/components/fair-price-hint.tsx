import {
  compareWithTypical,
  fairPriceTexts,
  listingLimits,
  productConditions,
  type FairPrice,
  type Product,
  type ProductCondition,
  type ProductFieldsInput,
} from '@recell/contract';
import { useEffect, useMemo, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { productFairPriceQuestion, useFairPrice, type FairPriceQuestion } from '../api/get-fair-price';

/** How long the fields must rest before the guide is asked (one call per pause, not per key). */
export const fairPriceDebounceMs = 400;

const useDebounced = <T,>(value: T, ms: number) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

const isCondition = (value: unknown): value is ProductCondition =>
  productConditions.some((condition) => condition === value);

/** The question the fields ask, or null while the model or the storage is missing. */
const questionOf = (
  model: unknown,
  storageGb: unknown,
  condition: unknown,
  exclude: string | undefined,
): FairPriceQuestion | null => {
  const name = typeof model === 'string' ? model.trim() : '';
  const gb = Number(storageGb);
  if (!name || name.length > listingLimits.maxLength.model) return null;
  if (!(listingLimits.storageOptionsGb as readonly number[]).includes(gb)) return null;
  return { model: name, storageGb: gb, condition: isCondition(condition) ? condition : undefined, exclude };
};

/** "from 12 sales in the last 180 days", and for which condition. */
function Basis({ fairPrice }: { fairPrice: FairPrice }) {
  const condition = fairPrice.conditionWidened
    ? fairPriceTexts.anyCondition
    : fairPrice.condition
      ? fairPriceTexts.inCondition(fairPrice.condition)
      : null;
  return (
    <span className="text-sm text-slate-600 dark:text-slate-400">
      {fairPriceTexts.basis(fairPrice)}
      {condition && `, ${condition}`}
    </span>
  );
}

/**
 * The fair-price guide beside the Add Product form: as the seller gives the model and storage (and
 * condition), the typical price of recent sales, with what it is from. Asked after a pause in the
 * typing; it never blocks the form (a failure shows nothing). On the Edit form the listing being
 * edited is left out (`excludeProductId`): its own price is not evidence of the typical one.
 */
export function FairPriceHint({
  model,
  storageGb,
  condition,
  excludeProductId,
}: {
  model: unknown;
  storageGb: unknown;
  condition?: unknown;
  excludeProductId?: string | undefined;
}) {
  // Debounced as text, so an unchanged question is the same value from render to render.
  const asked = questionOf(model, storageGb, condition, excludeProductId);
  const settled = useDebounced(asked ? JSON.stringify(asked) : null, fairPriceDebounceMs);
  const question = useMemo(() => (settled ? (JSON.parse(settled) as FairPriceQuestion) : null), [settled]);
  const fairPrice = useFairPrice(question);
  const data = question ? fairPrice.data : undefined;

  return (
    // A live region without the status role: the form's toasts are the page's status messages.
    <div aria-live="polite" className="min-h-6 sm:col-span-2">
      {question && fairPrice.isPending && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{fairPriceTexts.loading}</p>
      )}
      {data && data.typicalPriceCents !== null && (
        <p className="flex flex-wrap items-baseline gap-x-2 rounded-xl bg-teal-50 px-3 py-2 dark:bg-teal-950">
          <strong className="font-semibold text-teal-900 dark:text-teal-200">
            {fairPriceTexts.typicalPrice(data.typicalPriceCents)}
          </strong>
          <Basis fairPrice={data} />
        </p>
      )}
      {data && data.typicalPriceCents === null && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{fairPriceTexts.noData}</p>
      )}
    </div>
  );
}

type PricedFields = Pick<ProductFieldsInput, 'model' | 'storageGb' | 'condition'>;

/**
 * The hint fed by a listing form's own fields (Add Product, Edit): one line in the form. The Edit
 * form names its listing (`excludeProductId`), which the guide leaves out.
 */
export function FairPriceFormHint<Fields extends PricedFields, Checked>({
  control,
  excludeProductId,
}: {
  control: Control<Fields, unknown, Checked>;
  excludeProductId?: string;
}) {
  const [model, storageGb, condition] = useWatch({
    // Only these three fields are read, and every listing form has them.
    control: control as unknown as Control<PricedFields>,
    name: ['model', 'storageGb', 'condition'],
  });
  return (
    <FairPriceHint model={model} storageGb={storageGb} condition={condition} excludeProductId={excludeProductId} />
  );
}

/**
 * A phone's details page: where its price stands against the typical price of its model, storage
 * and condition ("$60 below typical"), with what that is from. Only for a phone for sale whose
 * storage is known; nothing when there is no data or the call fails.
 */
export function FairPriceLine({ product }: { product: Product }) {
  const question = productFairPriceQuestion(product);
  const fairPrice = useFairPrice(question);
  const data = question ? fairPrice.data : undefined;
  if (!data || data.typicalPriceCents === null) return null;
  const comparison = compareWithTypical(product.priceCents, data.typicalPriceCents);
  return (
    <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
      <span className="font-medium">{fairPriceTexts.comparison(comparison)}</span>
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {fairPriceTexts.typicalPrice(data.typicalPriceCents)}
      </span>
      <Basis fairPrice={data} />
    </p>
  );
}
