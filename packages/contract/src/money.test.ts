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
  ])('shows %i cents as %s', (cents, shown) => {
    expect(formatPrice(cents)).toBe(shown);
  });
});
