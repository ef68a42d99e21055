import { listingTexts } from '@recell/contract';
import { useLocation } from 'react-router';
import { PageHeading } from '@/components/ui/page';
import { CategoryBrowser } from '@/features/catalogue';

/**
 * The header search's page (behind RequireAuth, like the category pages): every brand's phones
 * with the category page's search, filters, sorts and paging, all in the URL (`/search?q=…`).
 */
function SearchPage() {
  const q = new URLSearchParams(useLocation().search).get('q')?.trim() ?? '';
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
      <title>{`${listingTexts.searchPageTitle} · ReCell`}</title>
      <PageHeading className="text-3xl font-bold break-words sm:text-4xl">
        {listingTexts.searchPageHeading(q)}
      </PageHeading>
      <CategoryBrowser />
    </div>
  );
}

export default SearchPage;
