/**
 * The card-payments port (docs/ARCHITECTURE.md, Ports and defaults): the built-in test-mode processor (the embedded
 * default, Stripe's test-card behaviour, its intents in the app's own database) or Stripe
 * PaymentIntents. Intents are authorised first (manual capture) and captured only once the phone is
 * claimed for the order, so a buyer who loses the race for a phone is never charged
 * (docs/decisions/0013, 0017). Every call is a network call for a real processor: the sale never
 * makes one while a database transaction is open (the test-mode processor runs its own statements).
 */
import type { CardProcessorName } from '@recell/contract';

/** Stripe's PaymentIntent statuses (the test-mode processor uses the same words). */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface ProcessorIntent {
  id: string;
  /** What the page confirms the card with; null when the processor does not return it. */
  clientSecret: string | null;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  /** The order it was created for (the intent's metadata); null when it names none. */
  orderId: string | null;
  /** The card's last four digits, once a card is attached (nothing more of the card is ever kept). */
  last4: string | null;
  /** Money of a captured intent was given back (a refunded intent keeps the status 'succeeded', as at Stripe). */
  isRefunded: boolean;
}

export interface NewIntent {
  orderId: string;
  amountCents: number;
  currency: string;
  /** The same key creates the same intent once, however often the call is repeated. */
  idempotencyKey: string;
}

export interface CardProcessor {
  readonly name: CardProcessorName;
  /** Stripe's publishable key for the page; null for the test-mode processor. */
  readonly publishableKey: string | null;
  /** A new intent to authorise `amountCents`, captured later (manual capture). */
  createIntent(intent: NewIntent): Promise<ProcessorIntent>;
  /** The intent as the processor sees it now; null when there is no such intent. */
  retrieve(id: string): Promise<ProcessorIntent | null>;
  /** Takes the authorised money (requires_capture → succeeded). Throws CardError when refused. */
  capture(id: string): Promise<ProcessorIntent>;
  /** Releases an authorisation that will not be captured (the buyer is never charged). */
  cancel(id: string): Promise<void>;
  /**
   * Gives back the money of a captured intent: all that is left, or `part` of it (once per its
   * key). Done already is done. Throws PaymentRefusedError when the processor will never refund
   * it (more than is left, among others), IntentStateError when the intent was not captured.
   */
  refund(id: string, part?: { amountCents: number; idempotencyKey: string }): Promise<void>;
}

/** The card form's fields, as the test-mode processor names them. */
export type CardField = 'number' | 'expiry' | 'cvc';

/** The processor refused the card or the charge; nothing was taken. `message` is the processor's. */
export class CardError extends Error {
  constructor(
    /** Stripe's decline or error code (card_declined, insufficient_funds, incorrect_cvc, …). */
    readonly code: string,
    message: string,
    /** The card field the error is about, when it is about one. */
    readonly field?: CardField,
  ) {
    super(message);
    this.name = 'CardError';
  }
}

/** The intent is not in a state that allows the call (capturing a canceled intent, …). */
export class IntentStateError extends Error {
  constructor(readonly status: string) {
    super(`the payment intent is ${status}`);
    this.name = 'IntentStateError';
  }
}

/**
 * The processor answered that it will never do what was asked of this payment (it does not know
 * the payment, or will not refund it); trying again changes nothing. `message` is the processor's.
 */
export class PaymentRefusedError extends Error {
  constructor(
    /** The processor's error code (resource_missing, charge_disputed, …). */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentRefusedError';
  }
}

/** The processor could not be reached or failed on its side; try again later. */
export class ProcessorUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ProcessorUnavailableError';
  }
}

/** Statuses in which the intent still waits for the buyer's card. */
export const isAwaitingCard = (status: IntentStatus) =>
  status === 'requires_payment_method' || status === 'requires_confirmation' || status === 'requires_action';
