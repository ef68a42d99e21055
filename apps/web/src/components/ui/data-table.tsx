import { formatPrice, webTexts } from '@recell/contract';
import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatListingTime } from '@/lib/format-time';
import { useFocusFirstNew } from '@/lib/focus';
import { LoadError } from './load-error';
import { ProductThumb } from './product-thumb';
import { Spinner } from './spinner';

/**
 * The dashboard's tables (My Products, My Orders, My Wishlist, My Sales and the admin's lists): the
 * frame, header, rows and cells (each row a card on a narrow frame), and their loading, empty and
 * failed states.
 */

/*
 * While its frame is narrower than the table needs (`cardsBelow`: 56rem unless the table says less),
 * a row is a card: the frame is a size container and every `as-cards:` class below is the card
 * layout (`as-table:` the table's; both variants live in index.css). The markup stays one <table>
 * with explicit roles: a table whose parts are display:block or grid would otherwise lose its table
 * semantics in some browsers (decision 0032).
 *
 * A card is a two-column grid: the picture and each field's name (an aria-hidden label; screen
 * readers hear the column header) on the left, the row's name and the values on the right.
 *
 * Words wrap only between words (decision 0053): no cell breaks a name inside a word; an email wraps
 * before its punctuation (`BreakAtPunctuation`), a date before its time (`DateTime`); free text
 * wraps inside a measure of its own (`FreeText`), where only a word longer than a line is broken;
 * only a machine's id (`Id`), which has no words, breaks anywhere.
 */

/** A body cell's padding (a card's cells sit on the card's own padding). */
export const cell = 'px-3 py-3 align-middle as-cards:p-0';
const headerCell =
  'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';
/** `relative`: visually hidden parts of the table (sr-only) stay inside the frame. */
const tableFrame =
  '@container relative mt-6 overflow-x-auto rounded-2xl border border-slate-200 transition-opacity dark:border-slate-800';
const row =
  'as-cards:grid as-cards:grid-cols-[6.5rem_minmax(0,1fr)] as-cards:items-center as-cards:gap-x-3 as-cards:gap-y-2 as-cards:p-4';
/** A field of a card: its column's name, then the value, on the card's two columns. */
const fieldCell = `${cell} as-cards:col-span-2 as-cards:grid as-cards:grid-cols-subgrid as-cards:items-center`;
const fieldLabel =
  'hidden text-xs font-semibold tracking-wide text-slate-600 uppercase as-cards:block dark:text-slate-300';

/**
 * The frame width below which a table's rows are cards: more than its columns need at the least
 * (every name wrapped between words), measured with long names and emails (decision 0053). 44rem
 * keeps a table of a few short columns a table beside a 1024 px laptop's sidebar; 64rem is for a
 * table whose cells hold several facts each.
 */
export type CardsBelow = '64rem' | '56rem' | '44rem';

/**
 * A column: its name, or its name and its header cell's classes (`as-table:` ones: a column's width
 * is the table's business, a card has none).
 */
export type Column = string | { label: string; className?: string };

/**
 * A dashboard table: captioned (its name for screen readers), its header row, its rows (`Row`,
 * `Cell` and the shared cells below). It fits its frame: names wrap between words, and a frame
 * narrower than `cardsBelow` shows each row as a card (the header row is then read by screen
 * readers only).
 */
