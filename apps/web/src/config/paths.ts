import type { SignInReason } from '@recell/contract';
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
  checkEmail: { pattern: '/check-your-email', to: () => '/check-your-email' },
  profile: { pattern: '/profile', to: () => '/profile' },
  category: { pattern: '/categories/:id', to: (id: string) => `/categories/${encodeURIComponent(id)}` },
  search: { pattern: '/search', to: () => '/search' },
  product: { pattern: '/products/:id', to: (id: string) => `/products/${encodeURIComponent(id)}` },
  seller: { pattern: '/sellers/:id', to: (id: string) => `/sellers/${encodeURIComponent(id)}` },
  authComplete: { pattern: '/auth/complete', to: () => '/auth/complete' },
  dashboard: { pattern: '/dashboard', to: () => '/dashboard' },
  notifications: { pattern: '/notifications', to: () => '/notifications' },
  unsubscribe: { pattern: '/unsubscribe', to: () => '/unsubscribe' },
} as const;

/**
 * The pages scripts/prerender.mjs writes as HTML at build time (the public ones, the same for
 * everyone); the server answers them with that HTML.
 */
export const prerenderedPatterns: readonly string[] = [
  paths.home.pattern,
  paths.homeAlias.pattern,
  paths.about.pattern,
  paths.blogs.pattern,
  paths.login.pattern,
  paths.signup.pattern,
];

/**
 * Every other page of the app: the server answers them with the site's frame, which the app
 * renders over. An address in neither list is the 404 page, so each new route belongs in one.
 */
export const framePatterns: readonly string[] = [
  paths.forgotPassword.pattern,
  paths.resetPassword.pattern,
  paths.confirmEmail.pattern,
  paths.checkEmail.pattern,
  paths.category.pattern,
  paths.search.pattern,
  paths.product.pattern,
  paths.seller.pattern,
  paths.profile.pattern,
  paths.authComplete.pattern,
  paths.dashboard.pattern,
  `${paths.dashboard.pattern}/*`,
  paths.notifications.pattern,
  paths.unsubscribe.pattern,
];

/**
 * Where a sign-in page sends the user back to (`navigate(paths.login.to(), { state: { from } })`),
 * and what they were about to do there (the login page says why it asks).
 */
export type FromLocationState = { from?: Location; reason?: SignInReason };
