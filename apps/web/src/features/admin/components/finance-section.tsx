import { financeListLimit, financeTexts } from '@recell/contract';
import { useId, type ReactNode } from 'react';

/** A part of the Finance screen named by its h2: framed, unless it holds a table (which has its own frame). */
export function FinanceSection({
  title,
  framed = false,
  children,
}: {
  title: string;
  framed?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={framed ? 'rounded-2xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800' : undefined}
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Said under a list that reached its limit: only its first rows are shown. */
export function CappedNote({ count }: { count: number }) {
  if (count < financeListLimit) return null;
  return <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{financeTexts.listCapped(financeListLimit)}</p>;
}

/** A value the row does not have (no next try, no deadline): a dash, said in words. */
export function Missing({ said }: { said: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{said}</span>
    </>
  );
}
