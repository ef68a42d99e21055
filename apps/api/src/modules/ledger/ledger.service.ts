/**
 * The money ledger (docs/decisions/0061). Each function writes one movement of an order's money in
 * the caller's transaction, the one that records the state change: the database checks at commit
 * that the order's entries still sum to zero. Debits are positive, credits negative.
 */
import type { Executor } from '../../db/client.ts';
import * as repository from './ledger.repository.ts';

/**
 * A sale: the amount captured (the price and the buyer's service fee) lands in the processor's
 * balance; the seller is owed the price less the marketplace's fee; the marketplace keeps both fees.
 */
export const recordSale = (
  tx: Executor,
  sale: { orderId: string; amountCents: number; sellerFeeCents: number; buyerFeeCents?: number },
): Promise<void> => {
  const buyerFeeCents = sale.buyerFeeCents ?? 0;
  return repository.insertMovement(tx, sale.orderId, 'sale', [
    { account: 'processor_balance', amountCents: sale.amountCents },
    { account: 'seller_payable', amountCents: -(sale.amountCents - buyerFeeCents - sale.sellerFeeCents) },
    { account: 'platform_fees', amountCents: -(sale.sellerFeeCents + buyerFeeCents) },
  ]);
};

/**
 * A full refund before the seller was paid: every account gives back what it holds of the order,
 * the marketplace its fee too, so the order's money is back at zero everywhere.
 */
export const recordFullRefund = (tx: Executor, orderId: string): Promise<void> =>
  giveEverythingBack(tx, orderId, 'refund');

/** A movement in which every account gives back what it holds of the order: its money is then zero everywhere. */
const giveEverythingBack = async (tx: Executor, orderId: string, movement: repository.LedgerMovement) => {
  const balances = await repository.balancesOfOrder(tx, orderId);
  await repository.insertMovement(
    tx,
    orderId,
    movement,
    balances.map((balance) => ({ account: balance.account, amountCents: -balance.amountCents })),
  );
};

/**
 * Part of a payment refunded: the processor gives it back; the seller's share and the
 * marketplace's fees each give back their part of it (`refundSplitOf`).
 */
export const recordPartialRefund = (
  tx: Executor,
  refund: { orderId: string; refundCents: number; sellerCents: number; feesCents: number },
): Promise<void> =>
  repository.insertMovement(tx, refund.orderId, 'partial_refund', [
    { account: 'processor_balance', amountCents: -refund.refundCents },
    { account: 'seller_payable', amountCents: refund.sellerCents },
    { account: 'platform_fees', amountCents: refund.feesCents },
  ]);

/** The seller's share left for their payout account: what was owed to them leaves the processor's balance. */
export const recordTransfer = (tx: Executor, transfer: { orderId: string; amountCents: number }): Promise<void> =>
  repository.insertMovement(tx, transfer.orderId, 'transfer', [
    { account: 'seller_payable', amountCents: transfer.amountCents },
    { account: 'processor_balance', amountCents: -transfer.amountCents },
  ]);

/** A transfer taken back from the seller (a refund after release): the seller's share is owed again, to the buyer. */
export const recordReversal = (tx: Executor, reversal: { orderId: string; amountCents: number }): Promise<void> =>
  repository.insertMovement(tx, reversal.orderId, 'reversal', [
    { account: 'processor_balance', amountCents: reversal.amountCents },
    { account: 'seller_payable', amountCents: -reversal.amountCents },
  ]);

/** A chargeback opened: the card network takes the disputed amount out of the processor's balance. */
export const recordDisputeOpened = (tx: Executor, dispute: { orderId: string; amountCents: number }): Promise<void> =>
  repository.insertMovement(tx, dispute.orderId, 'dispute_opened', [
    { account: 'processor_balance', amountCents: -dispute.amountCents },
    { account: 'disputed', amountCents: dispute.amountCents },
  ]);

/** A chargeback won: the card network gives the disputed amount back. */
export const recordDisputeWon = (tx: Executor, dispute: { orderId: string; amountCents: number }): Promise<void> =>
  repository.insertMovement(tx, dispute.orderId, 'dispute_won', [
    { account: 'disputed', amountCents: -dispute.amountCents },
    { account: 'processor_balance', amountCents: dispute.amountCents },
  ]);

/**
 * A chargeback lost: the buyer got their money back through the card network, so every account
 * gives back what it holds of the order (the seller's share and the fee too), as a refund does.
 */
export const recordDisputeLost = (tx: Executor, orderId: string): Promise<void> =>
  giveEverythingBack(tx, orderId, 'dispute_lost');
