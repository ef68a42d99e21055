/**
 * The listing rules that need no schema library: the conditions, sorts, bounds and texts of a
 * listing, the dollar amounts as typed, and the browse filters' checks. Pages that only browse
 * (a category page, search) use these without loading zod; the schemas in listings.ts build on
 * the same rules, and a test holds the browse checks to the API's query schema.
 */
import { storageOptionsGb } from './phone-facts.ts';
import { messages } from './messages.ts';
import { formatPrice } from './money.ts';
import { hasControlCharacters } from './text-rules.ts';

/** The conditions a seller picks from (a select on the form; a filter on category pages). */
export const productConditions = ['Excellent', 'Good', 'Fair'] as const;
export type ProductCondition = (typeof productConditions)[number];

/** The orders a category page can be sorted in. */
export const productSorts = ['newest', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof productSorts)[number];

/** Bounds the spec leaves open (§5 "Length or range bounds: not shown"); ours, enforced on both sides. */
export const listingLimits = {
  /** A price is more than $0 and at most $100,000 (10,000,000 cents). */
  maxPriceDollars: 100_000,
  maxLength: {
    name: 120,
    brand: 60,
    model: 80,
    used: 60,
    location: 120,
    authenticity: 200,
    features: 1000,
    description: 2000,
    colour: 30,
    networkLock: 40,
  },
  storageOptionsGb,
  /** Battery health in %, when the seller gives it: below 50 a battery is worn out, not a fact to sell on. */
  batteryHealth: { min: 50, max: 100 },
  /** A phone number is 6 to 20 digits, optionally after a leading +. */
  phoneDigits: { min: 6, max: 20 },
  /** A search is at most this long; only its first `searchMaxWords` words are used. */
  searchMaxLength: 100,
  searchMaxWords: 8,
} as const;

/** Our own texts where the spec is silent. The required-field texts are the spec's (`messages`). */
export const listingMessages = {
  priceInvalid: 'Enter the price in dollars, like 499 or 499.99',
  priceTooLow: 'Price must be more than $0',
  priceTooHigh: `Price must be at most ${formatPrice(listingLimits.maxPriceDollars * 100)}`,
  originalPriceInvalid: 'Enter the original price in dollars, like 999 or 999.99',
  originalPriceTooLow: 'Original price must be more than $0',
  originalPriceTooHigh: `Original price must be at most ${formatPrice(listingLimits.maxPriceDollars * 100)}`,
  originalPriceBelowPrice: 'Original price must be at least the price',
  phoneInvalid: `Enter a phone number of ${listingLimits.phoneDigits.min} to ${listingLimits.phoneDigits.max} digits`,
  /** The spec's "phone numeric": a phone number with a letter (or another sign) in it. */
  phoneDigitsOnly: 'Phone number must contain digits only',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  conditionInvalid: `Choose a condition: ${productConditions.join(', ')}`,
  sortInvalid: 'Sort by newest, price_asc or price_desc',
  minPriceInvalid: 'Enter the minimum price in dollars, like 100 or 99.99',
  maxPriceInvalid: 'Enter the maximum price in dollars, like 500 or 499.99',
  priceRangeInverted: 'The minimum price must not be more than the maximum.',
  searchTooLong: `Search for at most ${listingLimits.searchMaxLength} characters`,
  storageFilterInvalid: `Choose a storage size in GB: ${storageOptionsGb.join(', ')}`,
  minBatteryInvalid: `Minimum battery health is a whole number from ${listingLimits.batteryHealth.min} to ${listingLimits.batteryHealth.max}`,
  productNotFound: 'This phone was not found. It may have been removed.',
  categoryNotFound: 'This category does not exist',
  notYourProduct: 'Only the seller who listed this phone can do that',
  soldCannotBeAdvertised: 'This phone has been sold, so it cannot be advertised',
  alreadyAdvertised: 'This phone is already advertised',
  cursorOtherSort: 'This cursor belongs to another sort order; start again from the first page',
  storageRequired: 'Choose the storage',
  storageInvalid: 'Choose a storage size from the list',
  colourRequired: 'Enter the colour',
  networkLockRequired: 'Enter Unlocked, or the carrier the phone is locked to',
  batteryHealthInvalid: `Battery health is a whole number from ${listingLimits.batteryHealth.min} to ${listingLimits.batteryHealth.max}`,
  imeiRequired: 'Enter the IMEI (dial *#06# on the phone to see it)',
  imeiNotDigits: 'The IMEI has digits only',
  imeiLength: 'The IMEI has exactly 15 digits',
  imeiCheckDigit: 'This IMEI is not valid: its last digit does not match the others. Check it for a typo',
  imeiInUse: 'A phone with this IMEI is already for sale. A phone can be listed only once at a time',
  imeiBlocked: 'This IMEI has been reported stolen, so the phone cannot be listed',
  /**
   * A seller's IMEI refused again in a day: one answer whatever the reason (in another listing for
   * sale, or blocked), so guessing another seller's IMEI learns nothing from it.
   */
  imeiRefused:
    'This IMEI cannot be listed. Check it on the phone (dial *#06#); if it is right, write to us through Contact us',
  /** Past the new IMEIs a seller may try in a day (a new listing, or an edit that changes the IMEI). */
  tooManyImeiChanges: (retryAfterSeconds: number) =>
    `You have tried too many new IMEIs today. You can enter another in ${
      retryAfterSeconds < 3600
        ? `${Math.ceil(retryAfterSeconds / 60)} minutes`
        : `about ${Math.ceil(retryAfterSeconds / 3600)} hours`
    }`,
  soldCannotBeEdited: 'This phone has been sold, so its listing cannot be changed',
  bookedCannotBeEdited: 'A buyer has booked this phone, so its listing cannot be changed while the booking is open',
} as const;

