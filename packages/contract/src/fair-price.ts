import { z } from './zod.ts';
import { listingLimits, productConditions } from './listing-rules.ts';
import { text } from './text.ts';

/**
 * The fair-price guide (docs/decisions/0039): the typical price of a model and storage (and
 * condition), computed by the database. The median of the prices of paid orders in the last
 * `windowDays` days; when fewer than `minSales` of them exist, the median of the phones for sale.
 */
export const fairPriceLimits = {
  windowDays: 180,
  minSales: 5,
  /** A price within this share of the typical price (or `aboutCents`, whichever is larger) is "about" it. */
  aboutShare: 0.05,
  aboutCents: 500,
} as const;

/** How the figure was found: from recent sales, or from the phones for sale (fewer than minSales sales). */
export const fairPriceRules = ['sales', 'listings'] as const;
export type FairPriceRule = (typeof fairPriceRules)[number];

export const fairPriceMessages = {
  modelRequired: 'Give the model, like iPhone 13',
  modelTooLong: `The model has at most ${listingLimits.maxLength.model} characters`,
  storageInvalid: `Choose a storage size: ${listingLimits.storageOptionsGb.join(', ')} GB`,
  conditionInvalid: `Choose a condition: ${productConditions.join(', ')}`,
  excludeInvalid: 'exclude is the id of a listing',
} as const;

const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

/**
 * GET /api/fair-price: `model` is matched case-insensitively with its outer spaces trimmed;
 * `storageGb` is one of the storage sizes; `condition` is optional; `exclude` leaves one listing
 * out (a details page does not compare a phone with itself).
 */
export const FairPriceQuerySchema = z.object({
  model: text({ error: fairPriceMessages.modelRequired })
    .trim()
    .min(1, fairPriceMessages.modelRequired)
    .max(listingLimits.maxLength.model, fairPriceMessages.modelTooLong),
  storageGb: z.coerce
    .number({ error: fairPriceMessages.storageInvalid })
    .refine((gb) => (listingLimits.storageOptionsGb as readonly number[]).includes(gb), {
      message: fairPriceMessages.storageInvalid,
    }),
  condition: blankAsMissing(z.enum(productConditions, { error: fairPriceMessages.conditionInvalid }).optional()),
  exclude: blankAsMissing(z.uuid({ error: fairPriceMessages.excludeInvalid }).optional()),
});
export type FairPriceQueryInput = z.input<typeof FairPriceQuerySchema>;
export type FairPriceQuery = z.output<typeof FairPriceQuerySchema>;

export const FairPriceSchema = z
  .object({
    /** The median in cents; null when there is no data at all (then sampleSize is 0 and rule null). */
    typicalPriceCents: z.number().int().nullable(),
    sampleSize: z.number().int(),
    rule: z.enum(fairPriceRules).nullable(),
    /** The condition the figure is for; null: every condition (none was asked, or it was widened). */
    condition: z.enum(productConditions).nullable(),
    /** A condition was asked but had no sales and no phones for sale: the figure is for every condition. */
    conditionWidened: z.boolean(),
    windowDays: z.number().int(),
  })
  .meta({ id: 'FairPrice' });
export type FairPrice = z.infer<typeof FairPriceSchema>;

/** Where a price stands against the typical price. */
export type FairPriceComparison = { kind: 'below' | 'above'; differenceCents: number } | { kind: 'about' };

export const compareWithTypical = (priceCents: number, typicalPriceCents: number): FairPriceComparison => {
  const difference = priceCents - typicalPriceCents;
  const about = Math.max(fairPriceLimits.aboutCents, Math.round(typicalPriceCents * fairPriceLimits.aboutShare));
  if (Math.abs(difference) <= about) return { kind: 'about' };
  // Whole dollars: "$60 below typical", not "$59.50".
  const differenceCents = Math.round(Math.abs(difference) / 100) * 100;
  return { kind: difference < 0 ? 'below' : 'above', differenceCents };
};
