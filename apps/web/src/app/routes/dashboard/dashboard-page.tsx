import type { ReactNode } from 'react';
import { PageHeading } from '@/components/ui/page';

/** A dashboard page: document title, one h1 (focused on arrival, see PageHeading), the content. */
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
      <PageHeading className="text-2xl font-bold sm:text-3xl">{heading ?? title}</PageHeading>
      {children}
    </div>
  );
}
