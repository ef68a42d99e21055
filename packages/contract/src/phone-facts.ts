/**
 * Phone facts the listing texts need without the listing schemas (this module stays small: the
 * card and details texts import it).
 */

/** The storage sizes a seller picks from, in GB (1024 is 1 TB). */
export const storageOptionsGb = [16, 32, 64, 128, 256, 512, 1024] as const;

/** The network lock of a phone that works with any carrier (any other value is a carrier's name). */
export const unlockedNetwork = 'unlocked';

/** The carriers the search filters offer (a listing may name any other; the API takes any name). */
export const commonCarriers = ['AT&T', 'T-Mobile', 'Verizon', 'US Cellular'] as const;

/** The minimum battery health figures the search filters offer, in %. */
export const minBatteryOptions = [80, 85, 90, 95, 100] as const;

/**
 * The IMEI of a phone: 15 digits, the last a Luhn check digit over the first 14 (3GPP TS 23.003).
 * The few lines of Luhn are the marketplace's own rule, shared by the form, the API, the demo data
 * and the tests.
 */

/** The Luhn check digit that completes `digits` (a string of digits). */
export const luhnCheckDigit = (digits: string): number => {
  let sum = 0;
  // From the right, every second digit (starting with the last given one) is doubled.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
};

export const imeiLength = 15;

/** What is wrong with an IMEI typed without separators, or undefined when it is a valid one. */
export const imeiProblem = (imei: string): 'notDigits' | 'length' | 'checkDigit' | undefined => {
  if (!/^\d*$/.test(imei)) return 'notDigits';
  if (imei.length !== imeiLength) return 'length';
  return luhnCheckDigit(imei.slice(0, -1)) === Number(imei.at(-1)) ? undefined : 'checkDigit';
};

/** A valid IMEI from its first 14 digits (demo data and tests make theirs this way). */
export const imeiWithCheckDigit = (first14: string): string => `${first14}${luhnCheckDigit(first14)}`;

/** How anyone but its seller sees an IMEI: only its last four digits ("•••••••••••1234"). */
export const maskImeiLast4 = (last4: string): string => `${'•'.repeat(imeiLength - 4)}${last4}`;
