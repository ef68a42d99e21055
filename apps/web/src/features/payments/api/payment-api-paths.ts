/**
 * The payment endpoints (paths under /api). In the feature, not in config/: only the lazily loaded
 * payment page calls them (a module is bundled whole into the first chunk that needs it).
 */
export const paymentApiPaths = {
  order: (orderId: string) => `/orders/${encodeURIComponent(orderId)}` as const,
  config: '/payments/config',
  paymentIntent: (orderId: string) => `/orders/${encodeURIComponent(orderId)}/payment-intent` as const,
  pay: (orderId: string) => `/orders/${encodeURIComponent(orderId)}/pay` as const,
  /** The built-in test-mode processor's confirmation (Stripe's own is made by Stripe.js). */
  testConfirm: (paymentIntentId: string) =>
    `/test-processor/payment-intents/${encodeURIComponent(paymentIntentId)}/confirm` as const,
} as const;
