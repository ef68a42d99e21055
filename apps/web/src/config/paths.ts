import type { Location } from 'react-router';

/**
 * Every route of the web app, typed. Route definitions use `pattern`; links call `to(...)`.
 * No URL is typed by hand anywhere else.
 */
export const paths = {
  home: { pattern: '/', to: () => '/' },
  homeAlias: { pattern: '/home', to: () => '/home' },
  about: { pattern: '/about', to: () => '/about' },
  blogs: { pattern: '/blogs', to: () => '/blogs' },
  login: { pattern: '/login', to: () => '/login' },
  signup: { pattern: '/signup', to: () => '/signup' },
  forgotPassword: { pattern: '/forgot-password', to: () => '/forgot-password' },
  resetPassword: { pattern: '/reset-password', to: () => '/reset-password' },
  confirmEmail: { pattern: '/confirm-email', to: () => '/confirm-email' },
  profile: { pattern: '/profile', to: () => '/profile' },
  category: { pattern: '/categories/:id', to: (id: string) => `/categories/${encodeURIComponent(id)}` },
  product: { pattern: '/products/:id', to: (id: string) => `/products/${encodeURIComponent(id)}` },
  authComplete: { pattern: '/auth/complete', to: () => '/auth/complete' },
  dashboard: { pattern: '/dashboard', to: () => '/dashboard' },
} as const;

/** Where a sign-in page sends the user back to (`navigate(paths.login.to(), { state: { from } })`). */
export type FromLocationState = { from?: Location };
