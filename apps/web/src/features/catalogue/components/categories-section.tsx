import { categoryIds, webTexts } from '@recell/contract';
import { LoadError } from '@/components/ui/load-error';
import { useCategories } from '../api/get-categories';
import { CategoryCard } from './category-card';

const grid = 'mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** Home: the brand categories, each with a 'See All' link to its page. */
export function CategoriesSection() {
  const categories = useCategories();
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="categories-heading" className="text-2xl font-bold sm:text-3xl">
        {webTexts.categoriesHeading}
      </h2>
      {categories.isPending ? (
        <ul className={grid} aria-busy="true" aria-label={webTexts.loading}>
          {categoryIds.map((id) => (
            <li key={id} className="h-72 animate-pulse rounded-2xl bg-slate-100 dark:bg-slate-800" />
          ))}
        </ul>
      ) : categories.isError ? (
        <div className="mt-6">
          <LoadError error={categories.error} onRetry={() => void categories.refetch()} />
        </div>
      ) : (
        <ul className={grid}>
          {categories.data.items.map((category) => (
            <li key={category.id}>
              <CategoryCard category={category} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
