import { describe, expect, it } from 'vitest';
import { buyerFeeOf, refundSplitOf, sellerFeeOf } from './fees.ts';

describe('sellerFeeOf', () => {
  it('takes the percentage of the price in whole cents, half a cent rounding up', () => {
    expect(sellerFeeOf(52_000, { percent: 5, fixedCents: 0 })).toBe(2600);
    expect(sellerFeeOf(1_010, { percent: 5, fixedCents: 0 })).toBe(51); // 50.5 cents
    expect(sellerFeeOf(1_009, { percent: 5, fixedCents: 0 })).toBe(50); // 50.45 cents
  });

  it('reads a percentage to the hundredth and adds the fixed amount', () => {
    expect(sellerFeeOf(10_000, { percent: 3.25, fixedCents: 30 })).toBe(355);
    expect(sellerFeeOf(10_000, { percent: 0, fixedCents: 0 })).toBe(0);
  });

  it('never keeps more than the price', () => {
    expect(sellerFeeOf(100, { percent: 50, fixedCents: 500 })).toBe(100);
  });
});

describe('buyerFeeOf', () => {
  it('takes the percentage of the price in whole cents, half a cent rounding up; none by default', () => {
    expect(buyerFeeOf(52_000, 0)).toBe(0);
    expect(buyerFeeOf(52_000, 2.5)).toBe(1300);
    expect(buyerFeeOf(1_010, 5)).toBe(51);
    expect(buyerFeeOf(1_009, 5)).toBe(50);
  });
});

describe('refundSplitOf', () => {
  it('gives back the fees in the part’s proportion and the rest from the seller, to the cent', () => {
    // $400 paid, $40 of fees: a $100 refund is $10 of fees and $90 of the seller's share.
    expect(refundSplitOf({ paidCents: 40_000, feesCents: 4_000 }, 10_000)).toEqual({
      sellerCents: 9_000,
      feesCents: 1_000,
    });
    // 1/3 of 100 cents of fees is 33.33: 33.
    expect(refundSplitOf({ paidCents: 30_000, feesCents: 100 }, 10_000)).toEqual({ sellerCents: 9_967, feesCents: 33 });
    // Half a cent rounds up.
    expect(refundSplitOf({ paidCents: 200, feesCents: 1 }, 100)).toEqual({ sellerCents: 99, feesCents: 1 });
    expect(refundSplitOf({ paidCents: 10_000, feesCents: 0 }, 2_500)).toEqual({ sellerCents: 2_500, feesCents: 0 });
  });
});
