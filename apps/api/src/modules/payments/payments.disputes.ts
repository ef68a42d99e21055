/**
 * Chargebacks (Stripe's `charge.dispute.*`; docs/decisions/0062). A dispute opened takes its amount
 * out of the processor's balance into the card network's hands (the ledger's `disputed`), freezes
 * the seller's share if it is still held, and takes it back if it was sent. Closed won, the money
 * comes back and the share is the seller's again; closed lost, the buyer has their money back: the
 * payment is refunded, the share cancelled, and every account gives back what it holds of the order.
 * Each step is idempotent, so a repeated or retried event changes nothing more; the network call
 * (the transfer's reversal) is made with no transaction open.
 */
import type Stripe from 'stripe';
import { shortTransaction } from '../../db/short-transaction.ts';
import { insertAuditEntry } from '../audit/index.ts';
import * as ledger from '../ledger/index.ts';
import * as payouts from '../payouts/index.ts';
import * as disputes from './disputes.repository.ts';
import type { PaymentDeps } from './payments.deps.ts';
import * as repository from './payments.repository.ts';

const paymentIntentOf = (dispute: Stripe.Dispute) =>
  typeof dispute.payment_intent === 'string' ? dispute.payment_intent : (dispute.payment_intent?.id ?? null);

const dueByOf = (dispute: Stripe.Dispute) =>
  dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000) : null;

/** The seller's share leaves the seller while the dispute is open (a sent one is reversed). */
const takeBackShare = async (deps: PaymentDeps, orderId: string) => {
  if (!deps.payouts) throw new Error('a dispute needs the payout processor');
  await payouts.takeBackSellerPayout({ ...deps, payouts: deps.payouts }, orderId);
};

export const receiveDisputeEvent = async (deps: PaymentDeps, type: string, dispute: Stripe.Dispute): Promise<void> => {
  const intentId = paymentIntentOf(dispute);
  const orderId = intentId ? await disputes.findOrderOfPayment(deps.db, intentId) : undefined;
  if (!orderId) {
    deps.log.warn({ disputeId: dispute.id }, 'a dispute of a payment the marketplace does not know');
    return;
  }
  const now = deps.now?.() ?? new Date();
  const opened = await shortTransaction(deps.db, async (tx) => {
    const recorded = await disputes.insertDispute(tx, {
      id: dispute.id,
      orderId,
      amountCents: dispute.amount,
      reason: dispute.reason,
      status: dispute.status,
      evidenceDueBy: dueByOf(dispute),
      createdAt: new Date(dispute.created * 1000),
    });
    if (!recorded) return (await disputes.findDispute(tx, dispute.id))!;
    await ledger.recordDisputeOpened(tx, { orderId, amountCents: dispute.amount });
    await payouts.freezeSellerPayout(tx, orderId, now);
    await insertAuditEntry(tx, {
      actorId: null,
      action: 'payment.disputed',
      subjectType: 'order',
      subjectId: orderId,
      detail: { disputeId: dispute.id, amountCents: dispute.amount, reason: dispute.reason },
    });
    return (await disputes.findDispute(tx, dispute.id))!;
  });
  if (opened.closedAt) return;

  if (type !== 'charge.dispute.closed' || (dispute.status !== 'won' && dispute.status !== 'lost')) {
    await disputes.updateOpenDispute(deps.db, dispute.id, { status: dispute.status, evidenceDueBy: dueByOf(dispute) });
    // Taken back once the dispute is open, whether its share was sent before or after it opened.
    await takeBackShare(deps, orderId);
    return;
  }

  if (dispute.status === 'lost') await takeBackShare(deps, orderId);
  await shortTransaction(deps.db, async (tx) => {
    const closed = await disputes.closeDispute(tx, dispute.id, dispute.status, now);
    if (!closed) return;
    if (dispute.status === 'won') {
      await ledger.recordDisputeWon(tx, { orderId, amountCents: closed.amountCents });
      await payouts.unfreezeSellerPayout(tx, orderId);
    } else {
      await repository.setPaymentRefunded(tx, orderId);
      await payouts.cancelSellerPayout(tx, orderId);
      await ledger.recordDisputeLost(tx, orderId);
    }
    await insertAuditEntry(tx, {
      actorId: null,
      action: dispute.status === 'won' ? 'payment.dispute_won' : 'payment.dispute_lost',
      subjectType: 'order',
      subjectId: orderId,
      detail: { disputeId: dispute.id, amountCents: closed.amountCents },
    });
  });
};
