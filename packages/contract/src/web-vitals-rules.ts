/**
 * Real-user Core Web Vitals (docs/decisions/0081): what a sampled visit reports, with no schema
 * library, so the web's reporter carries no zod. The report names the kind of page, never its
 * address: the labels below are the API's whole label set, and the web derives a page's label from
 * its route table (a test there holds every page to one of them).
 */

/** The metrics a visit reports, as the web-vitals library names them. */
export const webVitalsMetrics = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalsMetric = (typeof webVitalsMetrics)[number];

/** The kinds of page a report may name: the route table's pages, each dashboard page, and the 404. */
export const webVitalsPages = [
  'home',
  'about',
  'blogs',
  'login',
  'signup',
  'forgot-password',
  'reset-password',
  'confirm-email',
  'unsubscribe',
  'product',
  'seller',
  'category',
  'search',
  'profile',
  'check-your-email',
  'notifications',
  'auth-complete',
  'not-found',
  'dashboard',
  'dashboard/my-products',
  'dashboard/add-product',
  'dashboard/edit-product',
  'dashboard/my-sales',
  'dashboard/payouts',
  'dashboard/payout-test-onboarding',
  'dashboard/my-wishlist',
  'dashboard/my-orders',
  'dashboard/addresses',
  'dashboard/payment',
  'dashboard/receipt',
  'dashboard/order',
  'dashboard/order-messages',
  'dashboard/all-users',
  'dashboard/all-sellers',
  'dashboard/reported-items',
  'dashboard/listing-review',
  'dashboard/audit-log',
  'dashboard/email-outbox',
  'dashboard/order-problems',
  'dashboard/returns',
  'dashboard/missed-drop-offs',
  'dashboard/finance',
  'dashboard/contact-messages',
] as const;
export type WebVitalsPage = (typeof webVitalsPages)[number];

/**
 * The largest value believed. Times are milliseconds, as the browser measures them: past five
 * minutes a figure says nothing about the page (web-vitals stops at the first hide). CLS is a sum of
 * layout-shift scores: a page that shifts whole, again and again, stays far below 10.
 */
export const webVitalsMaxValue: Record<WebVitalsMetric, number> = {
  LCP: 300_000,
  INP: 300_000,
  CLS: 10,
  FCP: 300_000,
  TTFB: 300_000,
};
