import {
  commonCarriers,
  listingLimits,
  listingTexts,
  minBatteryOptions,
  productConditions,
  productSorts,
  storageOptionsGb,
  unlockedNetwork,
  webTexts,
  type Category,
  type ListedProduct,
} from '@recell/contract';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SelectField, TextField } from '@/components/ui/form';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { UntilHydrated } from '@/components/ui/until-hydrated';
import { useFocusFirstNew } from '@/lib/focus';
import { useCategoryProducts } from '../api/get-category-products';
import { useCardsInSlices } from '../hooks/use-cards-in-slices';
import { useCategorySearch } from '../hooks/use-category-search';
import { useBuyingActions, type ListingActionHandlers } from './listing-actions';
import { ProductCard } from './product-card';

const conditionOptions = productConditions.map((condition) => ({ value: condition, label: condition }));
const sortOptions = productSorts.map((sort) => ({ value: sort, label: listingTexts.sortNames[sort] }));
const storageOption = (gb: number) => ({ value: String(gb), label: listingTexts.storageValue(gb) });

/**
 * The Storage filter's sizes: those the scope's phones for sale come in, as the first page says
 * (every size sellers pick from until it does), and the one chosen even when no phone has it now.
 */
const storageOptionsOf = (sizes: readonly number[] | undefined, chosen: string) =>
  storageOptionsGb
    .filter((gb) => sizes === undefined || sizes.includes(gb) || String(gb) === chosen)
    .map(storageOption);
const networkOptions = [
  { value: unlockedNetwork, label: listingTexts.unlockedOption },
  ...commonCarriers.map((carrier) => ({ value: carrier, label: listingTexts.lockedToOption(carrier) })),
];
const batteryOptions = minBatteryOptions.map((percent) => ({
  value: String(percent),
  label: listingTexts.minBatteryOption(percent),
}));

const noProducts: ListedProduct[] = [];

/** The options, plus the URL's own value when it is none of them (a carrier typed into the address). */
const withCurrent = (options: { value: string; label: string }[], current: string, label: (value: string) => string) =>
  current === '' || options.some((option) => option.value.toLowerCase() === current.toLowerCase())
    ? options
    : [...options, { value: current, label: label(current) }];

/**
 * A category's phones, or every brand's (no `category`: the search page): a search form (words,
 * price range, condition, the phone facts, order) whose state lives in the URL, and the matching
 * phones a page at a time, each with the buyer's actions (heart, Report, Book now). On a phone the
 * fact filters fold behind a Filters button.
 */
