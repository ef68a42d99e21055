// What route loaders start while a page's code downloads (see catalogue/queries.ts).
export { myOrdersQuery } from './api/get-my-orders';
export { mySalesQuery } from './api/get-my-sales';
export { orderDetailsQuery } from './api/get-order-details';
export { myWishlistQuery } from './api/get-my-wishlist';
