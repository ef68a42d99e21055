export { useListingBuying } from './components/use-listing-buying';
export { MyOrdersTable } from './components/my-orders-table';
export { MyWishlistTable } from './components/my-wishlist-table';
export { MySalesTable } from './components/my-sales-table';
export { myOrdersQuery } from './api/get-my-orders';
export { mySalesQuery } from './api/get-my-sales';
export { myWishlistQuery } from './api/get-my-wishlist';
