// What pages' data modules start while a page's code downloads (app/routes/<page>.data.ts imports
// this face of the feature alone, on the page that needs it, so other pages load none of it).
export { categoriesQuery } from './api/get-categories';
export { advertisedQuery } from './api/get-advertised';
export { categoryProductsQuery } from './api/get-category-products';
export { productQuery } from './api/get-product';
export { fairPriceQuery, productFairPriceQuestion } from './api/get-fair-price';
export { sellerQuery, sellerProductsQuery } from './api/get-seller';
export { categoryFiltersFromUrl } from './hooks/use-category-search';
