export { AddProductForm } from './components/add-product-form';
export { EditProductForm } from './components/edit-product-form';
export { MyProductsTable } from './components/my-products-table';
export { useReplacePhotos } from './api/replace-photos';
