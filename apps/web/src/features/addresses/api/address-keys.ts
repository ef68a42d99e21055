/** Query keys of the addresses' caches (all under 'addresses'). */
export const addressKeys = {
  /** The caller's delivery addresses (GET /api/me/addresses): the Addresses page and the booking's picker. */
  mine: ['addresses', 'mine'] as const,
};
