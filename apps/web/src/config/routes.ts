import type { SignInReason } from '@recell/contract';

/**
 * How the server answers a page's address (the build writes what it needs; decisions 0028, 0047, 0048):
 * - `prerendered`: HTML written at build time, the same for everyone; React takes it over as it is.
 * - `frame` (the default): the site's frame, which the app renders the page over.
 * - `frameWithCode`: the frame plus the page's own chunks (and, when the page's data module says
 *   which, its first API calls), so the browser fetches them with the entry.
 * - `rendered`: rendered by the server with its first data: for everyone on a public page (a phone's
 *   or a seller's page, opened from shared links), and with the signed-in hint on a page for
 *   signed-in people (`signedIn`); otherwise as `frameWithCode` (decisions 0048, 0077).
 */
export type Served = 'prerendered' | 'frame' | 'frameWithCode' | 'rendered';

export type RouteEntry = {
  /** The address, as React Router matches it (`:id` one segment). */
  readonly path: string;
  /**
   * The page: `app/routes/<page>.tsx`, whose default export renders it, in a chunk of its own
   * (the home page alone is in the first load). `app/routes/<page>.data.ts`, if there, starts the
   * page's first queries with the address, in parallel with its code.
   */
  readonly page: string;
  /** Signed-in people only; visitors go to log in (told `reason` when given) and come back. */
  readonly signedIn?: true | SignInReason;
  readonly served?: Served;
  /** Without the site's header and footer. */
  readonly bare?: true;
  /** The page routes the addresses under it itself (`<path>/*`). */
  readonly nested?: true;
};

/**
 * Every page of the web app, in one place: its address, its code, who may see it and how the
 * server answers it. The router, the data started with each address, the prerendered pages, the
 * frames and the server-rendered pages are all built from this table (docs/ARCHITECTURE.md, Web;
 * decision 0059). An address no entry matches is the 404 page.
 */
export const routeTable = {
  home: { path: '/', page: 'home', served: 'prerendered' },
  homeAlias: { path: '/home', page: 'home', served: 'prerendered' },
  about: { path: '/about', page: 'about', served: 'prerendered' },
  blogs: { path: '/blogs', page: 'blogs', served: 'prerendered' },
  login: { path: '/login', page: 'login', served: 'prerendered' },
  signup: { path: '/signup', page: 'signup', served: 'prerendered' },
  forgotPassword: { path: '/forgot-password', page: 'forgot-password' },
  resetPassword: { path: '/reset-password', page: 'reset-password' },
  confirmEmail: { path: '/confirm-email', page: 'confirm-email' },
  unsubscribe: { path: '/unsubscribe', page: 'unsubscribe' },
  // A phone's page and a seller's page open from a shared link; their actions ask to log in.
  product: { path: '/products/:id', page: 'product', served: 'rendered' },
  seller: { path: '/sellers/:id', page: 'seller', served: 'rendered' },
  // Signed-in users only (docs/product.md, Screens); visitors go to login, told why, and come back.
  category: { path: '/categories/:id', page: 'category', signedIn: 'brand', served: 'rendered' },
  search: { path: '/search', page: 'search', signedIn: 'search', served: 'rendered' },
  profile: { path: '/profile', page: 'profile', signedIn: true },
  checkEmail: { path: '/check-your-email', page: 'check-your-email', signedIn: true },
  notifications: { path: '/notifications', page: 'notifications', signedIn: true },
  dashboard: { path: '/dashboard', page: 'dashboard/dashboard-routes', signedIn: true, nested: true },
  // Where a social sign-in lands: no site chrome (it is often a popup that closes at once).
  authComplete: { path: '/auth/complete', page: 'auth-complete', bare: true },
} as const satisfies Record<string, RouteEntry>;

export type RouteName = keyof typeof routeTable;
