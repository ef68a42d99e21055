/**
 * The admins' Finance screen (docs/decisions/0062): where the marketplace's money stands, every
 * total summed from the ledger, the failed payouts (sent again from here) and those on their way,
 * and the card payments' disputes with their deadlines.
 */
import { financeListLimit, payoutMessages, type Finance } from '@recell/contract';
import { idOrNotFound } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/index.ts';
import * as repository from './finance.repository.ts';
import type { PayoutDeps } from './payouts.deps.ts';
import { retryFailedPayout } from './payouts.service.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toPayout = (row: Awaited<ReturnType<typeof repository.listPayouts>>[number]) => ({
  ...row,
  nextAttemptAt: iso(row.nextAttemptAt),
});

/** GET /api/admin/finance. */
export const finance = async (deps: Pick<PayoutDeps, 'db'>): Promise<Finance> => {
  const [totals, failed, pending, disputes] = await Promise.all([
    repository.ledgerTotals(deps.db),
    repository.listPayouts(deps.db, 'failed', financeListLimit),
    repository.listPayouts(deps.db, 'sending', financeListLimit),
    repository.listDisputes(deps.db, financeListLimit),
  ]);
  return {
    totals: {
      feesEarnedCents: totals.feesEarned,
      heldForSellersCents: totals.held,
      sendingCents: totals.sending,
      failedCents: totals.failed,
      sentToSellersCents: totals.sentToSellers,
      refundedToBuyersCents: totals.refundedToBuyers,
      disputedCents: totals.disputed,
    },
    failedPayouts: failed.map(toPayout),
    pendingPayouts: pending.map(toPayout),
    disputes: disputes.map((row) => ({
      ...row,
      evidenceDueBy: iso(row.evidenceDueBy),
      createdAt: iso(row.createdAt)!,
      closedAt: iso(row.closedAt),
    })),
  };
};

/**
 * POST /api/admin/payouts/:orderId/retry: a failed payout sent again (`retryFailedPayout`), then
 * the screen as it stands. A malformed id names no payout (404).
 */
export const retryPayout = async (deps: PayoutDeps, admin: AuthUser, orderId: string): Promise<Finance> => {
  await retryFailedPayout(deps, admin, idOrNotFound(orderId, payoutMessages.payoutNotFound));
  return finance(deps);
};
