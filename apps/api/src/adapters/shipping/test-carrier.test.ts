import { describe, expect, it } from 'vitest';
import type { VerifiedAddress } from './shipping.ts';
import { testRatesFor } from './test-carrier.ts';

const parcel = { weightGrams: 400, lengthMm: 180, widthMm: 110, heightMm: 60 };
const addressIn = (country: string): VerifiedAddress => ({
  name: 'Ada Buyer',
  line1: '1 Main Street',
  line2: null,
  city: 'Capital',
  region: '',
  postalCode: '1000',
  country,
  phone: '',
  carrierAddressId: `adr_test_${country}`,
});

/** The rates as [service, cents, days]. */
const ratesBetween = (from: string, to: string, weightGrams = parcel.weightGrams) =>
  testRatesFor(addressIn(from), addressIn(to), { ...parcel, weightGrams }).map((rate) => [
    rate.service,
    rate.amountCents,
    rate.deliveryDays,
  ]);

describe('the test carrier’s rates', () => {
  it('are by zone: within a country, across a border within North America, Europe or Oceania, or between them', () => {
    const domestic = [
      ['Ground', 650, 5],
      ['Priority', 980, 2],
      ['Express', 2640, 1],
    ];
    const regional = [
      ['Ground', 1400, 7],
      ['Priority', 2200, 4],
      ['Express', 3800, 2],
    ];
    const international = [
      ['Ground', 2400, 10],
      ['Priority', 3800, 6],
      ['Express', 6200, 3],
    ];
    expect(ratesBetween('US', 'US')).toEqual(domestic);
    expect(ratesBetween('SE', 'SE')).toEqual(domestic);
    expect(ratesBetween('US', 'CA')).toEqual(regional);
    expect(ratesBetween('DE', 'PT')).toEqual(regional);
    expect(ratesBetween('GB', 'NO')).toEqual(regional);
    expect(ratesBetween('AU', 'NZ')).toEqual(regional);
    expect(ratesBetween('US', 'GB')).toEqual(international);
    expect(ratesBetween('NZ', 'FI')).toEqual(international);
  });

  it('charge $1.50 more for each started 500 g beyond the first, whatever the service', () => {
    expect(ratesBetween('FR', 'IT', 500).map(([, cents]) => cents)).toEqual([1400, 2200, 3800]);
    expect(ratesBetween('FR', 'IT', 501).map(([, cents]) => cents)).toEqual([1550, 2350, 3950]);
    expect(ratesBetween('FR', 'IT', 1200).map(([, cents]) => cents)).toEqual([1700, 2500, 4100]);
  });
});
