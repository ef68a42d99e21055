/**
 * The listing endpoints (paths under /api). Apart from config/api-paths.ts, which the session code
 * brings into every first load: only the lazily loaded category, details and dashboard pages call
 * these (a module is bundled whole into the first chunk that needs it).
 */
export const listingApiPaths = {
  products: '/products',
  myProducts: '/me/products',
  product: (id: string) => `/products/${encodeURIComponent(id)}` as const,
  advertise: (id: string) => `/products/${encodeURIComponent(id)}/advertise` as const,
  categoryProducts: (categoryId: string) => `/categories/${encodeURIComponent(categoryId)}/products` as const,
} as const;
