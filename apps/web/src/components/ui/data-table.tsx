import { formatPrice, webTexts } from '@recell/contract';
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useFocusFirstNew } from '@/lib/focus';
import { LoadError } from './load-error';
import { ProductThumb } from './product-thumb';
import { Spinner } from './spinner';

/**
 * The dashboard's tables (My Products, My Orders, My Wishlist, My Sales and the admin's lists): the
 * scrolling frame, header and cells, and their loading, empty and failed states.
 */

/** A body cell's padding. */
export const cell = 'px-4 py-3 align-middle';
const headerCell =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';
/** `relative`: visually hidden parts of the table (sr-only) stay inside the scrolling frame. */
const tableFrame =
  'relative mt-6 overflow-x-auto rounded-2xl border border-slate-200 transition-opacity dark:border-slate-800';

/**
 * A dashboard table: captioned (its name for screen readers), its header row, and on narrow
 * screens a sideways scroll inside its frame (the page itself never scrolls sideways).
 */
export function DataTable({
  caption,
  columns,
  minWidth,
  tableRef,
  isBusy = false,
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** The width below which the table scrolls (a Tailwind min-w-* class). */
  minWidth: string;
  /** To move focus to the table (after a row's dialog removed the row and its button). */
  tableRef?: RefObject<HTMLTableElement | null>;
  /** Other rows are on their way (a new search): the rows shown fade. */
  isBusy?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={isBusy ? `${tableFrame} opacity-60` : tableFrame} aria-busy={isBusy || undefined}>
      <table
        ref={tableRef}
        tabIndex={tableRef ? -1 : undefined}
        className={`w-full ${minWidth} text-sm${tableRef ? ' focus:outline-none' : ''}`}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={headerCell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * Focus for a table whose row goes with the button that had the focus: call `refocusTable()` as the
 * row goes, and once nothing `isWaiting` (a dialog still open), focus moves to the table.
 */
export function useTableRefocus(isWaiting = false) {
  const tableRef = useRef<HTMLTableElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (isWaiting || !pending.current) return;
    pending.current = false;
    tableRef.current?.focus();
  });
  const refocusTable = () => {
    pending.current = true;
  };
  return { tableRef, refocusTable };
}

/**
 * A dialog a row's button opens (Delete's confirmation): the row it is `open` for, and, when the
 * row went with it (`closeRemoved`), focus to the table instead of the button that opened it.
 */
export function useRowDialog<T>() {
  const [row, setRow] = useState<T | null>(null);
  const { tableRef, refocusTable } = useTableRefocus(row !== null);
  return {
    row,
    tableRef,
    refocusTable,
    open: (opened: T) => {
      setRow(opened);
    },
    close: () => {
      setRow(null);
    },
    closeRemoved: () => {
      refocusTable();
      setRow(null);
    },
  };
}

const priceCell = `${cell} whitespace-nowrap`;

type ProductCellsProps = {
  product: { id: string; name: string; imageUrl: string };
  /** The price asked (an order's: the price it was booked at). */
  priceCents: number;
  /** Lets the row's buttons name the phone (their aria-describedby). */
  nameId?: string;
  /** False for a phone that is gone: its name is not a link. */
  isLinked?: boolean;
};

/** A phone's first cells: its picture, its name (the row's header, a link to its page) and its price. */
export function ProductCells({ product, priceCents, nameId, isLinked = true }: ProductCellsProps) {
  return (
    <>
      <td className={cell}>
        <ProductThumb imageUrl={product.imageUrl} name={product.name} />
      </td>
      <th scope="row" id={nameId} className={`${cell} text-left font-semibold`}>
        {isLinked ? (
          <Link to={paths.product.to(product.id)} className="link break-words">
            {product.name}
          </Link>
        ) : (
          <span className="break-words">{product.name}</span>
        )}
      </th>
      <td className={`${priceCell} font-semibold`}>{formatPrice(priceCents)}</td>
    </>
  );
}

/**
 * A listing's columns in My Products, My Orders and My Wishlist (image, name, price, original,
 * location): ProductCells, then the original price and where the phone is.
 */
export function ListingCells({
  product,
  ...cells
}: ProductCellsProps & { product: ProductCellsProps['product'] & { originalPriceCents: number; location: string } }) {
  return (
    <>
      <ProductCells product={product} {...cells} />
      <td className={priceCell}>{formatPrice(product.originalPriceCents)}</td>
      <td className={`${cell} break-words`}>{product.location}</td>
    </>
  );
}

const pillTones = {
  good: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  neutral: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  muted: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  bad: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
} as const;

/** A status pill: green for good news (available, paid), sky for a step on the way, grey, red. */
export function StatusPill({ tone, children }: { tone: keyof typeof pillTones; children: ReactNode }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${pillTones[tone]}`}
    >
      {children}
    </span>
  );
}

const buttonVariants = {
  primary: 'btn btn-primary',
  outline: 'btn btn-outline',
  danger:
    'btn border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950',
} as const;

/**
 * A row's button, described by the row's phone or person (`describedBy`): 'Delete' alone says
 * little. `isBusy` while its action runs (disabled meanwhile); `opensDialog` when it opens one.
 */
export function RowButton({
  variant,
  describedBy,
  opensDialog = false,
  isBusy,
  disabled,
  className,
  onClick,
  children,
}: {
  variant: keyof typeof buttonVariants;
  describedBy: string;
  opensDialog?: boolean;
  isBusy?: boolean;
  disabled?: boolean;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className ? `${buttonVariants[variant]} ${className}` : buttonVariants[variant]}
      aria-describedby={describedBy}
      aria-haspopup={opensDialog ? 'dialog' : undefined}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

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
