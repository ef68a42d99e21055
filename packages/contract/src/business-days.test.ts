import { describe, expect, it } from 'vitest';
import { addBusinessDays } from './business-days.ts';

const at = (iso: string) => new Date(iso);

describe('addBusinessDays (Mon–Fri, UTC)', () => {
  it.each([
    // 2026-11-23 is a Monday.
    ['a Monday, 2 days', '2026-11-23T10:00:00Z', 2, '2026-11-25T10:00:00Z'],
    ['a Thursday, 2 days: over the weekend', '2026-11-26T15:30:00Z', 2, '2026-11-30T15:30:00Z'],
    ['a Friday, 1 day: the Monday', '2026-11-27T23:59:59Z', 1, '2026-11-30T23:59:59Z'],
    ['a Friday, 2 days: the Tuesday', '2026-11-27T09:00:00Z', 2, '2026-12-01T09:00:00Z'],
    ['a Saturday, 1 day: the Monday', '2026-11-28T04:00:00Z', 1, '2026-11-30T04:00:00Z'],
    ['a Sunday, 2 days: the Tuesday', '2026-11-29T18:00:00Z', 2, '2026-12-01T18:00:00Z'],
    ['a Wednesday, 5 days: a week later', '2026-11-25T12:00:00Z', 5, '2026-12-02T12:00:00Z'],
    ['a Monday, 10 days: over two weekends', '2026-11-23T08:00:00Z', 10, '2026-12-07T08:00:00Z'],
    ['0 days: the same moment', '2026-11-28T04:00:00Z', 0, '2026-11-28T04:00:00Z'],
  ])('%s', (_name, from, n, expected) => {
    expect(addBusinessDays(at(from), n).toISOString()).toBe(at(expected).toISOString());
  });

  it('crosses a month and a year', () => {
    // 2026-12-31 is a Thursday.
    expect(addBusinessDays(at('2026-12-31T12:00:00Z'), 2).toISOString()).toBe('2027-01-04T12:00:00.000Z');
  });

  it('leaves the date it was given as it was', () => {
    const from = at('2026-11-27T09:00:00Z');
    addBusinessDays(from, 3);
    expect(from.toISOString()).toBe('2026-11-27T09:00:00.000Z');
  });

  it('refuses a negative or fractional count', () => {
    expect(() => addBusinessDays(at('2026-11-27T09:00:00Z'), -1)).toThrow(RangeError);
    expect(() => addBusinessDays(at('2026-11-27T09:00:00Z'), 1.5)).toThrow(RangeError);
  });
});
