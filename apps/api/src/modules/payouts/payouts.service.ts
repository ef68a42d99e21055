/**
 * Paying sellers (docs/decisions/0062). A sale's share for its seller (the price less the fee the
 * ledger recorded) is held from the sale until the order completes and the seller's payout account
 * is ready; then the release job sends it once, and the ledger records the transfer in the
 * transaction that marks it sent.
 *
 * A transfer never doubles and holds no row lock across the processor's call:
 * 1. one statement leases the share ('sending', a lease of a few minutes);
 * 2. with no transaction open, the processor transfers it with the order's idempotency key, so a
 *    repeat (a crash, another replica after the lease) answers the first transfer;
 * 3. one short transaction marks it 'sent' (conditional on 'sending') and writes the ledger's
 *    transfer movement and the audit entry.
 * An outage is tried again with backoff (1 minute doubling to an hour, at most 10 tries); a refusal,
 * or the tenth failure, ends as 'failed': an admin sends it again.
 *
 * A refund before release cancels the share in the refund's transaction; after release, the
 * transfer is reversed first (its own idempotency key), then the buyer is refunded.
 */
import {
  payoutMessages,
  type PayoutAccount,
  type PayoutAccountState,
  type PayoutSale,
  type PayoutSaleState,
  type Payouts,
  type TestOnboarding,
  orderProgressLimits,
  refundSplitOf,
} from '@recell/contract';
import { ProcessorUnavailableError } from '../../adapters/payments/card-processor.ts';
import { PayoutRefusedError, type BankPayout, type ConnectedAccount } from '../../adapters/payouts/payout-processor.ts';
import type { TestPayoutProcessor } from '../../adapters/payouts/test-payouts.ts';
import type { Executor } from '../../db/client.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import * as ledger from '../ledger/index.ts';
import type { PayoutDeps } from './payouts.deps.ts';
import * as repository from './payouts.repository.ts';

/** How long a release holds a share before another try may take it over. */
export const sendLeaseMs = 3 * 60_000;
/** Tries of a transfer the processor could not take before it fails for good. */
export const sendAttempts = 10;
const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
const autoCompleteMs = orderProgressLimits.autoCompleteDays * 24 * 3_600_000;
/** The Payouts page lists this many sales (its CSV too). */
const salesShown = 1000;
const bankPayoutsShown = 100;

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

// ---------------------------------------------------------------------------------------------
// Payout accounts

const stateOf = (row: repository.PayoutAccountRow | undefined): PayoutAccountState => {
  if (!row) return 'not_connected';
  if (row.payoutsEnabled) return 'ready';
  if (row.disabledReason?.startsWith('rejected')) return 'rejected';
  if (!row.detailsSubmitted) return 'incomplete';
  return 'needs_information';
};

const toAccount = (deps: PayoutDeps, row: repository.PayoutAccountRow | undefined): PayoutAccount => ({
  state: stateOf(row),
  processor: deps.payouts.name,
  requirementsDue: row?.requirementsDue ?? [],
});

const fieldsOf = (account: ConnectedAccount): repository.AccountFields => ({
  detailsSubmitted: account.detailsSubmitted,
  payoutsEnabled: account.payoutsEnabled,
  requirementsDue: account.requirementsDue,
  disabledReason: account.disabledReason,
});

const fromProcessorError = (error: unknown): never => {
  if (error instanceof ProcessorUnavailableError)
    throw new AppError('unavailable', payoutMessages.processorUnavailable);
  throw error;
};

/**
 * The processor's account as it is now, copied onto the seller's (Stripe's `account.updated`, or a
 * return from onboarding). Answers whether the app knows the account.
 */
export const recordAccountUpdate = async (deps: Pick<PayoutDeps, 'db'>, account: ConnectedAccount) =>
  (await repository.updateAccount(deps.db, account.id, fieldsOf(account))) !== undefined;

/**
 * A connected account's bank payout as Stripe last told of it (payout.created, .paid, .failed…);
 * one of an account the marketplace does not know is ignored.
 */
