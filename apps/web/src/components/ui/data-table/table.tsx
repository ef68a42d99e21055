import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * The dashboard's tables (My Products, My Orders, My Wishlist, My Sales and the admin's lists): the
 * frame, header, rows and cells, each row a card on a narrow frame. What goes in a cell is in
 * `cells.tsx`, a list's paging and states in `paging.tsx`, and focus after a row goes at the end.
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
 * Words wrap only between words (decision 0053): no cell breaks a name inside a word (cells.tsx
 * holds the contents that wrap otherwise: emails, dates, free text, ids).
 */

/**
 * A body cell's padding (a card's cells sit on the card's own padding). The row, a field and its
 * label are utilities of their own in index.css (`dt-…`), each one short class in every cell.
 */
export const cell = 'dt-cell';
const headerCell =
  'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';
/** `relative`: visually hidden parts of the table (sr-only) stay inside the frame. */
const tableFrame =
  '@container relative mt-6 overflow-x-auto rounded-2xl border border-slate-200 transition-opacity dark:border-slate-800';
const row = 'dt-row';
/** A field of a card: its column's name, then the value, on the card's two columns. */
const fieldCell = `${cell} dt-field`;
const fieldLabel = 'dt-field-label';

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
 * `Cell`, `MediaCell`, `RowHeader`). It fits its frame: names wrap between words, and a frame
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
