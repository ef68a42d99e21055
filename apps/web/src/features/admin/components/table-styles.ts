/** The admin tables' look (the same as My Products). */
export const headerCell =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';
export const cell = 'px-4 py-3 align-middle';
/** `relative`: visually hidden parts of the table (sr-only) stay inside the scrolling frame. */
export const tableFrame = 'relative mt-6 overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800';
export const emptyBox =
  'mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300';
export const dangerButton =
  'btn border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950';
export const dangerSolidButton = 'btn bg-red-700 text-white hover:bg-red-800';
export const badge = 'inline-block rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap';