/** "499", "499.9", "499.99", " $499 " — digits with at most two decimals, nothing else. */
export const dollarsPattern = /^\$?(\d{1,9})(?:\.(\d{1,2}))?$/;

/** The exact number of cents of a validated dollar amount (499.99 → 49999; no float drift). */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/** Dollars as typed: trimmed text or a finite number; undefined when it is not a plain amount. */
export const parseDollars = (value: string | number): number | undefined => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = dollarsPattern.exec(text);
  if (!match) return undefined;
  return Number(match[1]) + Number((match[2] ?? '').padEnd(2, '0')) / 100;
};

// ---------------------------------------------------------------------------------------------
// Browse filters as typed (the query schema in listings.ts makes the same checks on the API)

/** A query-string value: trimmed; blank is no filter. */
const typed = (value: string | null | undefined) => (value ?? '').trim();

/** A price filter as typed: its amount in dollars, no filter when blank, or the message refusing it. */
export const checkPriceFilter = (value: string, invalid: string): { dollars?: number; error?: string } => {
  const trimmed = typed(value);
  if (trimmed === '') return {};
  if (hasControlCharacters(value)) return { error: messages.controlCharacters };
  const amount = parseDollars(trimmed);
  if (amount === undefined) return { error: invalid };
  if (amount > listingLimits.maxPriceDollars) return { error: listingMessages.priceTooHigh };
  return { dollars: amount };
};

/** The price range as typed: each bound's check, and an upside-down range refused on the maximum. */
export const checkPriceRange = (minPrice: string, maxPrice: string) => {
  const min = checkPriceFilter(minPrice, listingMessages.minPriceInvalid);
  const max = checkPriceFilter(maxPrice, listingMessages.maxPriceInvalid);
  if (min.dollars !== undefined && max.dollars !== undefined && max.dollars < min.dollars)
    return { min, max: { error: listingMessages.priceRangeInverted } };
  return { min, max };
};

/** Whether a phone-fact filter's value (not blank) is one the API takes. */
export const isPhoneFactFilter = (name: 'storage' | 'network' | 'minBattery', value: string): boolean => {
  const trimmed = typed(value);
  if (trimmed === '' || hasControlCharacters(trimmed)) return false;
  if (name === 'network') return trimmed.length <= listingLimits.maxLength.networkLock;
  if (name === 'storage')
    return /^\d{1,4}$/.test(trimmed) && (storageOptionsGb as readonly number[]).includes(Number(trimmed));
  return (
    /^\d{1,3}$/.test(trimmed) &&
    Number(trimmed) >= listingLimits.batteryHealth.min &&
    Number(trimmed) <= listingLimits.batteryHealth.max
  );
};
