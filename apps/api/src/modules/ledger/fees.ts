/**
 * What the marketplace keeps of a sale: a percentage of the price plus a fixed amount, never more
 * than the price. Percentages are read to the hundredth (basis points), so the figure is exact in
 * integer cents; half a cent rounds up.
 */
export interface SellerFeeRule {
  /** 0 to 50, to two decimals (SELLER_FEE_PERCENT). */
  percent: number;
  /** Added to every sale (SELLER_FEE_FIXED_CENTS). */
  fixedCents: number;
}

export const sellerFeeOf = (priceCents: number, rule: SellerFeeRule): number => {
  const basisPoints = Math.round(rule.percent * 100);
  const percentCents = Math.floor((priceCents * basisPoints + 5000) / 10_000);
  return Math.min(priceCents, percentCents + rule.fixedCents);
};
