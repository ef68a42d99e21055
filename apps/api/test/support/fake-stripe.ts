/**
 * A local HTTP server speaking the few Stripe endpoints ReCell uses, as the Stripe SDK calls them
 * (form-encoded bodies, `Authorization: Bearer sk_…`, `Idempotency-Key`, `expand[]`):
 *
 *   POST /v1/payment_intents               create (manual capture)
 *   GET  /v1/payment_intents/:id           retrieve
 *   POST /v1/payment_intents/:id/capture   requires_capture → succeeded (with a charge)
 *   POST /v1/payment_intents/:id/cancel    requires_* → canceled
 *   POST /v1/refunds                       refund a succeeded intent, all of what is left or `amount`
 *   POST /v1/accounts                      create a Connect account (Express), onboarding not done
 *   GET  /v1/accounts/:id                  retrieve
 *   POST /v1/account_links                 a hosted onboarding link for an account
 *   POST /v1/transfers                     to an account that can receive them, from a charge (`source_transaction`)
 *   GET  /v1/transfers?transfer_group=    the transfers of an order
 *   POST /v1/transfers/:id/reversals       take back part or all of what is left of a transfer
 *   GET  /v1/balance                       the platform's balance (usd, all of it available)
 *
 * The card is confirmed in the browser by Stripe Elements, which a test stands in for with
 * `confirm(id, cardNumber)`; the seller's hosted onboarding with `completeOnboarding(id, outcome)`.
 * Errors have Stripe's shape and statuses; a request repeated with the same idempotency key gets
 * the first answer again (and one with other parameters an idempotency_error), as at Stripe.
 * `signedEvent(type, object)` builds what Stripe posts to a webhook, signed with `webhookSecret`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  // Set on every charge the server makes (optional, so a test may plant a bare charge on an intent).
  currency?: string;
  payment_intent?: string;
  status?: 'succeeded';
}

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  client_secret: string;
  status: string;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  payment_method: { id: string; object: 'payment_method'; type: 'card'; card: { brand: string; last4: string } } | null;
  latest_charge: FakeCharge | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  livemode: false;
  created: number;
}

type CapabilityStatus = 'active' | 'inactive' | 'pending';

export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  country: string;
  default_currency: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  capabilities: Record<string, CapabilityStatus>;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    pending_verification: string[];
    errors: unknown[];
    alternatives: unknown[];
    current_deadline: number | null;
    disabled_reason: string | null;
  };
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface FakeTransferReversal {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  currency: string;
  transfer: string;
  metadata: Record<string, string>;
  balance_transaction: string;
  destination_payment_refund: string;
  source_refund: null;
  created: number;
}

export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  reversed: boolean;
  currency: string;
  destination: string;
  destination_payment: string;
  source_transaction: string | null;
  source_type: 'card';
  transfer_group: string | null;
  metadata: Record<string, string>;
  reversals: { object: 'list'; data: FakeTransferReversal[]; has_more: false; total_count: number; url: string };
  balance_transaction: string;
  description: null;
  livemode: false;
  created: number;
}

/** A scripted answer to transfers (POST /v1/transfers) naming an account as their destination. */
export interface TransferFailure {
  /** 500 unless told (the SDK retries 5xx, 409 and 429 twice on its own). */
  status?: number;
  /** Stripe's error type: `api_error` unless told (`invalid_request_error` for a 400 refusal). */
  type?: string;
  code?: string;
  message?: string;
  /** How many requests it answers (each SDK retry is one); every request until cleared unless told. */
  times?: number;
}

export type OnboardingOutcome = 'complete' | 'needs_information' | 'rejected';

/** What Stripe posts to a webhook: the body, and the `Stripe-Signature` header made with the webhook secret. */
export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

