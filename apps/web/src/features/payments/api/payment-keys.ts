/** Query keys of the payment page's caches (all under 'payments'). */
export const paymentKeys = {
  all: ['payments'] as const,
  /** One order of the buyer (GET /api/orders/:id), as the payment page shows it. */
  order: (orderId: string) => ['payments', 'order', orderId] as const,
  /** Which processor the page talks to. */
  config: ['payments', 'config'] as const,
  /** The order's payment intent, created once per visit of the page. */
  intent: (orderId: string) => ['payments', 'intent', orderId] as const,
  /** The buyer's receipt of a paid order. */
  receipt: (orderId: string) => ['payments', 'receipt', orderId] as const,
};
