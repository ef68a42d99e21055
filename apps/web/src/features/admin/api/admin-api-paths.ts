/**
 * The admin endpoints (paths under /api). In the admin feature, not config/: only the lazily loaded
 * admin pages call them (a module is bundled whole into the first chunk that needs it).
 */
export const adminApiPaths = {
  users: '/admin/users',
  user: (id: string) => `/admin/users/${encodeURIComponent(id)}` as const,
  verifySeller: (id: string) => `/admin/sellers/${encodeURIComponent(id)}/verify` as const,
  reports: '/admin/reports',
  reportedProduct: (productId: string) => `/admin/reports/${encodeURIComponent(productId)}` as const,
  dismissReports: (productId: string) => `/admin/reports/${encodeURIComponent(productId)}/dismiss` as const,
  audit: '/admin/audit',
} as const;

/** `path` with the query parameters that are set. */
export const withQuery = <P extends `/${string}`>(path: P, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? (`${path}?${search}` as const) : path;
};
