import {
  dollarsToCents,
  formatPrice,
  listingTexts,
  parseDollars,
  sellerFeeOf,
  type SellerFeeRule,
} from '@recell/contract';
import { useWatch, type Control } from 'react-hook-form';
import { useSellerFee } from '../api/get-seller-fee';

const ruleText = (rule: SellerFeeRule) =>
  listingTexts.feeRule(String(rule.percent), rule.fixedCents > 0 ? formatPrice(rule.fixedCents) : null);

/**
 * Under the price of a listing form: what the seller will receive of the price they typed, the
 * marketplace's fee taken, with the same figure the sale freezes on the order. The rule alone
 * while the price is blank or not a price; nothing while the rule is unknown.
 */
export function PayoutNote<Fields extends { price: unknown }, Checked>({
  control,
}: {
  control: Control<Fields, unknown, Checked>;
}) {
  const price = useWatch({ control: control as unknown as Control<{ price: unknown }>, name: 'price' });
  const fee = useSellerFee();
  if (!fee.data) return null;
  const dollars = typeof price === 'string' || typeof price === 'number' ? parseDollars(price) : undefined;
  const priceCents = dollars !== undefined && dollars > 0 ? dollarsToCents(dollars) : undefined;
  const rule = ruleText(fee.data);
  const feeCents = priceCents === undefined ? undefined : sellerFeeOf(priceCents, fee.data);
  return (
    <p aria-live="polite" className="-mt-2 text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
      {priceCents === undefined || feeCents === undefined
        ? listingTexts.feeRuleOnly(rule)
        : listingTexts.youWillReceive(formatPrice(priceCents - feeCents), formatPrice(feeCents), rule)}
    </p>
  );
}
