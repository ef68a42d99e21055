import { adminTexts, webTexts } from '@recell/contract';
import { LoadError } from '@/components/ui/load-error';

/** 'Load more' under a list that has more pages, and what went wrong when the next page failed. */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  error,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}) {
  return (
    <>
      {hasNextPage && (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            className="btn btn-outline"
            disabled={isFetchingNextPage}
            aria-busy={isFetchingNextPage || undefined}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? webTexts.loading : adminTexts.loadMore}
          </button>
        </div>
      )}
      {isFetchNextPageError && (
        <div className="mt-4">
          <LoadError error={error} onRetry={() => void fetchNextPage()} />
        </div>
      )}
    </>
  );
}
