export { AddProductForm } from './components/add-product-form';
export { MyProductsTable } from './components/my-products-table';
