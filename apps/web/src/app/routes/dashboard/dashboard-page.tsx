import type { ReactNode } from 'react';

/** A dashboard page: document title, one h1, the content. */
export function DashboardPage({
  title,
  heading,
  children,
}: {
  title: string;
  heading?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div>
      <title>{`${title} · ReCell`}</title>
      <h1 className="text-2xl font-bold sm:text-3xl">{heading ?? title}</h1>
      {children}
    </div>
  );
}
