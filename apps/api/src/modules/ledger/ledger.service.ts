/**
 * The money ledger (docs/decisions/0061). Each function writes one movement of an order's money in
 * the caller's transaction, the one that records the state change: the database checks at commit
 * that the order's entries still sum to zero. Debits are positive, credits negative.
 */
import type { Executor } from '../../db/client.ts';
import * as repository from './ledger.repository.ts';

/**
 * A sale: the amount captured (the price, the buyer's service fee and the shipping the buyer paid)
 * lands in the processor's balance; the seller is owed the price less the marketplace's fee; the
 * marketplace keeps both fees; the shipping is held for the label.
 */
export const recordSale = (
  tx: Executor,
  sale: {
    orderId: string;
    amountCents: number;
    sellerFeeCents: number;
    buyerFeeCents?: number;
    shippingCents?: number;
  },
): Promise<void> => {
  const buyerFeeCents = sale.buyerFeeCents ?? 0;
  const shippingCents = sale.shippingCents ?? 0;
  return repository.insertMovement(tx, sale.orderId, 'sale', [
    { account: 'processor_balance', amountCents: sale.amountCents },
    {
      account: 'seller_payable',
      amountCents: -(sale.amountCents - buyerFeeCents - shippingCents - sale.sellerFeeCents),
    },
    { account: 'platform_fees', amountCents: -(sale.sellerFeeCents + buyerFeeCents) },
    { account: 'shipping_held', amountCents: -shippingCents },
  ]);
};

/** Who bears what a label costs beyond the shipping held for it (decision 0076). */
export type LabelPayer = 'buyer' | 'seller' | 'marketplace';

/**
 * The order's label bought: its cost leaves the processor's balance. The shipping the buyer paid
 * (held) pays for it; the difference either way is the seller's (a dearer label than the buyer
 * paid for comes out of their payout, a cheaper one is theirs to keep), and all of it when the
 * seller pays for shipping. An order booked before anyone paid for shipping: the marketplace's.
 */
export const recordLabel = (
  tx: Executor,
  label: { orderId: string; costCents: number; heldCents: number; payer: LabelPayer },
): Promise<void> => repository.insertMovement(tx, label.orderId, 'label', labelEntries(label));

/**
 * The label refunded by the carrier, never used: the label's movement undone, so the shipping is
 * held again (and given back by the order's refund) and the seller's payout whole again.
 */
export const recordLabelRefund = async (
  tx: Executor,
  label: { orderId: string; costCents: number; heldCents: number; payer: LabelPayer },
): Promise<void> => {
  // A label bought before labels were in the ledger has no charge to undo.
  if ((await repository.processorBalanceOfMovements(tx, label.orderId, ['label'])) === 0) return;
  await repository.insertMovement(
    tx,
    label.orderId,
    'label_refund',
    labelEntries(label).map((entry) => ({ account: entry.account, amountCents: -entry.amountCents })),
  );
};

const labelEntries = (label: { costCents: number; heldCents: number; payer: LabelPayer }): repository.NewEntry[] => [
  { account: 'processor_balance', amountCents: -label.costCents },
  { account: 'shipping_held', amountCents: label.heldCents },
  {
    account: label.payer === 'marketplace' ? 'platform_fees' : 'seller_payable',
    amountCents: label.costCents - label.heldCents,
  },
];

/**
 * What the processor's balance paid for labels and never got back: a label used (or not refunded)
 * stays paid to the carrier, so the buyer's refund comes out of the marketplace's money instead.
 */
const unrecoveredLabelCents = async (tx: Executor, orderId: string) =>
  -(await repository.processorBalanceOfMovements(tx, orderId, ['label', 'label_refund']));

/**
 * A full refund before the seller was paid: every account gives back what it holds of the order,
 * the marketplace its fee too, so the order's money is back at zero everywhere.
 */
export const recordFullRefund = (tx: Executor, orderId: string): Promise<void> =>
  giveEverythingBack(tx, orderId, 'refund');

/**
 * A movement in which every account gives back what it holds of the order: its money is then zero
 * everywhere. A label the carrier kept (used, or never refunded) is not the buyer's to lose: the
 * processor's balance gives back all the buyer paid, and the marketplace bears the label
 * (decision 0076).
 */
const giveEverythingBack = async (tx: Executor, orderId: string, movement: repository.LedgerMovement) => {
  const balances = await repository.balancesOfOrder(tx, orderId);
  const labelCents = await unrecoveredLabelCents(tx, orderId);
  const entries = balances.map((balance) => ({ account: balance.account, amountCents: -balance.amountCents }));
  if (labelCents !== 0) {
    entries.push(
      { account: 'processor_balance', amountCents: -labelCents },
      { account: 'platform_fees', amountCents: labelCents },
    );
  }
  await repository.insertMovement(tx, orderId, movement, mergedByAccount(entries));
};

/** One entry per account: a movement never names an account twice. */
const mergedByAccount = (entries: repository.NewEntry[]): repository.NewEntry[] => {
  const sums = new Map<repository.LedgerAccount, number>();
  for (const entry of entries) sums.set(entry.account, (sums.get(entry.account) ?? 0) + entry.amountCents);
  return [...sums].map(([account, amountCents]) => ({ account, amountCents }));
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
