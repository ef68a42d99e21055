import { ratingLimits } from './ratings.ts';

const starWords: Record<number, string> = { 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' };
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Texts of the rating dialogs, My Orders' and My Sales' rating column and the seller page's list.
 * Their own module: only lazily loaded pages use them (the cards' compact summary is in web-texts.ts).
 */
export const ratingTexts = {
  rateSeller: 'Rate the seller',
  rateDialogTitle: (sellerName: string) => `Rate ${sellerName}`,
  starsLegend: 'Your rating',
  starLabel: (stars: number) => (stars === 1 ? '1 star — Poor' : `${stars} stars — ${starWords[stars] ?? ''}`),
  commentLabel: 'Comment (optional)',
  commentHint: `Up to ${ratingLimits.comment} characters`,
  submitRating: 'Submit rating',
  submittingRating: 'Submitting…',
  cancel: 'Cancel',
  rated: 'Rating submitted. Thank you!',
  yourRating: 'Your rating',
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
  summary: (average: number, count: number) =>
    `${average.toFixed(1)} out of 5 from ${plural(count, 'rating', 'ratings')}`,
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
