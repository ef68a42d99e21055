/** Query keys of the Payouts pages' caches (all under 'payouts'). */
export const payoutKeys = {
  /** The seller's payout account, balances and sales (GET /api/me/payouts). */
  mine: ['payouts', 'mine'] as const,
};