export const recordBankPayout = async (deps: Pick<PayoutDeps, 'db' | 'log'>, accountId: string, payout: BankPayout) => {
  const sellerId = await repository.findSellerOfAccount(deps.db, accountId);
  if (!sellerId) {
    deps.log.info({ payoutId: payout.id }, 'a bank payout of an account the marketplace does not know');
    return;
  }
  await repository.upsertBankPayout(deps.db, { ...payout, sellerId });
};

/**
 * POST /api/me/payout-account/onboarding: makes the seller's connected account if there is none
 * and answers where its setup is finished or fixed (Stripe's hosted onboarding, or the local page
 * in test mode). A rejected account cannot be set up again here.
 */
export const startOnboarding = async (deps: PayoutDeps, seller: AuthUser): Promise<{ url: string }> => {
  try {
    let row = await repository.findAccountOfSeller(deps.db, seller.id);
    if (stateOf(row) === 'rejected') throw conflict(payoutMessages.accountRejected);
    if (!row) {
      const account = await deps.payouts.createAccount({
        sellerId: seller.id,
        email: seller.email,
        idempotencyKey: `payout-account-${seller.id}`,
      });
      row = await repository.insertAccount(deps.db, {
        sellerId: seller.id,
        processor: deps.payouts.name,
        accountId: account.id,
        ...fieldsOf(account),
      });
    }
    const payoutsPage = new URL('/dashboard/payouts', deps.publicUrl).toString();
    const url = await deps.payouts.onboardingLink(row.accountId, {
      returnUrl: `${payoutsPage}?onboarding=returned`,
      refreshUrl: `${payoutsPage}?onboarding=expired`,
    });
    return { url };
  } catch (error) {
    return fromProcessorError(error);
  }
};

/** The test-mode processor's onboarding page: the account ends as the seller picked. */
export const finishTestOnboarding = async (
  deps: PayoutDeps,
  seller: AuthUser,
  body: TestOnboarding,
): Promise<PayoutAccount> => {
  const row =
    (await repository.findAccountOfSeller(deps.db, seller.id)) ??
    (await startOnboarding(deps, seller).then(() => repository.findAccountOfSeller(deps.db, seller.id)));
  const account = await (deps.payouts as TestPayoutProcessor).finishOnboarding(row!.accountId, body.outcome);
  await recordAccountUpdate(deps, account);
  return toAccount(deps, await repository.findAccountOfSeller(deps.db, seller.id));
};

// ---------------------------------------------------------------------------------------------
// The seller's Payouts page

const saleStateOf = (row: Awaited<ReturnType<typeof repository.listSellerPayouts>>[number], ready: boolean) => {
  const states: Record<repository.SellerPayoutRow['status'], PayoutSaleState> = {
    held: row.progress === 'completed' ? (ready ? 'sending' : 'waiting_for_account') : 'held',
    sending: 'sending',
    // A transfer that failed for good is the admins' to send again: to the seller it is still on its way.
    failed: 'sending',
    sent: 'sent',
    cancelled: 'refunded',
    reversed: 'reversed',
  };
  return states[row.status];
};

const releaseAtOf = (row: Awaited<ReturnType<typeof repository.listSellerPayouts>>[number]) => {
  if (row.completedAt) return iso(row.completedAt);
  if (row.handedOverAt) return new Date(new Date(row.handedOverAt).getTime() + autoCompleteMs).toISOString();
  return null;
};

