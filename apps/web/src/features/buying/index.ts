export { useListingBuying } from './components/use-listing-buying';
export { MyOrdersTable } from './components/my-orders-table';
export { MyWishlistTable } from './components/my-wishlist-table';
export { MySalesTable } from './components/my-sales-table';
