import { describe, expect, it } from 'vitest';
import { addBusinessDays } from './business-days.ts';

const at = (iso: string) => new Date(iso);

describe('addBusinessDays', () => {
  it('adds days within a week at the same time of day', () => {
    // 2026-11-23 is a Monday.
    expect(addBusinessDays(at('2026-11-23T10:30:00Z'), 2).toISOString()).toBe('2026-11-25T10:30:00.000Z');
  });

  it('skips the weekend', () => {
    // Thursday + 2 business days is Monday; Friday + 1 is Monday.
    expect(addBusinessDays(at('2026-11-26T09:00:00Z'), 2).toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(addBusinessDays(at('2026-11-27T23:59:00Z'), 1).toISOString()).toBe('2026-11-30T23:59:00.000Z');
  });

  it('counts a weekend start from Monday morning', () => {
    // Saturday and Sunday count from Monday 00:00: two business days end as Tuesday ends.
    expect(addBusinessDays(at('2026-11-28T15:00:00Z'), 2).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(addBusinessDays(at('2026-11-29T08:00:00Z'), 2).toISOString()).toBe('2026-12-02T00:00:00.000Z');
  });

  it('crosses several weeks and months', () => {
    expect(addBusinessDays(at('2026-11-23T00:00:00Z'), 10).toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });

  it('gives the date itself for zero days, and refuses fractions or negatives', () => {
    expect(addBusinessDays(at('2026-11-24T12:00:00Z'), 0).toISOString()).toBe('2026-11-24T12:00:00.000Z');
    expect(() => addBusinessDays(at('2026-11-24T12:00:00Z'), -1)).toThrow(RangeError);
    expect(() => addBusinessDays(at('2026-11-24T12:00:00Z'), 1.5)).toThrow(RangeError);
  });

  it('does not change the date it is given', () => {
    const start = at('2026-11-27T10:00:00Z');
    addBusinessDays(start, 3);
    expect(start.toISOString()).toBe('2026-11-27T10:00:00.000Z');
  });
});
