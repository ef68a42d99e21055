import { describe, expect, it } from 'vitest';
import { addressCountries, type AddressCountry } from '@recell/contract';
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

  it('ships to every country the address form lists, writing each postal code the country’s way', () => {
    /** A postal code of each country as typed (carelessly), how the country writes it, and a region where one is needed. */
    const samples: Record<AddressCountry, [typed: string, written: string, region?: string]> = {
      US: ['62701', '62701', 'IL'],
      CA: ['k1a0b1', 'K1A 0B1', 'ON'],
      GB: ['sw1a1aa', 'SW1A 1AA'],
      IE: ['d02x285', 'D02 X285'],
      DE: ['10115', '10115'],
      FR: ['75001', '75001'],
      ES: ['28013', '28013'],
      IT: ['00184', '00184'],
      NL: ['1012ab', '1012 AB'],
      BE: ['1000', '1000'],
      AT: ['1010', '1010'],
      CH: ['8001', '8001'],
      SE: ['11122', '111 22'],
      DK: ['1050', '1050'],
      NO: ['0150', '0150'],
      FI: ['00100', '00100'],
      PL: ['00001', '00-001'],
      PT: ['1100148', '1100-148'],
      AU: ['2000', '2000', 'NSW'],
      NZ: ['6011', '6011'],
    };
    for (const country of addressCountries) {
      const [typed, written, region = ''] = samples[country];
      const result = verifyTestAddress({ ...home, city: 'Capital', region, postalCode: typed, country });
      expect(result, country).toMatchObject({ verified: true, address: { country, postalCode: written } });
      // The same code with a digit too many is not a postal code of the country.
      expect(verifyTestAddress({ ...home, region, postalCode: `${typed}9`, country }), country).toEqual({
        verified: false,
        reason: 'Postal code is not valid for the country',
      });
    }
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