export interface FakeStripe {
  /** http://127.0.0.1:<port>: STRIPE_API_URL. */
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The env that makes the app use this server. */
  env: Record<string, string>;
  intents: Map<string, FakeIntent>;
  /** Connect accounts by id (edit one to set a state no helper sets). */
  accounts: Map<string, FakeAccount>;
  /** Transfers by id, each with its reversals (`reversals.data`) and `amount_reversed`. */
  transfers: Map<string, FakeTransfer>;
  /**
   * Requests the server received, by its own count. capture / cancel / refund: by intent, each
   * that was acted on (not answered from an idempotency key). transfer: by order (`transfer_group`),
   * and reversal: by transfer, every request, replays and scripted failures included.
   */
  calls: {
    capture: Map<string, number>;
    cancel: Map<string, number>;
    refund: Map<string, number>;
    transfer: Map<string, number>;
    reversal: Map<string, number>;
  };
  /** What Stripe Elements does: confirms the intent with a card (4242… succeeds, 4000…0002 is declined). */
  confirm(id: string, cardNumber?: string): FakeIntent;
  /** Makes the capture of this intent fail as the card's issuer would refuse it. */
  refuseCaptureOf(id: string, error?: { code: string; message: string }): void;
  /** A captured card payment (an intent that succeeded, with its charge), made without the app. */
  succeededIntent(amount: number, metadata?: Record<string, string>): FakeIntent;
  /**
   * What the seller's hosted onboarding ends in, as Stripe sets the account: `complete` (payouts
   * and transfers enabled, nothing due), `needs_information` (details submitted, an identity
   * document due, payouts disabled), `rejected` (payouts disabled for good: `rejected.fraud`).
   */
  completeOnboarding(accountId: string, outcome: OnboardingOutcome): FakeAccount;
  /**
   * Makes transfers to the account fail (a 500 api_error on every request unless told); `null`
   * clears it. A scripted failure is an outage in front of Stripe: it is answered before any
   * idempotency key is looked at, and not remembered under it.
   */
  failTransfersTo(accountId: string, failure?: TransferFailure | null): void;
  /** The platform's balance in cents (usd): captured charges less refunds, less transfers, plus reversals. */
  balance(): { available: number; pending: number };
  /** A Stripe event about `object`, signed; `account` makes it a Connect event from that connected account. */
  signedEvent(type: string, object: unknown, options?: { account?: string }): SignedEvent;
  /** A Stripe event about the intent as it is now (what Stripe would post to the webhook). */
  event(type: string, intentId: string): SignedEvent;
  /** A dispute of the intent's charge, as `charge.dispute.*` events carry it. */
  dispute(
    intentId: string,
    fields?: { status?: string; reason?: string; amount?: number },
  ): Record<string, unknown> & { id: string };
  /** A payout from a connected account to its bank, as `payout.*` events carry it (sent with `account`). */
  payout(fields: {
    amount: number;
    status: 'paid' | 'failed' | 'pending' | 'in_transit' | 'canceled';
    failureCode?: string;
  }): Record<string, unknown> & { id: string };
  stop(): Promise<void>;
}

const declines: Record<string, { code: string; decline_code?: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

/** What Stripe asks of a new individual's Express account before it pays out. */
const newAccountRequirements = [
  'business_profile.mcc',
  'business_profile.url',
  'external_account',
  'individual.address.city',
  'individual.address.line1',
  'individual.address.postal_code',
  'individual.address.state',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.email',
  'individual.first_name',
  'individual.last_name',
  'individual.phone',
  'individual.ssn_last_4',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `prefix[key]=value` pairs of a form body (Stripe's metadata hashes). */
const hashOf = (params: URLSearchParams, prefix: string) => {
  const hash: Record<string, string> = {};
  for (const [key, value] of params.entries()) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']') && !key.includes('][')) {
      hash[key.slice(prefix.length + 1, -1)] = value;
    }
  }
  return hash;
};

/** Request parameters in one order, to tell a repeat from another request under the same key. */
const fingerprint = (params: URLSearchParams) =>
  [...params.entries()]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('&');

