import { webTexts } from '@recell/contract';
import { useCallback, useRef, type ReactNode, type RefObject } from 'react';
import { useFocusFirstNew } from '@/lib/focus';
import { LoadError } from '../load-error';
import { Spinner } from '../spinner';

/** A dashboard list's states (loading, empty, failed) and its pages ('Load more'). */

/** A list's empty state: the spec's sentence in a dashed frame, and `detail` under it. */
export function EmptyTable({
  detail,
  isBusy,
  children,
}: {
  detail?: ReactNode;
  isBusy?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300"
      aria-busy={isBusy || undefined}
    >
      <p>{children}</p>
      {detail && <p className="mt-2 text-sm">{detail}</p>}
    </div>
  );
}

/** A list that failed to load, with Try again. */
export function TableLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="mt-6">
      <LoadError error={error} onRetry={onRetry} />
    </div>
  );
}

/** What the list's 'Load more' needs of its infinite query. */
type NextPageQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
};

/**
 * 'Load more' under a list while it has another page, and (`showError`) what went wrong when the
 * next page failed, with Try again. The rows it brings take the focus (the first of them: the last
 * page takes the button away) and screen readers hear how many came. `list` holds the table and
 * `count` is how many rows it shows.
 */
export function LoadMore({
  query,
  label,
  list,
  count,
  showError = false,
}: {
  query: NextPageQuery;
  label: string;
  list: RefObject<HTMLElement | null>;
  count: number;
  showError?: boolean;
}) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // Written, not rendered: only a new page's arrival is said (a row removed says nothing). A bare
  // live region, there from the start so that it is heard; not a status, which the toasts are.
  const statusRef = useRef<HTMLParagraphElement>(null);
  const announce = useCallback((added: number) => {
    if (statusRef.current) statusRef.current.textContent = webTexts.moreShown(added);
  }, []);
  const { buttonRef, willLoad } = useFocusFirstNew({ listRef: list, count, itemSelector: 'tbody > tr', announce });
  const loadMore = () => {
    willLoad();
    void fetchNextPage();
  };
  return (
    <>
      <p ref={statusRef} aria-live="polite" className="sr-only" />
      {hasNextPage && (
        <div className="mt-6 flex justify-center">
          <button
            ref={buttonRef}
            type="button"
            className="btn btn-outline"
            disabled={isFetchingNextPage}
            aria-busy={isFetchingNextPage || undefined}
            onClick={loadMore}
          >
            {isFetchingNextPage ? webTexts.loading : label}
          </button>
        </div>
      )}
      {showError && query.isFetchNextPageError && (
        <div className="mt-4">
          <LoadError error={query.error} onRetry={loadMore} />
        </div>
      )}
    </>
  );
}

/** What a paged table needs of its infinite query (a page is `{ items }`). */
export type PagedQuery<T> = NextPageQuery & {
  data: { pages: readonly { items: readonly T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/**
 * A paged list's states: a spinner while the first page loads; what went wrong, with Try again;
 * `empty` when there is nothing; else the rows (`children`) and 'Load more'. A failed reload keeps
 * the rows already shown unless `errorHidesRows`.
 */
export function PagedTable<T>({
  query,
  empty,
  loadMoreLabel,
  showNextPageError = false,
  errorHidesRows = false,
  children,
}: {
  query: PagedQuery<T>;
  empty: ReactNode;
  loadMoreLabel: string;
  showNextPageError?: boolean;
  errorHidesRows?: boolean;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Spinner />;
  if (query.isError && (errorHidesRows || !query.data))
    return <TableLoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return <EmptyTable>{empty}</EmptyTable>;
  return (
    <PagedRows query={query} items={items} loadMoreLabel={loadMoreLabel} showNextPageError={showNextPageError}>
      {children}
    </PagedRows>
  );
}

/** A paged table's rows and its 'Load more', which finds the rows it brought in `list`. */
function PagedRows<T>({
  query,
  items,
  loadMoreLabel,
  showNextPageError,
  children,
}: {
  query: PagedQuery<T>;
  items: T[];
  loadMoreLabel: string;
  showNextPageError: boolean;
  children: (items: T[]) => ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);
  return (
    <>
      <div ref={list}>{children(items)}</div>
      <LoadMore query={query} label={loadMoreLabel} list={list} count={items.length} showError={showNextPageError} />
    </>
  );
}
