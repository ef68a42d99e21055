import type { ReactNode } from 'react';

/**
 * A part of the Payouts page named by its h2 (`action` beside the heading): framed, unless it
 * holds a table, which has its own frame.
 */
export function Section({
  title,
  id,
  action,
  framed = true,
  children,
}: {
  title: string;
  id: string;
  action?: ReactNode;
  framed?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={framed ? 'rounded-2xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800' : undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
