/**
 * Stripe Connect Express (when STRIPE_* are set): each seller has an Express account onboarded on
 * Stripe's hosted pages; a sale's share goes to it as a transfer from the sale's charge
 * (`source_transaction`, so it waits for that charge's funds rather than the platform's balance),
 * grouped by the order (`transfer_group`); a refund after release takes the money back with a
 * transfer reversal. Calls that move money carry the caller's idempotency key.
 */
import Stripe from 'stripe';
import { ProcessorUnavailableError } from '../payments/card-processor.ts';
import { createStripeClient, type StripeSettings } from '../payments/stripe-processor.ts';
import {
  PayoutRefusedError,
  type BankPayout,
  type ConnectedAccount,
  type PayoutProcessor,
} from './payout-processor.ts';

export type StripePayoutProcessor = PayoutProcessor & { readonly name: 'stripe' };

/** An account as Stripe reports it (a retrieved account, or the object of an `account.updated` event). */
export const toConnectedAccount = (account: Stripe.Account): ConnectedAccount => ({
  id: account.id,
  detailsSubmitted: account.details_submitted ?? false,
  payoutsEnabled: account.payouts_enabled ?? false,
  requirementsDue: account.requirements?.currently_due ?? [],
  disabledReason: account.requirements?.disabled_reason ?? null,
});

/** Invalid requests that another try may well get through: another request holds the same key or object. */
const transientCodes = new Set(['idempotency_key_in_use', 'lock_timeout']);

/**
 * Stripe's errors in the port's words: an outage (try again later), or a refusal no retry changes
 * (an account that cannot receive transfers, a balance too small, a transfer reversed already).
 * Anything else (a bad key, a key reused for another request) is a fault of ours and stays as it is.
 */
const translate = (error: unknown): never => {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeInvalidRequestError && transientCodes.has(error.code ?? ''))
  ) {
    throw new ProcessorUnavailableError(error.message, { cause: error });
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    throw new PayoutRefusedError(error.code ?? 'invalid_request', error.message);
  }
  throw error;
};

/** Stripe does not know the account: `resource_missing`, or (for an id that is no account of the platform's) `account_invalid`. */
const isUnknownAccount = (error: unknown) =>
  (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') ||
  (error instanceof Stripe.errors.StripePermissionError && error.code === 'account_invalid');

/** A Stripe Payout (a `payout.*` event's object) in the port's words. */
export const toBankPayout = (payout: Stripe.Payout): BankPayout => ({
  id: payout.id,
  amountCents: payout.amount,
  status: payout.status,
  arrivalDate: payout.arrival_date ? new Date(payout.arrival_date * 1000) : null,
  failureMessage: payout.failure_message ?? null,
});

export const createStripePayoutProcessor = (
  settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>,
): StripePayoutProcessor => {
  const stripe = createStripeClient(settings);
  return {
    name: 'stripe',

    async createAccount({ sellerId, email, idempotencyKey }) {
      const account = await stripe.accounts
        .create(
          {
            type: 'express',
            email,
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { sellerId },
          },
          { idempotencyKey },
        )
        .catch(translate);
      return toConnectedAccount(account);
    },

    async onboardingLink(accountId, { returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks
        .create({ account: accountId, type: 'account_onboarding', return_url: returnUrl, refresh_url: refreshUrl })
        .catch(translate);
      return link.url;
    },

    async retrieveAccount(accountId) {
      try {
        return toConnectedAccount(await stripe.accounts.retrieve(accountId));
      } catch (error) {
        if (isUnknownAccount(error)) return null;
        return translate(error);
      }
    },

    async findTransferOfOrder(orderId) {
      const page = await stripe.transfers.list({ transfer_group: orderId, limit: 10 }).catch(translate);
      // One taken back in full (a dispute won after its reversal) no longer pays the seller.
      const transfer = page.data.find((made) => !made.reversed);
      return transfer ? { transferId: transfer.id } : null;
    },

    async transfer({ orderId, accountId, amountCents, currency, paymentIntentId, idempotencyKey }) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId).catch(translate);
      const charge = intent.latest_charge;
      const chargeId = typeof charge === 'string' ? charge : charge?.id;
      // Only a captured payment has a charge to pay the seller from; this one never will by itself.
      if (!chargeId) {
        throw new PayoutRefusedError(
          'payment_not_captured',
          `The payment ${paymentIntentId} has no charge to transfer from (it is ${intent.status}).`,
        );
      }
      const transfer = await stripe.transfers
        .create(
          {
            amount: amountCents,
            currency,
            destination: accountId,
            source_transaction: chargeId,
            transfer_group: orderId,
            metadata: { orderId },
          },
          { idempotencyKey },
        )
        .catch(translate);
      return { transferId: transfer.id };
    },

    async reverseTransfer({ transferId, amountCents, idempotencyKey }) {
      const reversal = await stripe.transfers
        .createReversal(transferId, { amount: amountCents }, { idempotencyKey })
        .catch(translate);
      return { reversalId: reversal.id };
    },
  };
};