/** GET /api/me/payouts: the seller's account, their balances (the ledger's) and each sale's share. */
export const myPayouts = async (deps: PayoutDeps, seller: AuthUser): Promise<Payouts> => {
  let accountRow = await repository.findAccountOfSeller(deps.db, seller.id);
  // Back from Stripe's onboarding before its event arrived: ask the processor where the account stands.
  if (accountRow && !accountRow.payoutsEnabled && deps.payouts.name === 'stripe') {
    const account = await deps.payouts.retrieveAccount(accountRow.accountId).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'the payout account could not be read from the processor');
      return null;
    });
    if (account) accountRow = (await repository.updateAccount(deps.db, account.id, fieldsOf(account))) ?? accountRow;
  }
  const [rows, totals, bankPayouts] = await Promise.all([
    repository.listSellerPayouts(deps.db, seller.id, salesShown),
    repository.sellerLedgerTotals(deps.db, seller.id),
    repository.listBankPayouts(deps.db, seller.id, bankPayoutsShown),
  ]);
  const ready = stateOf(accountRow) === 'ready';
  const owedIn = (...statuses: string[]) =>
    totals.filter((total) => statuses.includes(total.status)).reduce((sum, total) => sum + total.owedCents, 0);
  const sales: PayoutSale[] = rows.map((row) => ({
    orderId: row.orderId,
    productName: row.productName,
    soldAt: iso(row.paidAt ?? row.createdAt)!,
    priceCents: row.priceCents,
    feeCents: row.feeCents ?? 0,
    netCents: row.amountCents,
    state: saleStateOf(row, ready),
    releaseAt: releaseAtOf(row),
    sentAt: iso(row.sentAt),
  }));
  return {
    account: toAccount(deps, accountRow),
    balances: {
      heldCents: owedIn('held'),
      onTheWayCents: owedIn('sending', 'failed'),
      paidOutCents: totals.reduce((sum, total) => sum + total.sentCents, 0),
    },
    sales,
    bankPayouts: bankPayouts.map((payout) => ({
      id: payout.id,
      amountCents: payout.amountCents,
      status: payout.status,
      arrivalDate: iso(payout.arrivalDate),
      failureMessage: payout.failureMessage,
    })),
  };
};

// ---------------------------------------------------------------------------------------------
// Holding and releasing

/** The sale's share is held for its seller, in the sale's transaction (after the ledger's sale). */
export const holdSellerShare = (tx: Executor, share: { orderId: string; sellerId: string; amountCents: number }) =>
  share.amountCents > 0 ? repository.insertHeldPayout(tx, share) : Promise.resolve();

/** A transfer that did not go through: `isFinal` when it failed for good ('failed'). */
export class PayoutNotSentError extends Error {
  constructor(
    readonly isFinal: boolean,
    options: ErrorOptions,
  ) {
    super(isFinal ? 'the payout failed' : 'the payout is tried again later', options);
    this.name = 'PayoutNotSentError';
  }
}

const failPayout = (deps: PayoutDeps, orderId: string, lastError: string) =>
  shortTransaction(deps.db, async (tx) => {
    const failed = await repository.markFailed(tx, orderId, lastError);
    if (!failed) return;
    await insertAuditEntry(tx, {
      actorId: null,
      action: 'payout.failed',
      subjectType: 'order',
      subjectId: orderId,
      detail: { attempts: failed.attempts, error: lastError },
    });
  });

/** Steps 2 and 3 for a leased share; true when this call recorded it sent. */
const sendPayout = async (deps: PayoutDeps, orderId: string): Promise<boolean> => {
  const facts = await repository.transferFactsOf(deps.db, orderId);
  if (facts?.status !== 'sending') return false;
  let transferId: string;
  try {
    if (!facts.accountId) throw new PayoutRefusedError('no_account', 'the seller has no payout account');
    if (!facts.paymentIntentId) throw new PayoutRefusedError('no_payment', 'the order has no payment');
    // After an admin's retry the key is new: a transfer an earlier key made is found first.
    const made = facts.retries > 0 ? await deps.payouts.findTransferOfOrder(orderId) : null;
    ({ transferId } =
      made ??
      (await deps.payouts.transfer({
        orderId,
        accountId: facts.accountId,
        amountCents: facts.amountCents,
        currency: 'usd',
        paymentIntentId: facts.paymentIntentId,
        idempotencyKey: facts.retries > 0 ? `payout-${orderId}-retry-${facts.retries}` : `payout-${orderId}`,
      })));
  } catch (error) {
    const lastError = errorText(error).slice(0, 500);
    let isFinal = error instanceof PayoutRefusedError;
    if (!isFinal) {
      const attempts = await repository.noteSendFailure(deps.db, orderId, {
        now: deps.now?.() ?? new Date(),
        lastError,
        backoffMs,
      });
      isFinal = attempts !== undefined && attempts >= sendAttempts;
    }
    if (isFinal) await failPayout(deps, orderId, lastError);
    throw new PayoutNotSentError(isFinal, { cause: error });
  }
  const at = deps.now?.() ?? new Date();
  return shortTransaction(deps.db, async (tx) => {
    const sent = await repository.markSent(tx, orderId, transferId, at);
    if (!sent) return false;
    await ledger.recordTransfer(tx, { orderId, amountCents: sent.amountCents });
    await insertAuditEntry(tx, {
      actorId: null,
      action: 'payout.sent',
      subjectType: 'order',
      subjectId: orderId,
      detail: { transferId, amountCents: sent.amountCents },
    });
    return true;
  });
};

