export { categoriesQuery, getCategories, useCategories } from './api/get-categories';
export { advertisedQuery, getAdvertised, useAdvertised } from './api/get-advertised';
export { AdvertisedSection } from './components/advertised-section';
export { CategoriesSection } from './components/categories-section';
export { CategoriesFrame, CategoriesSkeleton } from './components/categories-skeleton';
export { CategoryCard } from './components/category-card';
export { ProductCard, type ProductCardProps } from './components/product-card';
