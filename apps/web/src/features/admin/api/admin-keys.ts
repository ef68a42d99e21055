import type { ContactMessageView } from '@recell/contract';

/** Query keys of the admin's screens (prefixes first, so one call invalidates a whole screen). */
export const adminKeys = {
  all: ['admin'] as const,
  usersAll: ['admin', 'users'] as const,
  users: (role: 'user' | 'seller') => ['admin', 'users', role] as const,
  usersSearch: (role: 'user' | 'seller', q: string) => ['admin', 'users', role, { q }] as const,
  reports: ['admin', 'reports'] as const,
  listingReviews: ['admin', 'listing-reviews'] as const,
  verificationPhoto: (productId: string) => ['admin', 'verification-photo', productId] as const,
  audit: ['admin', 'audit'] as const,
  outbox: ['admin', 'outbox'] as const,
  orderProblems: ['admin', 'order-problems'] as const,
  returns: ['admin', 'returns'] as const,
  missedDropOffs: ['admin', 'missed-drop-offs'] as const,
  finance: ['admin', 'finance'] as const,
  contactMessagesAll: ['admin', 'contact-messages'] as const,
  contactMessages: (view: ContactMessageView) => ['admin', 'contact-messages', view] as const,
};