/**
 * The release job: sends every share that is due (its order completed, the seller's account
 * ready) and finishes sends a crash or an outage left; replicas take different ones.
 */
export const releaseDuePayouts = async (
  deps: PayoutDeps,
  opts: { signal?: AbortSignal; batchSize?: number } = {},
): Promise<{ sent: number; notSent: number }> => {
  const now = deps.now?.() ?? new Date();
  const leased = await repository.leaseDuePayouts(deps.db, {
    now,
    leaseUntil: new Date(now.getTime() + sendLeaseMs),
    limit: opts.batchSize ?? 50,
  });
  let sent = 0;
  let notSent = 0;
  for (const { orderId } of leased) {
    if (opts.signal?.aborted) break;
    try {
      if (await sendPayout(deps, orderId)) sent += 1;
    } catch (error) {
      notSent += 1;
      const isFinal = error instanceof PayoutNotSentError && error.isFinal;
      deps.log[isFinal ? 'error' : 'warn'](
        { err: error instanceof PayoutNotSentError ? error.cause : error, orderId },
        isFinal ? 'a payout failed; it waits for an admin' : 'a payout did not go through; it is retried later',
      );
    }
  }
  return { sent, notSent };
};

/**
 * An admin sends a failed share again (Finance): it is sent now, or left 'sending' for the job
 * when the processor is out of reach. Only a failed share may be retried.
 */
export const retryFailedPayout = async (deps: PayoutDeps, admin: AuthUser, orderId: string): Promise<void> => {
  const now = deps.now?.() ?? new Date();
  await shortTransaction(deps.db, async (tx) => {
    const payout = await repository.lockPayout(tx, orderId);
    if (!payout) throw notFound(payoutMessages.payoutNotFound);
    if (payout.status !== 'failed') throw conflict(payoutMessages.payoutNotFailed);
    await repository.leaseFailedPayout(tx, orderId, new Date(now.getTime() + sendLeaseMs));
    await insertAuditEntry(tx, {
      actorId: admin.id,
      action: 'payout.retried',
      subjectType: 'order',
      subjectId: orderId,
      detail: { previousError: payout.lastError },
    });
  });
  try {
    await sendPayout(deps, orderId);
  } catch (error) {
    if (error instanceof PayoutNotSentError && error.isFinal) throw conflict(payoutMessages.payoutRefused);
    throw new AppError('unavailable', payoutMessages.payoutDelayed);
  }
};

// ---------------------------------------------------------------------------------------------
// Refunds

/**
 * Before a refund gives the buyer their money back (no transaction open): a share already sent is
 * taken back from the seller (the transfer reversed, once, and recorded). A share being sent right
 * now makes the refund wait for it (ProcessorUnavailableError: the refund is tried again later).
 */
export const takeBackSellerPayout = async (
  deps: PayoutDeps,
  orderId: string,
  part?: { refundCents: number; key: string },
): Promise<void> => {
  const payout = await repository.findPayout(deps.db, orderId);
  if (payout?.status === 'sending') {
    throw new ProcessorUnavailableError('the seller’s payout is being sent; the refund waits for it');
  }
  if (payout?.status !== 'sent' || !payout.transferId) return;
  if (part) return takeBackPart(deps, orderId, payout.transferId, part);
  const { reversalId } = await deps.payouts.reverseTransfer({
    transferId: payout.transferId,
    // What partial refunds took back already stays taken back.
    amountCents: payout.amountCents - payout.reversedCents,
    idempotencyKey: `payout-reversal-${orderId}`,
  });
  const at = deps.now?.() ?? new Date();
  await shortTransaction(deps.db, async (tx) => {
    const reversed = await repository.markReversed(tx, orderId, reversalId, at);
    if (!reversed) return;
    await ledger.recordReversal(tx, { orderId, amountCents: reversed.amountCents - reversed.reversedCents });
    await insertAuditEntry(tx, {
      actorId: null,
      action: 'payout.reversed',
      subjectType: 'order',
      subjectId: orderId,
      detail: { reversalId, amountCents: reversed.amountCents },
    });
  });
};

