/**
 * What the marketplace keeps of a sale (docs/decisions/0061): a percentage of the price plus a
 * fixed amount, never more than the price. The API freezes it on the order when the sale is
 * recorded; Add Product and the edit form show the seller what they will receive with the same
 * figure. Percentages are read to the hundredth (basis points), so the fee is exact in integer
 * cents; half a cent rounds up.
 */
import { z } from './zod.ts';

/** GET /api/seller-fee: the fee rule in force. */
export const SellerFeeSchema = z
  .object({
    /** 0 to 50, to two decimals. */
    percent: z.number().min(0).max(50),
    /** Added to every sale. */
    fixedCents: z.number().int().min(0),
  })
  .meta({ id: 'SellerFee' });
export type SellerFeeRule = z.infer<typeof SellerFeeSchema>;

/**
 * Who pays for shipping an order (`SHIPPING_PAID_BY`, decision 0076): the buyer at checkout (the
 * carrier's cheapest rate, quoted at booking, added to what the card is charged), or the seller
 * (the label's cost taken from their payout).
 */
export const ShippingPaidBySchema = z.enum(['buyer', 'seller']).meta({ id: 'ShippingPaidBy' });
export type ShippingPaidBy = z.infer<typeof ShippingPaidBySchema>;

/** GET /api/seller-fee: the fee rule in force, and who pays for shipping. */
export const SellingTermsSchema = SellerFeeSchema.extend({ shippingPaidBy: ShippingPaidBySchema }).meta({
  id: 'SellingTerms',
});
export type SellingTerms = z.infer<typeof SellingTermsSchema>;

export const sellerFeeOf = (priceCents: number, rule: SellerFeeRule): number => {
  const basisPoints = Math.round(rule.percent * 100);
  const percentCents = Math.floor((priceCents * basisPoints + 5000) / 10_000);
  return Math.min(priceCents, percentCents + rule.fixedCents);
};

/**
 * The buyer's service fee on a price (`BUYER_FEE_PERCENT`, default 0): added to what the card is
 * charged, shown on the payment page before paying, frozen on the order with its payment.
 */
export const buyerFeeOf = (priceCents: number, percent: number): number =>
  Math.floor((priceCents * Math.round(percent * 100) + 5000) / 10_000);

/**
 * How a refund of part of a payment is shared out (docs/decisions/0062): the marketplace gives back
 * its fees in the part's proportion (half a cent up), the seller the rest of the part.
 */
export const refundSplitOf = (
  payment: { paidCents: number; feesCents: number },
  refundCents: number,
): { sellerCents: number; feesCents: number } => {
  const feesCents = Math.floor((2 * payment.feesCents * refundCents + payment.paidCents) / (2 * payment.paidCents));
  return { sellerCents: refundCents - feesCents, feesCents };
};
