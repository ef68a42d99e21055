export { useListingBuying } from './components/use-listing-buying';
export { MyOrdersTable } from './components/my-orders-table';
export { MyWishlistTable } from './components/my-wishlist-table';
export { MySalesTable } from './components/my-sales-table';
export { OrderDetailsView } from './components/order-details-view';
export { useOrderDetails } from './api/get-order-details';
export { ListingCells, ProductCells } from './components/listing-cells';
