import { catalogueEndpoints, type CategoryId, type ProductCondition, type ProductSort } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { listingKeys } from '@/lib/query-keys';

/** A category page's search as the API takes it (only valid values; a missing one is no filter). */
export type CategoryProductFilters = {
  q?: string;
  /** Dollars, as typed (the API parses them). */
  minPrice?: string;
  maxPrice?: string;
  condition?: ProductCondition;
  /** The phone facts, as their query-string text. */
  storage?: string;
  colour?: string;
  network?: string;
  minBattery?: string;
  model?: string;
  sort?: ProductSort;
};

/** Where a browser's phones come from: one brand, or every brand (the search page). */
export type CatalogueScope = CategoryId | 'all';

const getCategoryProducts = (
  scope: CatalogueScope,
  filters: CategoryProductFilters,
  cursor: string | null,
  signal?: AbortSignal,
) =>
  scope === 'all'
    ? callApi(catalogueEndpoints.searchProducts, { query: { ...filters, cursor }, signal })
    : callApi(catalogueEndpoints.categoryProducts, { params: { id: scope }, query: { ...filters, cursor }, signal });

/**
 * GET /api/categories/:id/products, or GET /api/search for every brand ('all'): the phones for
 * sale matching the search, a page at a time (`nextCursor`). While a new search loads, the
 * previous results of the same category stay.
 */
export const categoryProductsQuery = (categoryId: CatalogueScope, filters: CategoryProductFilters) =>
  pagedQuery(listingKeys.categoryProducts(categoryId, filters), (cursor, signal) =>
    getCategoryProducts(categoryId, filters, cursor, signal),
  );

export const useCategoryProducts = (categoryId: CatalogueScope, filters: CategoryProductFilters) =>
  useInfiniteQuery({
    ...categoryProductsQuery(categoryId, filters),
    // (TanStack's keepPreviousData, limited to the same category.)
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === categoryId ? previous : undefined),
  });
