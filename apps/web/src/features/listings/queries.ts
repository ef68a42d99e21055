// What route loaders start while a page's code downloads (see catalogue/queries.ts).
export { myProductsQuery } from './api/get-my-products';
