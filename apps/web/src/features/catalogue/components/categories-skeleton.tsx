import type { ReactNode } from 'react';
import { categoryIds, webTexts } from '@recell/contract';

/** The categories section while it loads: same size as the loaded grid, so nothing shifts. */
export function CategoriesSkeleton() {
  return (
    <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={webTexts.loading}>
      {categoryIds.map((id) => (
        <li key={id} className="aspect-[3/2] animate-pulse rounded-2xl bg-slate-100 pb-20 dark:bg-slate-800" />
      ))}
    </ul>
  );
}

/** The categories section's frame (heading included), shared by the loaded and loading states. */
export function CategoriesFrame({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="categories-heading" className="text-2xl font-bold sm:text-3xl">
        {webTexts.categoriesHeading}
      </h2>
      {children}
    </section>
  );
}
