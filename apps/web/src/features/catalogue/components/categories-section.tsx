import { LoadError } from '@/components/ui/load-error';
import { useCategories } from '../api/get-categories';
import { CategoriesFrame, CategoriesSkeleton } from './categories-skeleton';
import { CategoryCard } from './category-card';

/** Home: the brand categories, each with a 'See All' link to its page. */
export function CategoriesSection() {
  const categories = useCategories();
  return (
    <CategoriesFrame>
      {categories.isPending ? (
        <CategoriesSkeleton />
      ) : categories.isError ? (
        <div className="mt-6">
          <LoadError error={categories.error} onRetry={() => void categories.refetch()} />
        </div>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {categories.data.items.map((category) => (
            <li key={category.id}>
              <CategoryCard category={category} />
            </li>
          ))}
        </ul>
      )}
    </CategoriesFrame>
  );
}
