import { describe, expect, it } from 'vitest';
import { formatPrice } from './money.ts';

describe('formatPrice', () => {
  it.each([
    [45_000, '$450'],
    [44_999, '$449.99'],
    [99_950, '$999.50'],
    [120_000, '$1,200'],
    [123_456_789, '$1,234,567.89'],
    [1, '$0.01'],
    [0, '$0'],
    [-500, '-$5'],
    [-6_050, '-$60.50'],
  ])('shows %i cents as %s', (cents, shown) => {
    expect(formatPrice(cents)).toBe(shown);
  });

  it('writes what the en-US currency format writes', () => {
    const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [0, 5, 99, 100, 101, 99_999, 100_000, 1_000_001, 987_654_321, -1, -100_050]) {
      expect(formatPrice(cents)).toBe((cents % 100 === 0 ? whole : withCents).format(cents / 100));
    }
  });
});
