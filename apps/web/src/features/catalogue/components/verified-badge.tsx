import { webTexts } from '@recell/contract';

/** The verified seller's badge: an image named 'Verified seller'. */
export function VerifiedBadge({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      role="img"
      aria-label={webTexts.verifiedSeller}
      viewBox="0 0 24 24"
      width={20}
      height={20}
      className={`${className} shrink-0 text-sky-600 dark:text-sky-400`}
    >
      <title>{webTexts.verifiedSeller}</title>
      <path
        fill="currentColor"
        d="M12 1.5 14.6 3.4l3.2-.2 1 3 2.7 1.8-1 3 1 3-2.7 1.8-1 3-3.2-.2L12 22.5l-2.6-1.9-3.2.2-1-3L2.5 16l1-3-1-3 2.7-1.8 1-3 3.2.2Z"
      />
      <path d="m8 12.2 2.7 2.7L16.2 9.3" fill="none" stroke="#fff" strokeWidth={2} strokeLinecap="round" />
    </svg>
  );
}

/**
 * A seller's rating on the details and seller pages ("★ Rated 4.8 out of 5 from 12 ratings");
 * nothing before the first rating. Beside the badge: no chunk of its own for so little.
 */
export function SellerRatingSummary({ average, count }: { average: number | null; count: number }) {
  if (average === null) return null;
  return (
    <p className="text-sm">
      <span aria-hidden="true" className="text-amber-600 dark:text-amber-400">
        ★{' '}
      </span>
      {webTexts.sellerRating(average, count)}
    </p>
  );
}
