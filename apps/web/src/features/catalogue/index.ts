export { useCategories } from './api/get-categories';
export { AdvertisedSection } from './components/advertised-section';
export { CategoriesSection } from './components/categories-section';
export { CategoriesFrame, CategoriesSkeleton } from './components/categories-skeleton';
export { useProduct } from './api/get-product';
export { CategoryBrowser } from './components/category-browser';
export { ProductDetails } from './components/product-details';
// Route loaders start these while a page's code downloads.
export { categoriesQuery } from './api/get-categories';
export { advertisedQuery } from './api/get-advertised';
export { categoryProductsQuery } from './api/get-category-products';
export { productQuery } from './api/get-product';
export { categoryFiltersFromUrl } from './hooks/use-category-search';
