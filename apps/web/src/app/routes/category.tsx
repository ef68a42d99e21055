import { categoryIds, webTexts, type CategoryId } from '@recell/contract';
import { useParams } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { useCategories } from '@/features/catalogue';

const isCategoryId = (id: string | undefined): id is CategoryId => categoryIds.some((known) => known === id);

/**
 * A brand's page (behind RequireAuth, spec §2). For now it checks that the category exists (from
 * the categories call) and shows its brand.
 */
export function CategoryPage() {
  const { id } = useParams();
  const categories = useCategories();

  if (!isCategoryId(id)) return <NotFound />;
  if (categories.isPending)
    return (
      <p role="status" className="mx-auto max-w-5xl px-4 py-10 text-slate-600 dark:text-slate-300">
        {webTexts.loading}
      </p>
    );
  if (categories.isError)
    return (
      <Page title="Category">
        <div className="mt-6">
          <LoadError error={categories.error} onRetry={() => void categories.refetch()} />
        </div>
      </Page>
    );

  const category = categories.data.items.find((item) => item.id === id);
  if (!category) return <NotFound />;
  return <Page title={category.brand} />;
}

export default CategoryPage;
