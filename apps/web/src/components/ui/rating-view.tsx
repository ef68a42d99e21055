import { ratingTexts, type Rating } from '@recell/contract';
import type { ReactNode } from 'react';

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

/**
 * A rating as stars ("★★★★☆"), read by a screen reader as its label ("4 out of 5 stars") instead
 * of five symbols.
 */
export function Stars({ stars, label, className }: { stars: number; label: string; className?: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      className={`whitespace-nowrap text-amber-600 dark:text-amber-400 ${className ?? ''}`}
    >
      {'★'.repeat(stars)}
      <span className="text-slate-300 dark:text-slate-600">{'★'.repeat(5 - stars)}</span>
    </span>
  );
}
