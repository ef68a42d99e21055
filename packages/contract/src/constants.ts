/** Business constants of the spec (§9) and the numbers the web and API share. */

export const categoryIds = ['1', '2', '3'] as const;
export type CategoryId = (typeof categoryIds)[number];
export const categoryBrands: Record<CategoryId, string> = { '1': 'Apple', '2': 'Xiaomi', '3': 'Samsung' };

export const passwordMinLength = 6;
export const roles = ['user', 'seller', 'admin'] as const;
export type Role = (typeof roles)[number];
export const signupRoles = ['user', 'seller'] as const;

/**
 * A listing's states: 'pending_review' waits for an admin (a seller without enough completed sales,
 * docs/decisions/0068), 'rejected' was refused with a reason; neither is public.
 */
export const productStatuses = ['available', 'sold', 'removed', 'pending_review', 'rejected'] as const;
export type ProductStatus = (typeof productStatuses)[number];
export const orderStatuses = ['booked', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/**
 * A paid order's progress: the seller hands the phone over or ships it, then it completes. A
 * tracked parcel (a bought label) moves on as its carrier reports it: shipped → in_transit →
 * delivered, or returned_to_sender / lost (docs/decisions/0072).
 */
export const orderProgresses = [
  'awaiting_handover',
  'handed_over',
  'shipped',
  'in_transit',
  'delivered',
  'returned_to_sender',
  'lost',
  'completed',
] as const;
export type OrderProgress = (typeof orderProgresses)[number];

export const pageSize = { default: 24, max: 100 } as const;

/** Home banner carousel (docs/product.md, Constants). */
export const carousel = { autoplayMs: 2000, transitionMs: 1000, slidesPerView: 1 } as const;

/** Data fetching (docs/product.md, Constants): 3 retries, exponential delay from 1 s capped at 30 s, 5 min cache. */
export const queryDefaults = {
  retry: 3,
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
  cacheMs: 5 * 60_000,
} as const;
export const retryDelayMs = (attempt: number) =>
  Math.min(queryDefaults.retryBaseMs * 2 ** attempt, queryDefaults.retryMaxMs);

/** Notifications (docs/product.md, Constants). */
export const toastDefaults = { successMs: 2000, errorMs: 4000, plainMs: 4000, maxVisible: 20 } as const;

/** Lazily loaded script chunks give up after this long (docs/product.md, Constants). */
export const chunkLoadTimeoutMs = 120_000;

/**
 * The cookie a person's picked colour theme is kept in ('light' or 'dark'): the web sets it, the
 * server reads it to send a page already in that theme.
 */
export const themeCookie = 'recell-theme';

/**
 * Set beside the refresh cookie (which only /api/auth sees) and cleared with it: it tells the
 * server a page request comes from someone signed in, so a signed-in page may be sent rendered
 * with its data. It proves nothing: the page's data is public and the session is checked as usual.
 */
export const signedInHintCookie = 'recell-signed-in';

/** What a brand's page and the search read from their address: the filters and the sort (apps/web's use-category-search). */
const browseQueryParams = [
  'q',
  'minPrice',
  'maxPrice',
  'colour',
  'model',
  'condition',
  'storage',
  'network',
  'minBattery',
  'sort',
] as const;

/**
 * The query parameters each page the server renders reads from its address. The server renders
 * and keeps a page by its path and these alone, in this order: any other parameter changes nothing
 * on the page, so it must not make the server render it again. A phone's page and a seller's page
 * read none.
 */
export const renderedPageQueryParams: Readonly<Record<string, readonly string[]>> = {
  '/categories/:id': browseQueryParams,
  '/search': browseQueryParams,
  '/products/:id': [],
  '/sellers/:id': [],
};
