/**
 * API endpoints the web calls (paths under /api). Apart from config/paths.ts so the page paths in
 * the first load do not carry them (a module is bundled whole into the first chunk that needs it).
 */
export const apiPaths = {
  categories: '/categories',
  advertised: '/advertised',
  login: '/auth/login',
  refresh: '/auth/refresh',
  logout: '/auth/logout',
  signup: '/auth/signup',
  authProviders: '/auth/providers',
  me: '/me',
  uploads: '/uploads',
} as const;

/** Where a social sign-in starts (a page the browser opens, not a fetch). */
export const socialSignInUrl = (provider: 'google' | 'github', next: string, mode: 'popup' | 'redirect') =>
  `/api/auth/${provider}?${new URLSearchParams({ next, mode }).toString()}`;
