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

const starWords: Record<number, string> = { 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' };

/**
 * Texts of ratings: the dialogs, My Orders' and My Sales' rating column, the details and seller
 * pages' summary and list (the cards' compact summary is in web-texts.ts). Here with the seller
 * page's texts, so the lazily loaded pages that show ratings load one texts chunk.
 */
export const ratingTexts = {
  rateSeller: 'Rate the seller',
  rateDialogTitle: (sellerName: string) => `Rate ${sellerName}`,
  starsLegend: 'Your rating',
  starLabel: (stars: number) => (stars === 1 ? '1 star — Poor' : `${stars} stars — ${starWords[stars] ?? ''}`),
  commentLabel: 'Comment (optional)',
  submitRating: 'Submit rating',
  submittingRating: 'Submitting…',
  cancel: 'Cancel',
  rated: 'Rating submitted. Thank you!',
  starsOutOfFive: (stars: number) => `${stars} out of 5 stars`,
  ratingColumn: 'Rating',
  notRatedYet: 'Not rated yet',
  reply: 'Reply',
  replyDialogTitle: (buyerName: string) => `Reply to ${buyerName}`,
  replyLabel: 'Your reply',
  submitReply: 'Send reply',
  submittingReply: 'Sending…',
  replied: 'Reply sent',
  sellerReply: 'Seller’s reply',
  commentHidden: 'Comment hidden by ReCell',
  ratingsHeading: 'Ratings',
  noRatings: 'No ratings yet',
  byBuyer: (buyerName: string, productName: string) => `${buyerName} · ${productName}`,
  loadMore: 'Load more',
  hideComment: 'Hide comment',
  showComment: 'Show comment',
  hideCommentTitle: 'Hide this comment?',
  hideCommentText: 'The comment will read “Comment hidden by ReCell” everywhere. Its stars still count.',
  hiding: 'Hiding…',
  commentHiddenToast: 'Comment hidden',
  commentShownToast: 'Comment shown again',
} as const;
