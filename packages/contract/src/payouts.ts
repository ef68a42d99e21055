/**
 * Paying sellers (docs/decisions/0062): a seller's payout account (Stripe Connect Express, or the
 * built-in test-mode processor's own onboarding), and each sale's share held until the order
 * completes, then sent to that account once.
 */
import { z } from './zod.ts';
import { cardProcessors } from './payments.ts';

/**
 * Where a seller's payout account stands:
 * - `not_connected`: none yet;
 * - `incomplete`: made, onboarding not finished (details not submitted);
 * - `needs_information`: the processor asks for more before it pays out (requirements due);
 * - `rejected`: the processor will not pay out to it;
 * - `ready`: payouts enabled; money is sent to it.
 */
export const payoutAccountStates = ['not_connected', 'incomplete', 'needs_information', 'rejected', 'ready'] as const;
export type PayoutAccountState = (typeof payoutAccountStates)[number];

export const PayoutAccountSchema = z
  .object({
    state: z.enum(payoutAccountStates),
    processor: z.enum(cardProcessors),
    /** What the processor still asks for, in its own words (Stripe's requirement names). */
    requirementsDue: z.array(z.string()),
  })
  .meta({ id: 'PayoutAccount' });
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

/**
 * Where a sale's money stands for its seller:
 * - `held`: the order has not completed (the buyer's protection window);
 * - `waiting_for_account`: completed, but the seller's payout account is not ready;
 * - `sending`: being transferred (or retried after a failure);
 * - `sent`: transferred to the seller's payout account;
 * - `refunded`: refunded to the buyer before it was sent (the seller gets nothing);
 * - `reversed`: refunded to the buyer after it was sent (the transfer was taken back).
 */
export const payoutSaleStates = ['held', 'waiting_for_account', 'sending', 'sent', 'refunded', 'reversed'] as const;
export type PayoutSaleState = (typeof payoutSaleStates)[number];

export const PayoutSaleSchema = z
  .object({
    orderId: z.uuid(),
    productName: z.string(),
    soldAt: z.iso.datetime({ offset: true }),
    priceCents: z.number().int(),
    feeCents: z.number().int(),
    netCents: z.number().int(),
    state: z.enum(payoutSaleStates),
    /** When the money is released: the order's completion, or (while held) when it completes by itself at the latest; null before the hand-over. */
    releaseAt: z.iso.datetime({ offset: true }).nullable(),
    /** When the transfer was made. */
    sentAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'PayoutSale' });
export type PayoutSale = z.infer<typeof PayoutSaleSchema>;

/** Money paid out of the seller's payout account to their bank, as the processor tells of it. */
export const BankPayoutSchema = z
  .object({
    id: z.string(),
    amountCents: z.number().int(),
    /** The processor's word: pending, in_transit, paid, failed, canceled. */
    status: z.string(),
    arrivalDate: z.iso.datetime({ offset: true }).nullable(),
    failureMessage: z.string().nullable(),
  })
  .meta({ id: 'BankPayout' });
export type BankPayout = z.infer<typeof BankPayoutSchema>;

/** GET /api/me/payouts: the seller's Payouts page. Every figure is the ledger's. */
export const PayoutsSchema = z
  .object({
    account: PayoutAccountSchema,
    balances: z.object({
      /** Held through the protection window, or waiting for the payout account. */
      heldCents: z.number().int(),
      /** Being transferred. */
      onTheWayCents: z.number().int(),
      /** Transferred to the payout account (less reversals). */
      paidOutCents: z.number().int(),
    }),
    /** Newest first (the most recent 1000). */
    sales: z.array(PayoutSaleSchema),
    /** Payouts to the seller's bank, newest first (the most recent 100; Stripe's schedule). */
    bankPayouts: z.array(BankPayoutSchema),
  })
  .meta({ id: 'Payouts' });
export type Payouts = z.infer<typeof PayoutsSchema>;

/** POST /api/me/payout-account/onboarding: where the seller finishes (or fixes) their setup. */
export const PayoutOnboardingSchema = z.object({ url: z.string() }).meta({ id: 'PayoutOnboarding' });
export type PayoutOnboarding = z.infer<typeof PayoutOnboardingSchema>;

/** The local page that stands in for Stripe's hosted onboarding with the test-mode processor. */
export const testOnboardingPagePath = '/dashboard/payouts/test-onboarding';

/** The test-mode processor's onboarding outcomes (as Stripe's test mode lets one choose). */
export const testOnboardingOutcomes = ['complete', 'needs_information', 'rejected'] as const;
export type TestOnboardingOutcome = (typeof testOnboardingOutcomes)[number];

/** POST /api/test-processor/payout-account/onboarding: the seller's pick on the local onboarding page. */
export const TestOnboardingSchema = z
  .object({ outcome: z.enum(testOnboardingOutcomes) })
  .meta({ id: 'TestOnboarding' });
export type TestOnboarding = z.infer<typeof TestOnboardingSchema>;

/** The payouts' refusals. */
export const payoutMessages = {
  accountRejected: 'Your payout account was rejected; contact us to find out why',
  processorUnavailable: 'The payout processor cannot be reached. Try again in a minute.',
  payoutNotFound: 'This payout was not found',
  payoutNotFailed: 'Only a failed payout can be sent again',
  payoutRefused: 'The payout processor refused this payout again; see its reason',
  payoutDelayed: 'The payout processor cannot be reached; the payout is tried again in a few minutes',
} as const;
