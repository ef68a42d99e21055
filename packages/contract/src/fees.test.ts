import { describe, expect, it } from 'vitest';
import { buyerFeeOf, sellerFeeOf } from './fees.ts';

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
