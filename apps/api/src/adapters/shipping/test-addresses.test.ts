import { describe, expect, it } from 'vitest';
import type { PostalAddress } from './shipping.ts';
import { verifyTestAddress } from './test-addresses.ts';

const home: PostalAddress = {
  name: 'Ada Buyer',
  line1: '1 Main Street',
  line2: null,
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '',
};

describe('the test carrier verifies addresses', () => {
  it('answers the corrected form: spaces, capitals and the country’s way of writing its postal code', () => {
    const result = verifyTestAddress({
      ...home,
      line1: '  1   main street ',
      city: 'springfield',
      region: 'il',
      postalCode: '627011234',
      country: 'us',
    });
    expect(result).toEqual({
      verified: true,
      address: expect.objectContaining({
        line1: '1 Main Street',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701-1234',
        country: 'US',
      }),
    });
    const london = verifyTestAddress({ ...home, city: 'London', region: '', postalCode: 'sw1a1aa', country: 'GB' });
    expect(london.verified && london.address.postalCode).toBe('SW1A 1AA');
    const amsterdam = verifyTestAddress({
      ...home,
      city: 'Amsterdam',
      region: '',
      postalCode: '1012ab',
      country: 'NL',
    });
    expect(amsterdam.verified && amsterdam.address.postalCode).toBe('1012 AB');
  });

  it('gives the same address the same carrier id, and another address another', () => {
    const first = verifyTestAddress(home);
    const again = verifyTestAddress({ ...home, city: ' springfield ' });
    const other = verifyTestAddress({ ...home, line1: '2 Main Street' });
    if (!first.verified || !again.verified || !other.verified) throw new Error('expected verified addresses');
    expect(first.address.carrierAddressId).toMatch(/^adr_test_[0-9a-f]{24}$/);
    expect(again.address.carrierAddressId).toBe(first.address.carrierAddressId);
    expect(other.address.carrierAddressId).not.toBe(first.address.carrierAddressId);
  });

  it('refuses, in words, what it cannot deliver to', () => {
    expect(verifyTestAddress({ ...home, city: ' ' })).toEqual({ verified: false, reason: 'City is required' });
    expect(verifyTestAddress({ ...home, region: '' })).toEqual({
      verified: false,
      reason: 'State or province is required for this country',
    });
    expect(verifyTestAddress({ ...home, country: 'BR' })).toEqual({
      verified: false,
      reason: 'We do not ship to this country',
    });
    expect(verifyTestAddress({ ...home, postalCode: 'SW1A 1AA' })).toEqual({
      verified: false,
      reason: 'Postal code is not valid for the country',
    });
    expect(verifyTestAddress({ ...home, country: 'DE', region: '', postalCode: '1011' })).toEqual({
      verified: false,
      reason: 'Postal code is not valid for the country',
    });
    expect(verifyTestAddress({ ...home, line1: '9 nowhere road' })).toEqual({
      verified: false,
      reason: 'Address not found',
    });
  });
});
