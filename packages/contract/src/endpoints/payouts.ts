import type { PayoutAccountSchema, PayoutOnboardingSchema, PayoutsSchema, TestOnboardingSchema } from '../payouts.ts';
import { endpoint } from './endpoint.ts';

/** A seller's payouts: their payout account and where each sale's money stands. */
export const payoutEndpoints = {
  myPayouts: endpoint<{ response: typeof PayoutsSchema }>()({
    method: 'GET',
    path: '/me/payouts',
    status: 200,
    auth: ['seller'],
  }),
  /** Makes the payout account if there is none, and answers where its setup is finished or fixed. */
  startOnboarding: endpoint<{ response: typeof PayoutOnboardingSchema }>()({
    method: 'POST',
    path: '/me/payout-account/onboarding',
    status: 200,
    auth: ['seller'],
  }),
  /** The built-in test-mode processor's onboarding page posts the outcome the seller picked. */
  finishTestOnboarding: endpoint<{ body: typeof TestOnboardingSchema; response: typeof PayoutAccountSchema }>()({
    method: 'POST',
    path: '/test-processor/payout-account/onboarding',
    status: 200,
    auth: ['seller'],
  }),
} as const;
