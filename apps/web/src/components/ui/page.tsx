import type { ReactNode } from 'react';

/** A content page: document title, one h1, a readable column. */
export function Page({ title, heading, children }: { title: string; heading?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <title>{`${title} · ReCell`}</title>
      <h1 className="text-3xl font-bold sm:text-4xl">{heading ?? title}</h1>
      {children}
    </div>
  );
}
