import { categoryIds, webTexts, type CategoryId } from '@recell/contract';
import { useParams } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { LoadError } from '@/components/ui/load-error';
import { Page, PageHeading } from '@/components/ui/page';
import { CategoryBrowser, useCategories } from '@/features/catalogue';

const isCategoryId = (id: string | undefined): id is CategoryId => categoryIds.some((known) => known === id);

/**
 * A brand's page (behind RequireAuth, docs/product.md, Screens): the brand from the categories call (an unknown one
 * is the 404 page), then its phones with search, filters, sort and paging.
 */
function CategoryPage() {
  const { id } = useParams();
  const categories = useCategories();

  if (!isCategoryId(id)) return <NotFound />;
  if (categories.isPending)
    return (
      <p role="status" className="mx-auto max-w-7xl px-4 py-10 text-slate-600 dark:text-slate-300">
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
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
      <title>{`${category.brand} · ReCell`}</title>
      <PageHeading className="text-3xl font-bold sm:text-4xl">{category.brand}</PageHeading>
      <CategoryBrowser key={category.id} category={category} />
    </div>
  );
}

export default CategoryPage;