export const startFakeStripe = async (): Promise<FakeStripe> => {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const intents = new Map<string, FakeIntent>();
  const accounts = new Map<string, FakeAccount>();
  const transfers = new Map<string, FakeTransfer>();
  const refusedCaptures = new Map<string, { code: string; message: string }>();
  const failingTransfers = new Map<string, TransferFailure>();
  const idempotent = new Map<string, { status: number; body: string; fingerprint: string }>();
  const calls = {
    capture: new Map<string, number>(),
    cancel: new Map<string, number>(),
    refund: new Map<string, number>(),
    transfer: new Map<string, number>(),
    reversal: new Map<string, number>(),
  };
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };

  /** The intent as the API returns it: expanded objects only where `expand[]` asked for them. */
  const view = (intent: FakeIntent, expand: string[] = []) => ({
    ...intent,
    payment_method:
      intent.payment_method && !expand.includes('payment_method') ? intent.payment_method.id : intent.payment_method,
    latest_charge:
      intent.latest_charge && !expand.includes('latest_charge') ? intent.latest_charge.id : intent.latest_charge,
  });

  const chargeOf = (chargeId: string) =>
    [...intents.values()].find((intent) => intent.latest_charge?.id === chargeId)?.latest_charge ?? null;

  /** Captures the intent's money: it succeeds, with a charge of the whole amount. */
  const succeed = (intent: FakeIntent) => {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.amount_capturable = 0;
    intent.latest_charge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      refunded: false,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
    };
  };

  const balance = () => {
    let available = 0;
    for (const intent of intents.values()) {
      if (intent.latest_charge) available += intent.latest_charge.amount - intent.latest_charge.amount_refunded;
    }
    for (const transfer of transfers.values()) available -= transfer.amount - transfer.amount_reversed;
    return { available, pending: 0 };
  };

  const error = (status: number, body: Record<string, unknown>) => ({ status, body: { error: body } });
  const invalid = (status: number, message: string, fields: { code?: string; param?: string } = {}) =>
    error(status, { type: 'invalid_request_error', ...fields, message });
  const missing = (intentId: string) =>
    invalid(404, `No such payment_intent: '${intentId}'`, { code: 'resource_missing', param: 'intent' });
  const unexpectedState = (intent: FakeIntent, action: string) =>
    error(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
      payment_intent: view(intent),
    });
  const positiveInteger = (params: URLSearchParams, name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value >= 1 ? value : null;
  };
  const invalidInteger = (param: string) =>
    invalid(400, 'Invalid integer', { code: 'parameter_invalid_integer', param });

  const refund = (params: URLSearchParams) => {
    const intentId = params.get('payment_intent') ?? '';
    const intent = intents.get(intentId);
    if (!intent) return missing(intentId);
    count(calls.refund, intentId);
    const charge = intent.latest_charge;
    if (intent.status !== 'succeeded' || !charge) {
      return invalid(400, 'This PaymentIntent does not have a successful charge to refund.', {
        code: 'charge_not_refundable',
      });
    }
    if (charge.refunded) {
      return invalid(400, `Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    const left = charge.amount - charge.amount_refunded;
    // Without an amount, Stripe refunds all that is left of the charge.
    const amount = params.has('amount') ? positiveInteger(params, 'amount') : left;
    if (amount === null) return invalidInteger('amount');
    if (amount > left) {
      return invalid(
        400,
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return {
      status: 200,
      body: {
        id: id('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        currency: intent.currency,
        payment_intent: intentId,
        status: 'succeeded',
      },
    };
  };

  const createAccount = (params: URLSearchParams) => {
    const type = params.get('type') ?? 'standard';
    if (!['express', 'standard', 'custom'].includes(type)) {
      return invalid(400, `Invalid type: must be one of custom, express, or standard`, {
        code: 'parameter_invalid_empty',
        param: 'type',
      });
    }
    const capabilities: Record<string, CapabilityStatus> = {};
    for (const [key, value] of params.entries()) {
      const match = /^capabilities\[([a-z_]+)\]\[requested\]$/.exec(key);
      if (match && value === 'true') capabilities[match[1]!] = 'inactive';
    }
    const account: FakeAccount = {
      id: id('acct'),
      object: 'account',
      type,
      email: params.get('email'),
      country: params.get('country') ?? 'US',
      default_currency: 'usd',
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities,
      requirements: {
        currently_due: [...newAccountRequirements],
        eventually_due: [...newAccountRequirements],
        past_due: [],
        pending_verification: [],
        errors: [],
        alternatives: [],
        current_deadline: null,
        disabled_reason: null,
      },
      metadata: hashOf(params, 'metadata'),
      livemode: false,
      created: now(),
    };
    accounts.set(account.id, account);
    return { status: 200, body: account };
  };

  const createAccountLink = (params: URLSearchParams) => {
    const accountId = params.get('account') ?? '';
    if (!accounts.has(accountId)) {
      return invalid(400, `No such account: '${accountId}'`, { code: 'resource_missing', param: 'account' });
    }
    const type = params.get('type');
    if (type !== 'account_onboarding' && type !== 'account_update') {
      return invalid(400, 'Invalid type: must be one of account_onboarding or account_update', {
        code: 'parameter_invalid_empty',
        param: 'type',
      });
    }
    for (const param of ['return_url', 'refresh_url']) {
      if (type === 'account_onboarding' && !params.get(param)) {
        return invalid(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });
      }
    }
    return {
      status: 200,
      body: {
        object: 'account_link',
        url: `${fakeUrl}/connect/onboarding/${accountId}`,
        created: now(),
        expires_at: now() + 300,
      },
    };
  };

  const createTransfer = (params: URLSearchParams) => {
    const amount = positiveInteger(params, 'amount');
    if (amount === null) return invalidInteger('amount');
    const currency = params.get('currency');
    if (!currency)
      return invalid(400, 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    const destinationId = params.get('destination') ?? '';
    const destination = accounts.get(destinationId);
    if (!destination) {
      return invalid(400, `No such destination: '${destinationId}'`, {
        code: 'resource_missing',
        param: 'destination',
      });
    }
    if (destination.capabilities.transfers !== 'active') {
      return invalid(
        400,
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param: 'destination' },
      );
    }
    const sourceId = params.get('source_transaction');
    if (sourceId) {
      const charge = chargeOf(sourceId);
      if (!charge) {
        return invalid(400, `No such charge: '${sourceId}'`, { code: 'resource_missing', param: 'source_transaction' });
      }
      // What is left of the charge: not refunded, not already transferred (less reversals).
      let left = charge.amount - charge.amount_refunded;
      for (const transfer of transfers.values()) {
        if (transfer.source_transaction === sourceId) left -= transfer.amount - transfer.amount_reversed;
      }
      if (amount > left) {
        return invalid(
          400,
          `Insufficient funds in the source transaction ${sourceId}: ${left} can still be transferred from it.`,
          { code: 'balance_insufficient', param: 'amount' },
        );
      }
    } else if (amount > balance().available) {
      return invalid(400, 'You have insufficient available funds in your Stripe account.', {
        code: 'balance_insufficient',
      });
    }
    const transferId = id('tr');
    const transfer: FakeTransfer = {
      id: transferId,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      reversed: false,
      currency,
      destination: destinationId,
      destination_payment: id('py'),
      source_transaction: sourceId,
      source_type: 'card',
      transfer_group: params.get('transfer_group'),
      metadata: hashOf(params, 'metadata'),
      reversals: {
        object: 'list',
        data: [],
        has_more: false,
        total_count: 0,
        url: `/v1/transfers/${transferId}/reversals`,
      },
      balance_transaction: id('txn'),
      description: null,
      livemode: false,
      created: now(),
    };
    transfers.set(transferId, transfer);
    return { status: 200, body: transfer };
  };

  const reverseTransfer = (transferId: string, params: URLSearchParams) => {
    const transfer = transfers.get(transferId);
    if (!transfer) return invalid(404, `No such transfer: '${transferId}'`, { code: 'resource_missing', param: 'id' });
    const left = transfer.amount - transfer.amount_reversed;
    if (left === 0) return invalid(400, `The transfer ${transferId} is already fully reversed.`);
    // Without an amount, Stripe reverses all that is left of the transfer.
    const amount = params.has('amount') ? positiveInteger(params, 'amount') : left;
    if (amount === null) return invalidInteger('amount');
    if (amount > left) {
      return invalid(
        400,
        `Amount to reverse (${amount}) is greater than the amount left on transfer ${transferId} (${left}).`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const reversal: FakeTransferReversal = {
      id: id('trr'),
      object: 'transfer_reversal',
      amount,
      currency: transfer.currency,
      transfer: transferId,
      metadata: hashOf(params, 'metadata'),
      balance_transaction: id('txn'),
      destination_payment_refund: id('pyr'),
      source_refund: null,
      created: now(),
    };
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    transfer.reversals.data.unshift(reversal);
    transfer.reversals.total_count += 1;
    return { status: 200, body: reversal };
  };

  const balanceView = () => {
    const { available, pending } = balance();
    return {
      object: 'balance',
      available: [{ amount: available, currency: 'usd', source_types: { card: available } }],
      pending: [{ amount: pending, currency: 'usd', source_types: { card: pending } }],
      livemode: false,
    };
  };

  const unrecognized = (method: string, path: string) => invalid(404, `Unrecognized request URL (${method}: ${path})`);

  const handle = (method: string, path: string, params: URLSearchParams): { status: number; body: unknown } => {
    const expand = [...params.entries()].filter(([key]) => key.startsWith('expand[')).map(([, value]) => value);
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = positiveInteger(params, 'amount');
      if (amount === null) return invalidInteger('amount');
      const intentId = id('pi');
      const intent: FakeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        currency: params.get('currency') ?? 'usd',
        capture_method: params.get('capture_method') ?? 'automatic_async',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        status: 'requires_payment_method',
        metadata: hashOf(params, 'metadata'),
        allowed_payment_method_types: [...params.entries()]
          .filter(([key]) => key.startsWith('allowed_payment_method_types['))
          .map(([, value]) => value),
        payment_method: null,
        latest_charge: null,
        last_payment_error: null,
        livemode: false,
        created: now(),
      };
      intents.set(intentId, intent);
      return { status: 200, body: view(intent, expand) };
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(params);
    if (method === 'POST' && path === '/v1/accounts') return createAccount(params);
    if (method === 'POST' && path === '/v1/account_links') return createAccountLink(params);
    if (method === 'POST' && path === '/v1/transfers') return createTransfer(params);
    if (method === 'GET' && path === '/v1/balance') return { status: 200, body: balanceView() };
    if (method === 'GET' && path === '/v1/transfers') {
      const group = params.get('transfer_group');
      const data = [...transfers.values()].filter((transfer) => !group || transfer.transfer_group === group);
      return { status: 200, body: { object: 'list', url: '/v1/transfers', has_more: false, data } };
    }
    const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (accountPath && method === 'GET') {
      const accountId = decodeURIComponent(accountPath[1]!);
      const account = accounts.get(accountId);
      if (!account)
        return invalid(404, `No such account: '${accountId}'`, { code: 'resource_missing', param: 'account' });
      return { status: 200, body: account };
    }
    const reversalPath = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (reversalPath && method === 'POST') return reverseTransfer(decodeURIComponent(reversalPath[1]!), params);
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    if (!match) return unrecognized(method, path);
    const intentId = decodeURIComponent(match[1]!);
    const intent = intents.get(intentId);
    if (!intent) return missing(intentId);
    const action = match[2];
    if (method === 'GET' && !action) return { status: 200, body: view(intent, expand) };
    if (method === 'POST' && action === 'capture') {
      count(calls.capture, intentId);
      if (intent.status !== 'requires_capture') return unexpectedState(intent, 'captured');
      const refusal = refusedCaptures.get(intentId);
      if (refusal) {
        return error(402, {
          type: 'card_error',
          code: refusal.code,
          message: refusal.message,
          payment_intent: view(intent),
        });
      }
      succeed(intent);
      return { status: 200, body: view(intent, expand) };
    }
    if (method === 'POST' && action === 'cancel') {
      count(calls.cancel, intentId);
      if (
        !['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'].includes(
          intent.status,
        )
      ) {
        return unexpectedState(intent, 'canceled');
      }
      intent.status = 'canceled';
      intent.amount_capturable = 0;
      return { status: 200, body: view(intent, expand) };
    }
    return unrecognized(method, path);
  };

  /** Counts transfer and reversal requests, and answers the scripted failures before anything else. */
  const intercept = (method: string, path: string, params: URLSearchParams) => {
    if (method !== 'POST') return undefined;
    const reversalPath = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (reversalPath) count(calls.reversal, decodeURIComponent(reversalPath[1]!));
    if (path !== '/v1/transfers') return undefined;
    const group = params.get('transfer_group');
    if (group) count(calls.transfer, group);
    const destination = params.get('destination') ?? '';
    const failure = failingTransfers.get(destination);
    if (!failure) return undefined;
    const times = (failure.times ?? Infinity) - 1;
    if (times <= 0) failingTransfers.delete(destination);
    else failingTransfers.set(destination, { ...failure, times });
    return error(failure.status ?? 500, {
      type: failure.type ?? 'api_error',
      ...(failure.code ? { code: failure.code } : {}),
      message: failure.message ?? 'An unknown error occurred',
    });
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const send = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(body);
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
        return;
      }
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const method = req.method ?? 'GET';
      const params = method === 'GET' ? url.searchParams : await readBody(req);
      const scripted = intercept(method, url.pathname, params);
      if (scripted) {
        send(scripted.status, JSON.stringify(scripted.body));
        return;
      }
      const key = req.headers['idempotency-key'];
      const memoryKey = typeof key === 'string' && method === 'POST' ? `${url.pathname} ${key}` : undefined;
      const remembered = memoryKey ? idempotent.get(memoryKey) : undefined;
      if (remembered && remembered.fingerprint !== fingerprint(params)) {
        const body = {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
          },
        };
        send(400, JSON.stringify(body));
        return;
      }
      if (remembered) {
        send(remembered.status, remembered.body);
        return;
      }
      const answer = handle(method, url.pathname, params);
      const body = JSON.stringify(answer.body);
      if (memoryKey) idempotent.set(memoryKey, { status: answer.status, body, fingerprint: fingerprint(params) });
      send(answer.status, body);
    })().catch((cause: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(cause) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fakeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Stripe's webhook signature: `t=<seconds>,v1=<HMAC-SHA256 of "<t>.<payload>" with the webhook secret>`. */
  const sign = (payload: string) => {
    const timestamp = now();
    const hmac = createHmac('sha256', webhookSecret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
    return `t=${timestamp},v1=${hmac}`;
  };

  const signedEvent: FakeStripe['signedEvent'] = (type, object, options = {}) => {
    const eventId = id('evt');
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      type,
      ...(options.account ? { account: options.account } : {}),
      data: { object },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    return { id: eventId, payload, signature: sign(payload) };
  };

  const fake: FakeStripe = {
    url: fakeUrl,
    secretKey,
    publishableKey: `pk_test_${randomBytes(12).toString('hex')}`,
    webhookSecret,
    env: {},
    intents,
    accounts,
    transfers,
    calls,
    confirm(intentId, cardNumber = '4242424242424242') {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no such intent ${intentId}`);
      if (intent.status !== 'requires_payment_method') throw new Error(`cannot confirm a ${intent.status} intent`);
      const digits = cardNumber.replace(/ /g, '');
      const decline = declines[digits];
      if (decline) {
        intent.last_payment_error = { type: 'card_error', code: decline.code, message: decline.message };
        return intent;
      }
      intent.payment_method = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: digits.slice(-4) },
      };
      intent.last_payment_error = null;
      if (intent.capture_method === 'manual') {
        intent.status = 'requires_capture';
        intent.amount_capturable = intent.amount;
      } else {
        succeed(intent);
      }
      return intent;
    },
    refuseCaptureOf(intentId, refusal = { code: 'card_declined', message: 'Your card was declined.' }) {
      refusedCaptures.set(intentId, refusal);
    },
    succeededIntent(amount, metadata = {}) {
      const intentId = id('pi');
      const intent: FakeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        currency: 'usd',
        capture_method: 'manual',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        status: 'requires_capture',
        metadata,
        allowed_payment_method_types: ['card'],
        payment_method: {
          id: id('pm'),
          object: 'payment_method',
          type: 'card',
          card: { brand: 'visa', last4: '4242' },
        },
        latest_charge: null,
        last_payment_error: null,
        livemode: false,
        created: now(),
      };
      succeed(intent);
      intents.set(intentId, intent);
      return intent;
    },
    completeOnboarding(accountId, outcome) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no such account ${accountId}`);
      const capabilities = (status: CapabilityStatus) =>
        Object.fromEntries(Object.keys(account.capabilities).map((name) => [name, status]));
      account.details_submitted = true;
      account.requirements.past_due = [];
      account.requirements.pending_verification = [];
      if (outcome === 'complete') {
        account.charges_enabled = true;
        account.payouts_enabled = true;
        account.capabilities = capabilities('active');
        account.requirements.currently_due = [];
        account.requirements.eventually_due = [];
        account.requirements.disabled_reason = null;
      } else if (outcome === 'needs_information') {
        // Stripe could not verify the seller: an identity document is due, and nothing is paid out until it is.
        const due = ['individual.verification.document'];
        account.charges_enabled = false;
        account.payouts_enabled = false;
        account.capabilities = capabilities('inactive');
        account.requirements.currently_due = due;
        account.requirements.eventually_due = due;
        account.requirements.past_due = due;
        account.requirements.disabled_reason = 'requirements.past_due';
      } else {
        account.charges_enabled = false;
        account.payouts_enabled = false;
        account.capabilities = capabilities('inactive');
        account.requirements.currently_due = [];
        account.requirements.eventually_due = [];
        account.requirements.disabled_reason = 'rejected.fraud';
      }
      return account;
    },
    failTransfersTo(accountId, failure = {}) {
      if (failure === null) failingTransfers.delete(accountId);
      else failingTransfers.set(accountId, failure);
    },
    balance,
    signedEvent,
    event(type, intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no such intent ${intentId}`);
      return signedEvent(type, view(intent));
    },
    dispute(intentId, fields = {}) {
      const intent = intents.get(intentId);
      if (!intent?.latest_charge) throw new Error(`no charge to dispute for intent ${intentId}`);
      return {
        id: id('dp'),
        object: 'dispute',
        amount: fields.amount ?? intent.latest_charge.amount,
        currency: intent.currency,
        charge: intent.latest_charge.id,
        payment_intent: intent.id,
        reason: fields.reason ?? 'fraudulent',
        status: fields.status ?? 'needs_response',
        evidence_details: { due_by: now() + 7 * 24 * 3600, has_evidence: false, past_due: false, submission_count: 0 },
        is_charge_refundable: false,
        livemode: false,
        created: now(),
      };
    },
    payout(fields) {
      return {
        id: id('po'),
        object: 'payout',
        amount: fields.amount,
        currency: 'usd',
        status: fields.status,
        failure_code: fields.status === 'failed' ? (fields.failureCode ?? 'account_closed') : null,
        failure_message: fields.status === 'failed' ? 'The bank account has been closed.' : null,
        arrival_date: now() + 2 * 24 * 3600,
        method: 'standard',
        type: 'bank_account',
        livemode: false,
        created: now(),
      };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  fake.env = {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fakeUrl,
  };
  return fake;
};
