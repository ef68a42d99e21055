/**
 * The payouts port (docs/ARCHITECTURE.md, Ports and defaults; decision 0062): where sellers are
 * paid. Stripe Connect Express in production (Accounts, Account Links, Transfers with
 * `source_transaction`, Transfer Reversals), or the built-in test-mode processor, whose onboarding
 * is a local page and whose transfers are rows in the app's database. Every call that moves money
 * carries an idempotency key, so a repeat (a retry, another replica, a restart) acts once. Every
 * call is a network call for a real processor: callers make none while a transaction is open.
 */
import type { CardProcessorName } from '@recell/contract';

/** A connected account as the processor reports it (Stripe's `account.updated` fields). */
export interface ConnectedAccount {
  id: string;
  /** The seller finished the onboarding form. */
  detailsSubmitted: boolean;
  /** The processor will pay money out of it to the seller's bank. */
  payoutsEnabled: boolean;
  /** What the processor still asks for (Stripe's `requirements.currently_due`). */
  requirementsDue: string[];
  /** Why the processor disabled it, when it did (Stripe's `requirements.disabled_reason`, e.g. `rejected.fraud`). */
  disabledReason: string | null;
}

/** Money paid out of a connected account to the seller's bank (Stripe's Payout object). */
export interface BankPayout {
  id: string;
  amountCents: number;
  /** pending, in_transit, paid, failed, canceled. */
  status: string;
  arrivalDate: Date | null;
  failureMessage: string | null;
}

export interface NewTransfer {
  /** The order whose sale this pays (Stripe's `transfer_group`). */
  orderId: string;
  accountId: string;
  amountCents: number;
  currency: string;
  /** The sale's payment (its charge becomes Stripe's `source_transaction`). */
  paymentIntentId: string;
  /** The same key transfers once, however often the call is repeated. */
  idempotencyKey: string;
}

export interface PayoutProcessor {
  readonly name: CardProcessorName;
  /** A new connected account for the seller (Express, card payments and transfers). */
  createAccount(seller: { sellerId: string; email: string; idempotencyKey: string }): Promise<ConnectedAccount>;
  /** Where the seller finishes or fixes the account's setup (Stripe's hosted onboarding). */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  /** The account as the processor sees it now; null when it does not know it. */
  retrieveAccount(accountId: string): Promise<ConnectedAccount | null>;
  /**
   * The transfer made for this order and not taken back in full, if any (Stripe: by its
   * transfer_group). Asked before
   * an admin's retry, whose new idempotency key would not find a transfer an earlier key made.
   */
  findTransferOfOrder(orderId: string): Promise<{ transferId: string } | null>;
  /** Sends a sale's share to the seller's account; answers the transfer's id. */
  transfer(transfer: NewTransfer): Promise<{ transferId: string }>;
  /** Takes back `amountCents` of a transfer (a refund after release); answers the reversal's id. */
  reverseTransfer(reversal: { transferId: string; amountCents: number; idempotencyKey: string }): Promise<{
    reversalId: string;
  }>;
}

/** The processor refused the payout call for good (an account that cannot receive, a transfer already reversed…). */
export class PayoutRefusedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PayoutRefusedError';
  }
}