export function CategoryBrowser({
  category,
  ...handlers
}: { category?: Category | undefined } & ListingActionHandlers) {
  const search = useCategorySearch();
  const buying = useBuyingActions(handlers);
  const results = useCategoryProducts(category?.id ?? 'all', search.filters);
  const resultsHeadingId = useId();
  const factsId = useId();
  const [areFactsOpen, setFactsOpen] = useState(false);
  const products = useMemo(() => results.data?.pages.flatMap((page) => page.items) ?? noProducts, [results.data]);
  const firstPage = results.data?.pages[0];
  const suggestion = firstPage?.suggestion;
  const shownProducts = useCardsInSlices(products);
  const { draft, selects, errors } = search;
  // The cards 'Load more' brings take the focus; the result count below says how many there are.
  const listRef = useRef<HTMLUListElement>(null);
  const { buttonRef: moreButtonRef, willLoad } = useFocusFirstNew({
    listRef,
    count: shownProducts.length,
    itemSelector: ':scope > li',
  });
  const loadMore = () => {
    willLoad();
    void results.fetchNextPage();
  };

  return (
    <>
      <form
        role="search"
        aria-label={listingTexts.searchLabel}
        noValidate
        className="mt-6 grid grid-cols-2 gap-x-3 gap-y-4 rounded-2xl border border-slate-200 bg-white p-4 lg:grid-cols-[minmax(0,3fr)_repeat(2,minmax(0,1fr))_minmax(0,1.3fr)_minmax(0,1.5fr)] lg:items-start dark:border-slate-800 dark:bg-slate-900"
        onSubmit={(event) => {
          event.preventDefault();
          search.commit();
        }}
      >
        <UntilHydrated>
          <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
            <div className="min-w-0 flex-1">
              <TextField
                label={listingTexts.searchLabel}
                type="search"
                enterKeyHint="search"
                autoComplete="off"
                maxLength={listingLimits.searchMaxLength}
                placeholder={listingTexts.searchPlaceholder}
                value={draft.q}
                onChange={(event) => {
                  search.setText('q', event.target.value);
                }}
                onBlur={search.commit}
              />
            </div>
            <button type="submit" className="btn btn-primary">
              {listingTexts.searchButton}
            </button>
          </div>
          {(['minPrice', 'maxPrice'] as const).map((name) => (
            <TextField
              key={name}
              label={listingTexts[name]}
              inputMode="decimal"
              autoComplete="off"
              error={errors[name]}
              value={draft[name]}
              onChange={(event) => {
                search.setText(name, event.target.value);
              }}
              onBlur={search.commit}
            />
          ))}
          <div className="col-span-2 sm:col-span-1">
            <SelectField
              label={listingTexts.condition}
              placeholder={listingTexts.anyCondition}
              options={conditionOptions}
              value={selects.condition}
              onChange={(event) => {
                const condition = productConditions.find((known) => known === event.target.value);
                search.setSelect({ condition: condition ?? '' });
              }}
            />
          </div>
          <div className="col-span-2 sm:col-span-1">
            <SelectField
              label={listingTexts.sortLabel}
              options={sortOptions}
              value={selects.sort}
              onChange={(event) => {
                const sort = productSorts.find((known) => known === event.target.value);
                if (sort) search.setSelect({ sort });
              }}
            />
          </div>
          <div className="col-span-2 sm:hidden">
            <button
              type="button"
              className="btn btn-outline w-full"
              aria-expanded={areFactsOpen}
              aria-controls={factsId}
              onClick={() => {
                setFactsOpen((open) => !open);
              }}
            >
              {search.factCount > 0 ? listingTexts.filtersActive(search.factCount) : listingTexts.filtersButton}
            </button>
          </div>
          <div
            id={factsId}
            className={`${areFactsOpen ? 'grid' : 'hidden'} col-span-2 grid-cols-2 gap-x-3 gap-y-4 sm:grid sm:grid-cols-3 lg:col-span-5 lg:grid-cols-5`}
          >
            <SelectField
              label={listingTexts.storageFilter}
              placeholder={listingTexts.anyStorage}
              options={storageOptionsOf(firstPage?.storageSizesGb, selects.storage)}
              value={selects.storage}
              onChange={(event) => {
                search.setSelect({ storage: event.target.value });
              }}
            />
            <SelectField
              label={listingTexts.networkFilter}
              placeholder={listingTexts.anyNetwork}
              options={withCurrent(networkOptions, selects.network, listingTexts.lockedToOption)}
              value={
                networkOptions.find((option) => option.value.toLowerCase() === selects.network.toLowerCase())?.value ??
                selects.network
              }
              onChange={(event) => {
                search.setSelect({ network: event.target.value });
              }}
            />
            <SelectField
              label={listingTexts.minBatteryFilter}
              placeholder={listingTexts.anyBattery}
              options={withCurrent(batteryOptions, selects.minBattery, (value) =>
                listingTexts.minBatteryOption(Number(value)),
              )}
              value={selects.minBattery}
              onChange={(event) => {
                search.setSelect({ minBattery: event.target.value });
              }}
            />
            {(['colour', 'model'] as const).map((name) => (
              <TextField
                key={name}
                label={name === 'colour' ? listingTexts.colourFilter : listingTexts.modelFilter}
                placeholder={
                  name === 'colour' ? listingTexts.colourFilterPlaceholder : listingTexts.modelFilterPlaceholder
                }
                autoComplete="off"
                maxLength={listingLimits.maxLength[name]}
                value={draft[name]}
                onChange={(event) => {
                  search.setText(name, event.target.value);
                }}
                onBlur={search.commit}
              />
            ))}
          </div>
        </UntilHydrated>
      </form>

      <section aria-labelledby={resultsHeadingId} className="mt-8">
        {/* The results' heading, for screen readers: the cards' h3 names then sit below an h2. */}
        <h2 id={resultsHeadingId} className="sr-only">
          {category ? listingTexts.resultsLabel(category.brand) : listingTexts.allBrandsResults}
        </h2>
        {results.isPending ? (
          <Spinner />
        ) : results.isError && products.length === 0 ? (
          <LoadError error={results.error} onRetry={() => void results.refetch()} />
        ) : (
          <>
            <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
              {products.length > 0
                ? listingTexts.resultCount(products.length, results.hasNextPage)
                : search.hasFilters
                  ? listingTexts.noMatches
                  : category
                    ? listingTexts.emptyCategory
                    : listingTexts.emptyCatalogue}
            </p>
            {products.length === 0 && search.hasFilters && (
              <div className="mt-4 rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
                {suggestion && (
                  <p className="mb-3 text-lg">
                    <Link to={search.withWords(suggestion)} className="link font-semibold underline">
                      {listingTexts.didYouMean(suggestion)}
                    </Link>
                  </p>
                )}
                <p className="text-slate-600 dark:text-slate-300">{listingTexts.noMatchesHint}</p>
                <button type="button" className="btn btn-outline mt-4" onClick={search.clear}>
                  {listingTexts.clearFilters}
                </button>
              </div>
            )}
            {products.length > 0 && (
              <ul
                ref={listRef}
                className={`mt-4 grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${results.isPlaceholderData ? 'opacity-60' : ''}`}
                aria-busy={results.isPlaceholderData || undefined}
              >
                {shownProducts.map((product, index) => (
                  <li key={product.id} className="flex">
                    <ProductCard
                      product={product}
                      imageLoading={index === 0 ? 'eager' : 'lazy'}
                      isWishlisted={buying.isWishlisted(product.id)}
                      isBooked={buying.isBooked(product.id)}
                      {...buying.actions}
                    />
                  </li>
                ))}
              </ul>
            )}
            {results.hasNextPage && (
              <div className="mt-8 flex justify-center">
                <UntilHydrated>
                  <button
                    ref={moreButtonRef}
                    type="button"
                    className="btn btn-outline"
                    disabled={results.isFetchingNextPage}
                    aria-busy={results.isFetchingNextPage || undefined}
                    onClick={loadMore}
                  >
                    {results.isFetchingNextPage ? webTexts.loading : listingTexts.loadMore}
                  </button>
                </UntilHydrated>
              </div>
            )}
            {results.isFetchNextPageError && (
              <div className="mt-4">
                <LoadError error={results.error} onRetry={loadMore} />
              </div>
            )}
          </>
        )}
      </section>
      {buying.dialogs}
    </>
  );
}