/** The seller's part of a partial refund, taken back from a sent share: reversed once, recorded once. */
const takeBackPart = async (
  deps: PayoutDeps,
  orderId: string,
  transferId: string,
  part: { refundCents: number; key: string },
) => {
  const facts = await repository.paymentFactsOf(deps.db, orderId);
  if (!facts) return;
  const { sellerCents } = refundSplitOf(facts, part.refundCents);
  if (sellerCents <= 0) return;
  const { reversalId } = await deps.payouts.reverseTransfer({
    transferId,
    amountCents: sellerCents,
    idempotencyKey: `payout-reversal-${part.key}`,
  });
  await shortTransaction(deps.db, async (tx) => {
    const reversed = await repository.addPartReversal(tx, orderId, { id: reversalId, amountCents: sellerCents });
    if (!reversed) return;
    await ledger.recordReversal(tx, { orderId, amountCents: sellerCents });
    await insertAuditEntry(tx, {
      actorId: null,
      action: 'payout.reversed',
      subjectType: 'order',
      subjectId: orderId,
      detail: { reversalId, amountCents: sellerCents, isPartial: true },
    });
  });
};

/**
 * In a partial refund's transaction: a held share gives back the seller's part of it (a sent one
 * gave it back through its reversal first). A share that left meanwhile refuses the record.
 */
export const reduceSellerPayout = async (tx: Executor, orderId: string, sellerCents: number): Promise<void> => {
  const payout = await repository.lockPayout(tx, orderId);
  if (!payout || sellerCents <= 0) return;
  if (payout.status === 'sending') {
    throw new ProcessorUnavailableError('the seller’s payout left before the refund was recorded');
  }
  await repository.reduceHeldShare(tx, orderId, sellerCents);
};

/**
 * In the label's transaction (decision 0076): the seller's held share pays what the label cost
 * beyond the shipping the buyer paid (`deltaCents` negative), or keeps what the buyer paid beyond
 * it (positive); a refunded label gives it back. A share is held until the order completes, so it
 * has not left while the parcel is being labelled.
 */
export const adjustSellerPayoutForLabel = async (tx: Executor, orderId: string, deltaCents: number): Promise<void> => {
  if (deltaCents > 0) await repository.growHeldShare(tx, orderId, deltaCents);
  else if (deltaCents < 0) await repository.reduceHeldShare(tx, orderId, -deltaCents);
};

/**
 * In the refund's transaction: a share still held will never be sent. A share that left meanwhile
 * refuses the refund's record (it rolls back and is tried again, reversing it first).
 */
export const cancelSellerPayout = async (tx: Executor, orderId: string): Promise<void> => {
  const payout = await repository.lockPayout(tx, orderId);
  if (!payout) return;
  if (payout.status === 'held' || payout.status === 'failed') {
    await repository.markCancelled(tx, orderId);
    return;
  }
  if (payout.status === 'sending' || payout.status === 'sent') {
    throw new ProcessorUnavailableError('the seller’s payout left before the refund was recorded');
  }
};

// ---------------------------------------------------------------------------------------------
// Disputes

/**
 * A chargeback opened (in the dispute's transaction): a held share is frozen until it closes. A
 * share already sent is taken back afterwards, with no transaction open (`takeBackSellerPayout`).
 */
export const freezeSellerPayout = async (tx: Executor, orderId: string, at: Date): Promise<void> => {
  await repository.setFrozen(tx, orderId, at);
};

/**
 * A chargeback won (in its transaction): the share is the seller's again: a frozen one is released
 * as usual, one taken back for the dispute is held to be sent again.
 */
export const unfreezeSellerPayout = async (tx: Executor, orderId: string): Promise<void> => {
  if (!(await repository.holdAgain(tx, orderId))) await repository.setFrozen(tx, orderId, null);
};
