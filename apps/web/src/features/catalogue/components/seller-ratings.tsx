import { listingTexts, ratingTexts, webTexts, type Rating } from '@recell/contract';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { RatingView } from '@/components/ui/rating-view';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSellerRatings, useSetCommentHidden } from '../api/get-seller-ratings';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * The seller page's ratings, newest first, a page at a time: stars, the buyer's first name and the
 * phone, the comment (or "Comment hidden by ReCell") and the seller's reply. An admin hides an
 * abusive comment after a confirmation, or shows a hidden one again.
 */
export default function SellerRatings({ sellerId }: { sellerId: string }) {
  const ratings = useSellerRatings(sellerId);
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const headingId = useId();
  const [toHide, setToHide] = useState<Rating | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const setHidden = useSetCommentHidden(sellerId);
  const items = ratings.data?.pages.flatMap((page) => page.items) ?? [];

  const change = async (rating: Rating, hidden: boolean) => {
    setFailure(null);
    try {
      await setHidden.mutateAsync({ ratingId: rating.id, hidden });
    } catch (error) {
      if (hidden) setFailure(isApiError(error) ? error.message : webTexts.loadFailed);
      return;
    }
    setToHide(null);
    toast.success(hidden ? ratingTexts.commentHiddenToast : ratingTexts.commentShownToast);
  };

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-2xl font-bold">
        {ratingTexts.ratingsHeading}
      </h2>
      {ratings.isPending && <Spinner />}
      {ratings.isError && (
        <div className="mt-4">
          <LoadError error={ratings.error} onRetry={() => void ratings.refetch()} />
        </div>
      )}
      {ratings.isSuccess && items.length === 0 && (
        <p className="mt-4 text-slate-600 dark:text-slate-400">{ratingTexts.noRatings}</p>
      )}
      {items.length > 0 && (
        <ul className="mt-4 grid gap-4">
          {items.map((rating) => (
            <li key={rating.id} className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
              <RatingView
                rating={rating}
                byline={
                  <p className="text-slate-600 dark:text-slate-400">
                    {ratingTexts.byBuyer(rating.buyerName, rating.productName)} ·{' '}
                    <time dateTime={rating.createdAt}>{dateOf(rating.createdAt)}</time>
                  </p>
                }
                actions={
                  isAdmin &&
                  (rating.comment !== null || rating.isCommentHidden) && (
                    <div className="mt-2">
                      {rating.isCommentHidden ? (
                        <button
                          type="button"
                          className="btn btn-outline"
                          disabled={setHidden.isPending}
                          onClick={() => void change(rating, false)}
                        >
                          {ratingTexts.showComment}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-outline"
                          aria-haspopup="dialog"
                          onClick={() => {
                            setFailure(null);
                            setToHide(rating);
                          }}
                        >
                          {ratingTexts.hideComment}
                        </button>
                      )}
                    </div>
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      {ratings.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            className="btn btn-outline"
            disabled={ratings.isFetchingNextPage}
            aria-busy={ratings.isFetchingNextPage || undefined}
            onClick={() => void ratings.fetchNextPage()}
          >
            {ratings.isFetchingNextPage ? webTexts.loading : listingTexts.loadMore}
          </button>
        </div>
      )}
      {toHide && (
        <ConfirmDialog
          title={ratingTexts.hideCommentTitle}
          description={ratingTexts.hideCommentText}
          labels={{ cancel: ratingTexts.cancel, delete: ratingTexts.hideComment, deleting: ratingTexts.hiding }}
          isBusy={setHidden.isPending}
          failure={failure}
          onConfirm={() => void change(toHide, true)}
          onClose={() => setToHide(null)}
        />
      )}
    </section>
  );
}
