import type { ReactNode } from 'react';
import { useFocusOnArrival } from '@/lib/focus';

/**
 * A page's one h1, focusable by script only: arriving on the page from a link or a redirect that
 * left the focus nowhere puts it here (see useFocusOnArrival).
 */
export function PageHeading({ id, className, children }: { id?: string; className: string; children: ReactNode }) {
  const ref = useFocusOnArrival<HTMLHeadingElement>();
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className={`${className} focus:outline-none`}>
      {children}
    </h1>
  );
}

/** A content page: document title, one h1, a readable column. */
export function Page({ title, heading, children }: { title: string; heading?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <title>{`${title} · ReCell`}</title>
      <PageHeading className="text-3xl font-bold sm:text-4xl">{heading ?? title}</PageHeading>
      {children}
    </div>
  );
}
