/**
 * The limits of an order's progress, in a module of their own without schemas: the texts that
 * quote them, and the pages that show those texts, then carry no zod (the web's browsing pages
 * load none).
 */
export const orderProgressLimits = {
  trackingNote: 200,
  problemReason: 1000,
  /** A handed-over or shipped order completes on its own this long after the hand-over. */
  autoCompleteDays: 7,
  /** The buyer may report a problem this long after the hand-over. */
  problemWindowHours: 48,
  /** A refund the processor could not be reached for is tried this often (over about four hours), then it failed. */
  refundAttempts: 10,
} as const;
