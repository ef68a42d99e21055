/**
 * The admins' Finance screen (docs/decisions/0062): where the marketplace's money stands, every
 * total the ledger's own sums, the payouts that failed (an admin sends them again) or are on their
 * way, and the card payments' disputes with their deadlines.
 */
import { z } from './zod.ts';
import { text } from './text.ts';

/** The longest each list of the Finance screen gets (its newest or most urgent rows). */
export const financeListLimit = 200;

/**
 * Where a sale's share for its seller stands (the API's `seller_payouts.status`): `held` until the
 * order completes and the seller's account is ready, `sending` while it is transferred (or tried
 * again after an outage), `sent`; `failed` when the processor refused it or it ran out of tries (an
 * admin sends it again); `cancelled` by a refund before it was sent, `reversed` by one after.
 */
export const sellerPayoutStatuses = ['held', 'sending', 'sent', 'failed', 'cancelled', 'reversed'] as const;
export type SellerPayoutStatus = (typeof sellerPayoutStatuses)[number];

/** Every figure in cents, from the ledger (debits positive, credits negative, shown here as amounts). */
export const FinanceTotalsSchema = z
  .object({
    /** What the marketplace kept of sales: less the fees it gave back with refunds. */
    feesEarnedCents: z.number().int(),
    /** Owed to sellers on shares still held (the order has not completed, or the seller's account is not ready). */
    heldForSellersCents: z.number().int(),
    /** Owed to sellers on shares being transferred. */
    sendingCents: z.number().int(),
    /** Owed to sellers on shares whose transfer failed: an admin sends them again. */
    failedCents: z.number().int(),
    /** Transferred to sellers' payout accounts, less the transfers taken back. */
    sentToSellersCents: z.number().int(),
    /** Given back to buyers by refunds. */
    refundedToBuyersCents: z.number().int(),
    /** Taken by the card network while disputes are open. */
    disputedCents: z.number().int(),
  })
  .meta({ id: 'FinanceTotals' });
export type FinanceTotals = z.infer<typeof FinanceTotalsSchema>;

/** A seller's share on the Finance screen: a failed one, or one on its way. */
export const FinancePayoutSchema = z
  .object({
    orderId: z.uuid(),
    productName: z.string(),
    sellerName: z.string(),
    amountCents: z.number().int(),
    /** Tries of the transfer since it was last sent again (an outage's, counted toward the limit). */
    attempts: z.number().int(),
    /** The processor's last refusal or error, as it said it. */
    lastError: z.string().nullable(),
    /** When the release job tries it again (after an outage); null when it waits for nothing. */
    nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
    status: z.enum(sellerPayoutStatuses),
  })
  .meta({ id: 'FinancePayout' });
export type FinancePayout = z.infer<typeof FinancePayoutSchema>;

/** A chargeback of a sale's card payment, as the card processor reported it. */
export const FinanceDisputeSchema = z
  .object({
    /** The processor's dispute id. */
    id: z.string(),
    orderId: z.uuid(),
    productName: z.string(),
    amountCents: z.number().int(),
    /** The processor's reason (fraudulent, product_not_received, …). */
    reason: z.string(),
    /** The processor's status (needs_response, under_review, won, lost, …). */
    status: z.string(),
    /** By when the evidence must reach the card network. */
    evidenceDueBy: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    /** Null while the dispute is open. */
    closedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'FinanceDispute' });
export type FinanceDispute = z.infer<typeof FinanceDisputeSchema>;

/** GET /api/admin/finance (and the answer of a payout sent again): the admins' Finance screen. */
export const FinanceSchema = z
  .object({
    totals: FinanceTotalsSchema,
    /** Failed shares, newest sale first (at most `financeListLimit`). */
    failedPayouts: z.array(FinancePayoutSchema),
    /** Shares being transferred, newest sale first (at most `financeListLimit`). */
    pendingPayouts: z.array(FinancePayoutSchema),
    /** Open disputes first, the nearest evidence deadline first; then closed ones, newest first (at most `financeListLimit`). */
    disputes: z.array(FinanceDisputeSchema),
  })
  .meta({ id: 'Finance' });
export type Finance = z.infer<typeof FinanceSchema>;

/** The order whose seller's share is sent again. */
export const PayoutOrderIdParamsSchema = z.object({ orderId: text().max(64) });
