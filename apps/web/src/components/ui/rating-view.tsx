import { ratingTexts, type Rating } from '@recell/contract';
import type { ReactNode } from 'react';
import { Stars } from './stars';

/**
 * A rating: its stars, the comment (or that ReCell hid it: the stars still count) and the seller's
 * reply. `byline` (the buyer and phone, the date) and `actions` (Reply, Hide comment) are the page's.
 */
export function RatingView({ rating, byline, actions }: { rating: Rating; byline?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="grid gap-1 text-sm">
      <Stars stars={rating.stars} label={ratingTexts.starsOutOfFive(rating.stars)} />
      {byline}
      {rating.isCommentHidden ? (
        <p className="text-slate-600 italic dark:text-slate-400">{ratingTexts.commentHidden}</p>
      ) : (
        rating.comment && <p className="break-words whitespace-pre-line">{rating.comment}</p>
      )}
      {rating.reply && (
        <div className="mt-1 border-l-2 border-slate-300 pl-3 dark:border-slate-600">
          <p className="font-medium">{ratingTexts.sellerReply}</p>
          <p className="break-words whitespace-pre-line">{rating.reply}</p>
        </div>
      )}
      {actions}
    </div>
  );
}
