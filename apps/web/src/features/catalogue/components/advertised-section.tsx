import { webTexts } from '@recell/contract';
import { useMemo, useRef } from 'react';
import { useFocusFirstNew } from '@/lib/focus';
import { useAdvertised } from '../api/get-advertised';
import { useCardsInSlices } from '../hooks/use-cards-in-slices';
import { useBuyingActions } from './listing-actions';
import { ProductCard } from './product-card';

/**
 * Home: advertised phones, shown only when there are any (nothing while loading or on failure),
 * each with the buyer's actions (heart, Report, Book now).
 */
export function AdvertisedSection() {
  const advertised = useAdvertised();
  const buying = useBuyingActions({});
  const products = useMemo(() => advertised.data?.pages.flatMap((page) => page.items) ?? [], [advertised.data]);
  const shownProducts = useCardsInSlices(products);
  // The cards 'Show more' brings take the focus (the last page takes the button away).
  const listRef = useRef<HTMLUListElement>(null);
  const { buttonRef: moreButtonRef, willLoad } = useFocusFirstNew({
    listRef,
    count: shownProducts.length,
    itemSelector: ':scope > li',
  });
  if (products.length === 0) return null;

  return (
    <section aria-labelledby="advertised-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="advertised-heading" className="text-2xl font-bold sm:text-3xl">
        {webTexts.advertisedHeading}
      </h2>
      <ul ref={listRef} className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shownProducts.map((product) => (
          <li key={product.id} className="flex">
            <ProductCard
              product={product}
              isWishlisted={buying.isWishlisted(product.id)}
              isBooked={buying.isBooked(product.id)}
              {...buying.actions}
            />
          </li>
        ))}
      </ul>
      {advertised.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <button
            ref={moreButtonRef}
            type="button"
            className="btn btn-outline"
            disabled={advertised.isFetchingNextPage}
            onClick={() => {
              willLoad();
              void advertised.fetchNextPage();
            }}
          >
            {advertised.isFetchingNextPage ? webTexts.loading : webTexts.showMore}
          </button>
        </div>
      )}
      {buying.dialogs}
    </section>
  );
}