export function DataTable({
  caption,
  columns,
  cardsBelow = '56rem',
  tableRef,
  isBusy = false,
  children,
}: {
  caption: string;
  columns: readonly Column[];
  cardsBelow?: CardsBelow;
  /** To move focus to the table (after a row's dialog removed the row and its button). */
  tableRef?: RefObject<HTMLTableElement | null>;
  /** Other rows are on their way (a new search): the rows shown fade. */
  isBusy?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={isBusy ? `${tableFrame} opacity-60` : tableFrame}
      data-cards-below={cardsBelow}
      aria-busy={isBusy || undefined}
    >
      <table
        ref={tableRef}
        role="table"
        tabIndex={tableRef ? -1 : undefined}
        className={`w-full text-sm as-cards:block${tableRef ? ' focus:outline-none' : ''}`}
      >
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="bg-slate-50 as-cards:sr-only dark:bg-slate-900">
          <tr role="row">
            {columns.map((column) => {
              const { label, className } = typeof column === 'string' ? { label: column } : column;
              return (
                <th
                  key={label}
                  scope="col"
                  role="columnheader"
                  className={className ? `${headerCell} ${className}` : headerCell}
                >
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-200 as-cards:block dark:divide-slate-800">
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** A table's row (a card on a narrow frame). */
export function Row({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <tr role="row" className={className ? `${row} ${className}` : row}>
      {children}
    </tr>
  );
}

/**
 * A body cell of column `label` (shown beside the value on a card). A cell with nothing in it (no
 * Delete for a paid order) is left out of the card.
 */
export function Cell({ label, className, children }: { label: string; className?: string; children?: ReactNode }) {
  const isEmpty = children === undefined || children === null || children === false || children === '';
  return (
    <td role="cell" className={`${isEmpty ? `${cell} as-cards:hidden` : fieldCell}${className ? ` ${className}` : ''}`}>
      <span aria-hidden="true" className={fieldLabel}>
        {label}
      </span>
      <div className="min-w-0">{children}</div>
    </td>
  );
}

/** A row's picture (a phone's, a person's): the card's top left. */
export function MediaCell({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <td role="cell" className={className ? `${cell} ${className}` : cell}>
      {children}
    </td>
  );
}

/** The row's header (the phone's or person's name): the card's title, beside the picture. */
export function RowHeader({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <th
      scope="row"
      role="rowheader"
      id={id}
      className={`${cell} text-left font-semibold as-cards:text-base${className ? ` ${className}` : ''}`}
    >
      {children}
    </th>
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

type ProductCellsProps = {
  product: { id: string; name: string; imageUrl: string };
  /** The price asked (an order's: the price it was booked at). */
  priceCents: number;
  /** Lets the row's buttons name the phone (their aria-describedby). */
  nameId?: string;
  /** False for a phone that is gone: its name is not a link. */
  isLinked?: boolean;
};

/**
 * A phone's first cells: its picture, its name (the row's header, a link to its page) and its
 * price; on a card the name and the price sit beside the picture.
 */
export function ProductCells({ product, priceCents, nameId, isLinked = true }: ProductCellsProps) {
  return (
    <>
      <MediaCell className="as-cards:row-span-2">
        <ProductThumb imageUrl={product.imageUrl} name={product.name} />
      </MediaCell>
      <RowHeader id={nameId} className="as-cards:self-end">
        {isLinked ? (
          <Link to={paths.product.to(product.id)} className="link">
            {product.name}
          </Link>
        ) : (
          <span>{product.name}</span>
        )}
      </RowHeader>
      <td role="cell" className={`${cell} font-semibold whitespace-nowrap as-cards:self-start`}>
        {formatPrice(priceCents)}
      </td>
    </>
  );
}

/**
 * A listing's columns in My Products, My Orders and My Wishlist (image, name, price, original,
 * location): ProductCells, then the original price and where the phone is (`labels`: their
 * columns' names).
 */
export function ListingCells({
  product,
  labels,
  ...cells
}: ProductCellsProps & {
  product: ProductCellsProps['product'] & { originalPriceCents: number; location: string };
  labels: { original: string; location: string };
}) {
  return (
    <>
      <ProductCells product={product} {...cells} />
      <Cell label={labels.original} className="whitespace-nowrap">
        {formatPrice(product.originalPriceCents)}
      </Cell>
      <Cell label={labels.location}>{product.location}</Cell>
    </>
  );
}

/**
 * A string without spaces (an email) that may wrap before each of its punctuation marks
 * (. @ _ + -), as an address is broken in print, and never inside a run of letters or digits. The
 * text reads and copies as one string (`<wbr>` adds no character).
 */
export function BreakAtPunctuation({ text }: { text: string }) {
  const parts = text.split(/(?=[.@_+-])/);
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one string never move: their index is their identity.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A date and time ('Nov 27, 2026, 4:32 pm') that wraps, when it must, between the date and the
 * time only.
 */
export function DateTime({ iso }: { iso: string }) {
  const text = formatListingTime(iso);
  const split = text.lastIndexOf(', ');
  // Its text stays the one string, ordinary spaces included: only each part keeps together.
  return (
    <time dateTime={iso}>
      <span className="whitespace-nowrap">{text.slice(0, split + 1)}</span>{' '}
      <span className="whitespace-nowrap">{text.slice(split + 2)}</span>
    </time>
  );
}

/**
 * A machine's id (a payment's, a record's): no words to keep whole, so it breaks anywhere, and it is
 * set as code.
 */
export function Id({ children }: { children: string }) {
  return <code className="font-mono text-xs break-all">{children}</code>;
}

/**
 * What a person wrote (a message, a problem's reason): lines kept, wrapped between words within a
 * measure of its own (`className`: its width), so that the table gives it room without growing past
 * its frame. Only a word longer than a whole line (a pasted link) is broken.
 */
export function FreeText({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={`wrap-break-word whitespace-pre-line${className ? ` ${className}` : ''}`}>{children}</div>;
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
