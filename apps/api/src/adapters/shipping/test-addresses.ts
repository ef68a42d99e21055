/**
 * How the built-in test carrier verifies an address: rules a person trying the demo can follow,
 * like a card processor's test cards. Required fields; the countries the address form lists; each
 * country's postal-code format; spaces and case tidied (the corrected form is what it answers); and
 * magic street lines. Listed in docs/decisions/0069-shipping-port.md.
 */
import { createHash } from 'node:crypto';
import type { AddressCountry } from '@recell/contract';
import type { AddressVerification, PostalAddress } from './shipping.ts';

/** Magic street lines (line1 contains the words, in any case). Every other address is an ordinary one. */
export const testAddressLines = {
  /** Verification answers "Address not found". */
  notFound: 'Nowhere',
  /** Verifies; a parcel sent here is refused and ends return_to_sender. */
  returnToSender: 'Return Lane',
  /** Verifies; a parcel sent here is lost in transit and ends failure. */
  lost: 'Lost Lane',
} as const;

/**
 * The countries the test carrier ships to: every country the address form lists (the contract's
 * list, so the two cannot disagree), each with its postal-code format, how a code is written
 * (spaces or a dash where the country puts them), and its zone (rates are by zone).
 */
const countries: Record<
  AddressCountry,
  { postalCode: RegExp; format?: (code: string) => string; needsRegion?: boolean; zone: TestCarrierZone }
> = {
  US: {
    postalCode: /^\d{5}(-?\d{4})?$/,
    format: (c) => (c.length === 9 ? `${c.slice(0, 5)}-${c.slice(5)}` : c),
    needsRegion: true,
    zone: 'north_america',
  },
  CA: {
    postalCode: /^[A-Z]\d[A-Z]\d[A-Z]\d$/,
    format: (c) => `${c.slice(0, 3)} ${c.slice(3)}`,
    needsRegion: true,
    zone: 'north_america',
  },
  GB: {
    postalCode: /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/,
    format: (c) => `${c.slice(0, -3)} ${c.slice(-3)}`,
    zone: 'europe',
  },
  IE: { postalCode: /^[A-Z]\d[\dW][A-Z\d]{4}$/, format: (c) => `${c.slice(0, 3)} ${c.slice(3)}`, zone: 'europe' },
  DE: { postalCode: /^\d{5}$/, zone: 'europe' },
  FR: { postalCode: /^\d{5}$/, zone: 'europe' },
  ES: { postalCode: /^\d{5}$/, zone: 'europe' },
  IT: { postalCode: /^\d{5}$/, zone: 'europe' },
  NL: { postalCode: /^\d{4}[A-Z]{2}$/, format: (c) => `${c.slice(0, 4)} ${c.slice(4)}`, zone: 'europe' },
  BE: { postalCode: /^\d{4}$/, zone: 'europe' },
  AT: { postalCode: /^\d{4}$/, zone: 'europe' },
  CH: { postalCode: /^\d{4}$/, zone: 'europe' },
  SE: { postalCode: /^\d{5}$/, format: (c) => `${c.slice(0, 3)} ${c.slice(3)}`, zone: 'europe' },
  DK: { postalCode: /^\d{4}$/, zone: 'europe' },
  NO: { postalCode: /^\d{4}$/, zone: 'europe' },
  FI: { postalCode: /^\d{5}$/, zone: 'europe' },
  PL: { postalCode: /^\d{5}$/, format: (c) => `${c.slice(0, 2)}-${c.slice(2)}`, zone: 'europe' },
  PT: { postalCode: /^\d{7}$/, format: (c) => `${c.slice(0, 4)}-${c.slice(4)}`, zone: 'europe' },
  AU: { postalCode: /^\d{4}$/, needsRegion: true, zone: 'oceania' },
  NZ: { postalCode: /^\d{4}$/, zone: 'oceania' },
};

/** Where a country is, for rates: a parcel within a zone costs less than one between zones. */
export type TestCarrierZone = 'north_america' | 'europe' | 'oceania';

/** The rules of a country the test carrier ships to; undefined for any other. */
const rulesOf = (country: string) =>
  Object.hasOwn(countries, country) ? countries[country as AddressCountry] : undefined;

/** The zone of a country the test carrier ships to. */
export const testZoneOf = (country: string): TestCarrierZone | undefined => rulesOf(country)?.zone;

export const testCarrierCountries = Object.keys(countries) as AddressCountry[];

const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/** "springfield" → "Springfield": a name typed all in lower case gets its capitals. */
const capitalise = (text: string) =>
  text === text.toLowerCase()
    ? text.replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
    : text;

const required: [keyof PostalAddress, string][] = [
  ['name', 'Name is required'],
  ['line1', 'Street address is required'],
  ['city', 'City is required'],
  ['postalCode', 'Postal code is required'],
  ['country', 'Country is required'],
];

/** The test carrier's answer for an address: its corrected form, or its reason in words. */
export const verifyTestAddress = (input: PostalAddress): AddressVerification => {
  for (const [field, reason] of required) if (!tidy(input[field] ?? '')) return { verified: false, reason };
  const country = tidy(input.country).toUpperCase();
  const rules = rulesOf(country);
  if (!rules) return { verified: false, reason: 'We do not ship to this country' };
  const region = tidy(input.region ?? '');
  if (rules.needsRegion && !region)
    return { verified: false, reason: 'State or province is required for this country' };
  const code = input.postalCode.toUpperCase().replace(/[\s-]/g, '');
  if (!rules.postalCode.test(code)) return { verified: false, reason: 'Postal code is not valid for the country' };
  if (input.line1.toLowerCase().includes(testAddressLines.notFound.toLowerCase()))
    return { verified: false, reason: 'Address not found' };
  const line2 = tidy(input.line2 ?? '');
  const corrected: PostalAddress = {
    name: tidy(input.name),
    line1: capitalise(tidy(input.line1)),
    line2: line2 ? capitalise(line2) : null,
    city: capitalise(tidy(input.city)),
    // State and province codes (IL, ON, NSW) are written in capitals.
    region: /^[a-z]{2,3}$/i.test(region) ? region.toUpperCase() : capitalise(region),
    postalCode: rules.format ? rules.format(code) : code,
    country,
    phone: tidy(input.phone ?? ''),
  };
  return { verified: true, address: { ...corrected, carrierAddressId: testAddressId(corrected) } };
};

/** The same corrected address always has the same id, on every replica. */
const testAddressId = (address: PostalAddress): string => {
  const { name, line1, line2, city, region, postalCode, country, phone } = address;
  const digest = createHash('sha256')
    .update(JSON.stringify([name, line1, line2, city, region, postalCode, country, phone]))
    .digest('hex');
  return `adr_test_${digest.slice(0, 24)}`;
};

export type TestParcelEnding = 'delivered' | 'return_to_sender' | 'failure';

/** How a parcel to this address ends: delivered, or one of the magic endings. */
export const testParcelEnding = (to: PostalAddress): TestParcelEnding => {
  const line = to.line1.toLowerCase();
  if (line.includes(testAddressLines.returnToSender.toLowerCase())) return 'return_to_sender';
  if (line.includes(testAddressLines.lost.toLowerCase())) return 'failure';
  return 'delivered';
};
