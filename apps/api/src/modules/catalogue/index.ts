/** The catalogue module's door (docs/ARCHITECTURE.md): public browsing, search and the listing view. */
export { searchLexemeStats, type BrowseFilters, type BrowseSort } from './catalogue.repository.ts';
export { catalogueRoutes, pageCacheTtlMs, storageSizesTtlMs } from './catalogue.routes.ts';
export {
  factEstimate,
  factTokensToRead,
  matchShareBound,
  searchWindowRows,
  type SearchPlan,
} from './catalogue.plan.ts';
export { listCategoryProducts, searchProducts, toListedProduct, toPublicProduct } from './catalogue.service.ts';
export { listingFor, listingPageFor } from './seller-email.ts';
