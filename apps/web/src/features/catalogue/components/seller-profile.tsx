import { listingTexts, sellerTexts, webTexts, type SellerProfile } from '@recell/contract';
import { lazy, Suspense, useId, useMemo, useRef } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { LoadError } from '@/components/ui/load-error';
import { PageHeading } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useFocusFirstNew } from '@/lib/focus';
import { loadChunk } from '@/lib/load-chunk';
import { listingKeys } from '@/lib/query-keys';
import { useSellerProducts } from '../api/get-seller';
import { useCardsInSlices } from '../hooks/use-cards-in-slices';

import { useBuyingActions, useSignedInAnswer } from './listing-actions';
import { ProductCard } from './product-card';
import { SellerRatingSummary, VerifiedBadge } from './verified-badge';

// The ratings list comes after the phones: its code loads with it, not before the page.
const SellerRatings = lazy(() => loadChunk(() => import('./seller-ratings')));

/**
 * A seller's page: their name, picture (or initial), verified mark and since when they are a
 * member, their rating summary, then their phones for sale a page at a time, as cards with the
 * viewer's actions, and their ratings.
 */
export function SellerProfileView({ seller }: { seller: SellerProfile }) {
  const products = useSellerProducts(seller.id);
  const buying = useBuyingActions({});
  const listingsHeadingId = useId();
  const items = useMemo(() => products.data?.pages.flatMap((page) => page.items) ?? [], [products.data]);
  // The first cards come with the page (and in a page the server rendered), the rest just after.
  const shownItems = useCardsInSlices(items);
  // Rendered on the server as a visitor's page: someone signed in then gets the seller's email.
  useSignedInAnswer(listingKeys.sellerProducts(seller.id), items.length > 0 && items[0]!.seller.email === undefined);
  const listRef = useRef<HTMLUListElement>(null);
  const { buttonRef: moreButtonRef, willLoad } = useFocusFirstNew({
    listRef,
    count: shownItems.length,
    itemSelector: ':scope > li',
  });
  const loadMore = () => {
    willLoad();
    void products.fetchNextPage();
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <title>{sellerTexts.pageTitle(seller.name)}</title>
      <header className="flex items-center gap-4">
        <Avatar name={seller.name} imageUrl={seller.imageUrl} alt="" className="size-20 text-3xl" />
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <PageHeading className="text-3xl font-bold break-words sm:text-4xl">{seller.name}</PageHeading>
            {seller.isVerified && <VerifiedBadge className="size-7" />}
          </div>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{sellerTexts.memberSince(seller.memberSince)}</p>
          <div className="mt-1">
            <SellerRatingSummary average={seller.ratingAverage} count={seller.ratingCount} />
          </div>
        </div>
      </header>

      <section aria-labelledby={listingsHeadingId} className="mt-10">
        <h2 id={listingsHeadingId} className="text-2xl font-bold">
          {sellerTexts.listingsHeading}
        </h2>
        {products.isPending && <Spinner />}
        {products.isError && !products.isFetchNextPageError && (
          <div className="mt-4">
            <LoadError error={products.error} onRetry={() => void products.refetch()} />
          </div>
        )}
        {products.isSuccess && items.length === 0 && (
          <p className="mt-4 text-slate-600 dark:text-slate-400">{sellerTexts.noListings}</p>
        )}
        {items.length > 0 && (
          <ul ref={listRef} className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shownItems.map((product, index) => (
              <li key={product.id} className="flex">
                <ProductCard
                  product={product}
                  // The first card is the page's largest paint on a phone: it alone is fetched at once.
                  imageLoading={index === 0 ? 'eager' : 'lazy'}
                  isWishlisted={buying.isWishlisted(product.id)}
                  isBooked={buying.isBooked(product.id)}
                  {...buying.actions}
                />
              </li>
            ))}
          </ul>
        )}
        {products.hasNextPage && (
          <div className="mt-8 flex justify-center">
            <button
              ref={moreButtonRef}
              type="button"
              className="btn btn-outline"
              disabled={products.isFetchingNextPage}
              aria-busy={products.isFetchingNextPage || undefined}
              onClick={loadMore}
            >
              {products.isFetchingNextPage ? webTexts.loading : listingTexts.loadMore}
            </button>
          </div>
        )}
        {products.isFetchNextPageError && (
          <div className="mt-4">
            <LoadError error={products.error} onRetry={loadMore} />
          </div>
        )}
      </section>
      <Suspense fallback={<Spinner />}>
        <SellerRatings sellerId={seller.id} />
      </Suspense>
      {buying.dialogs}
    </div>
  );
}
