import type { ReactNode, RefObject } from 'react';
import { webTexts } from '@recell/contract';
import { listingSrcSet } from '@/lib/responsive-image';

export const headerCell =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';
export const cell = 'px-4 py-3 align-middle';

/** A phone's picture in a table row (64 px, the 400 px copy when there is one). */
export function ProductThumb({ imageUrl, name }: { imageUrl: string; name: string }) {
  const srcSet = listingSrcSet(imageUrl);
  return (
    <img
      src={imageUrl}
      srcSet={srcSet}
      sizes={srcSet ? '64px' : undefined}
      alt={name}
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
      className="size-16 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
    />
  );
}

/**
 * A dashboard table: captioned (its name for screen readers), its header row, and on narrow
 * screens a sideways scroll inside its frame (the page itself never scrolls sideways).
 */
export function DataTable({
  caption,
  columns,
  minWidth,
  tableRef,
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** The width below which the table scrolls (a Tailwind min-w-* class). */
  minWidth: string;
  /** To move focus to the table (after a row's dialog removed the row and its button). */
  tableRef?: RefObject<HTMLTableElement | null>;
  children: ReactNode;
}) {
  return (
    <div className="mt-6 overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
      <table ref={tableRef} tabIndex={-1} className={`w-full ${minWidth} text-sm focus:outline-none`}>
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

/** A table's empty state: the spec's sentence in a dashed frame. */
export function EmptyTable({ text }: { text: string }) {
  return (
    <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
      {text}
    </p>
  );
}

/** 'Load more' under a table while the list has another page. */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  label,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  label: string;
}) {
  if (!hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <button
        type="button"
        className="btn btn-outline"
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage || undefined}
        onClick={() => void fetchNextPage()}
      >
        {isFetchingNextPage ? webTexts.loading : label}
      </button>
    </div>
  );
}

/** A status pill: green for good news (available, paid), grey otherwise. */
export function StatusPill({ tone, children }: { tone: 'good' | 'neutral' | 'muted'; children: ReactNode }) {
  const colours = {
    good: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
    neutral: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
    muted: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  };
  return (
    <span className={`rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${colours[tone]}`}>
      {children}
    </span>
  );
}

/** The grey 'Paid' of the payment column (spec §4): a mark, not a link. */
export function PaidMark({ text }: { text: string }) {
  return (
    <span className="inline-flex min-h-11 items-center rounded-lg bg-slate-200 px-4 font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">
      {text}
    </span>
  );
}
