/** The products module's door (docs/ARCHITECTURE.md): a seller's listings; the owner of products. */
export {
  blockImei,
  deleteAdvertisement,
  deleteAdvertisementsOf,
  deleteAdvertisementsOfProducts,
  findDeviceOfOrder,
  findListingSellers,
  findLiveProductSeller,
  lockImei,
  lockProduct,
  lockProductForBooking,
  lockProductOfOrder,
  markBackOnSale,
  markRemoved,
  markSold,
  removeAvailableProductsOf,
} from './products.repository.ts';
export { productsRoutes } from './products.routes.ts';
export { imeiRefusalsFlagged } from './products.service.ts';
export { recheckListings, takeFlaggedListingOffSale, type RecheckDeps } from './listing-checks.service.ts';
export { listingReviewRoutes } from './listing-review.routes.ts';
