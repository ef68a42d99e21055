/**
 * Query keys of the listings' caches, in one place: a change in one screen (a phone added,
 * advertised or removed) invalidates what the other screens show.
 */
export const listingKeys = {
  /** Home: advertised phones still for sale. */
  advertised: ['advertised'] as const,
  /** Every category page's results (prefix of each search's own key). */
  categoryProductsAll: ['category-products'] as const,
  categoryProducts: (categoryId: string, filters: object) => ['category-products', categoryId, filters] as const,
  /** A phone's details page. */
  product: (id: string) => ['product', id] as const,
  /** The seller's My Products. */
  myProducts: ['my-products'] as const,
};
