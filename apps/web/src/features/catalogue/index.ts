export { useCategories } from './api/get-categories';
export { AdvertisedSection } from './components/advertised-section';
export { CategoriesSection } from './components/categories-section';
export { CategoriesFrame, CategoriesSkeleton } from './components/categories-skeleton';
export { useProduct } from './api/get-product';
export { CategoryBrowser } from './components/category-browser';
export { ProductDetails } from './components/product-details';
