import { formatPrice } from './money.ts';
import { fairPriceLimits, type FairPrice, type FairPriceComparison } from './fair-price.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Texts of the fair-price guide and the seller page. Their own module, like listing-texts.ts:
 * only the lazily loaded Add Product, details and seller pages use them.
 */
export const fairPriceTexts = {
  heading: 'Typical price',
  typicalPrice: (cents: number) => `Typical price: ${formatPrice(cents)}`,
  /** The sample size and the rule the figure came from. */
  basis: (fairPrice: Pick<FairPrice, 'rule' | 'sampleSize' | 'windowDays'>) =>
    fairPrice.rule === 'sales'
      ? `from ${plural(fairPrice.sampleSize, 'sale', 'sales')} in the last ${fairPrice.windowDays} days`
      : `from ${plural(fairPrice.sampleSize, 'phone', 'phones')} for sale — fewer than ${fairPriceLimits.minSales} recent sales`,
  anyCondition: 'in any condition (none in this condition)',
  inCondition: (condition: string) => `in ${condition} condition`,
  comparison: (comparison: FairPriceComparison) =>
    comparison.kind === 'about'
      ? 'About the typical price'
      : `${formatPrice(comparison.differenceCents)} ${comparison.kind} typical`,
  loading: 'Looking up the typical price…',
  noData: 'No recent sales or phones for sale of this model and storage yet',
} as const;

export const sellerTexts = {
  pageTitle: (name: string) => `${name} · ReCell`,
  memberSince: (iso: string) =>
    `Member since ${new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
  listingsHeading: 'Phones for sale',
  noListings: 'No phones for sale right now',
  sellerPageLink: 'See the seller’s page',
} as const;
