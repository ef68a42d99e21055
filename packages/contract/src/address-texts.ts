/**
 * Texts of delivery addresses: the Addresses page (list, add form, remove, the seller's ship-from
 * choice), the booking modal's choice between a meeting and shipping, the seller's view of where a
 * shipped order goes, and the API's refusals. No zod here: only lazily loaded pages and the API use
 * them. Shared so the browser tests find controls by the names the app gives them.
 *
 * A carrier's reason for refusing an address ("Address not found") comes from the shipping port and
 * is shown as given; it is never written here.
 */

/** Bounds of our own (no spec gives them). */
export const addressLimits = {
  /** Live (not removed) addresses one person keeps. */
  perPerson: 10,
  name: 100,
  line: 120,
  city: 80,
  region: 80,
  postalCode: 20,
} as const;

/**
 * Countries an address may be in (ISO 3166-1 alpha-2), with the names the form lists them by: the
 * countries the carriers ReCell works with deliver to, in the list's order.
 */
export const addressCountryNames = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  IE: 'Ireland',
  DE: 'Germany',
  FR: 'France',
  ES: 'Spain',
  IT: 'Italy',
  NL: 'Netherlands',
  BE: 'Belgium',
  AT: 'Austria',
  CH: 'Switzerland',
  SE: 'Sweden',
  DK: 'Denmark',
  NO: 'Norway',
  FI: 'Finland',
  PL: 'Poland',
  PT: 'Portugal',
  AU: 'Australia',
  NZ: 'New Zealand',
} as const;
export type AddressCountry = keyof typeof addressCountryNames;
export const addressCountries = Object.keys(addressCountryNames) as [AddressCountry, ...AddressCountry[]];

/** Validation messages of the address form (the API answers the same ones, per field). */
export const addressMessages = {
  nameRequired: 'Enter the name of the person the parcel is for',
  nameTooLong: `Keep the name under ${addressLimits.name} characters`,
  line1Required: 'Enter the street address',
  lineTooLong: `Keep each address line under ${addressLimits.line} characters`,
  cityRequired: 'Enter the town or city',
  cityTooLong: `Keep the town or city under ${addressLimits.city} characters`,
  regionTooLong: `Keep the state, province or county under ${addressLimits.region} characters`,
  postalCodeRequired: 'Enter the postal code',
  postalCodeInvalid: 'A postal code has only letters, digits, spaces and dashes',
  countryRequired: 'Choose a country',
  addressIdRequired: 'Choose an address to ship to',

  // The API's refusals
  addressNotFound: 'This address was not found',
  tooManyAddresses: `You can keep at most ${addressLimits.perPerson} addresses. Remove one to add another.`,
  /** A booking names an address that is removed or not the buyer's. */
  shippingAddressUnavailable: 'This address is no longer in your addresses. Choose another one or add it again.',
  /** The carrier could not be reached to verify an address. */
  verificationUnavailable: 'We could not check this address just now. Try again in a minute.',
} as const;

export const addressTexts = {
  // The Addresses page
  pageTitle: 'Addresses',
  intro: 'Where phones you buy are shipped to. Each address is checked with the carrier when you add or edit it.',
  introSeller: 'Where phones you buy are shipped to, and the address you ship sold phones from.',
  noAddresses: 'No addresses yet',
  addHeading: 'Add an address',
  name: 'Full name',
  line1: 'Address line 1',
  line1Hint: 'Street and number',
  line2: 'Address line 2 (optional)',
  line2Hint: 'Apartment, suite, floor',
  city: 'Town or city',
  region: 'State, province or county',
  regionHint: 'If the country uses one (the US and Canada do)',
  postalCode: 'Postal code',
  country: 'Country',
  chooseCountry: 'Choose a country',
  phone: 'Phone number',
  phoneHint: 'For the carrier, if the parcel needs it',
  addAddress: 'Add address',
  addingAddress: 'Checking the address…',
  edit: 'Edit',
  editHeading: 'Edit the address',
  saveAddress: 'Save address',
  cancelEdit: 'Cancel',
  remove: 'Remove',
  removing: 'Removing…',
  shipFrom: 'Ship-from address',
  useAsShipFrom: 'Use as ship-from address',
  limitReached: `You keep ${addressLimits.perPerson} addresses, the most there can be. Remove one to add another.`,

  // Toasts
  added: 'Address added',
  saved: 'Address saved',
  removed: 'Address removed',
  shipFromChosen: 'Ship-from address chosen',

  // The booking modal's choice
  deliveryLegend: 'How do you want to get the phone?',
  meetInPerson: 'Meet in person',
  shipToAddress: 'Ship to an address',
  shipToLegend: 'Ship to',
  noAddressesForBooking: 'You have no addresses yet.',
  addAnAddress: 'Add an address',
  manageAddresses: 'Manage addresses',

  // Where a shipped order goes (My Sales, the order's page)
  delivery: 'Delivery',
  deliveryMeeting: 'Meeting',
  deliveryShipping: 'Shipping',
  shipTo: 'Ship to',
} as const;

/** An address in one line, as lists and the booking's picker show it. */
export const addressOneLine = (address: {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}) =>
  [
    address.name,
    address.line1,
    address.line2,
    address.city,
    `${address.region} ${address.postalCode}`.trim(),
    address.country,
  ]
    .filter((part) => part !== null && part !== '')
    .join(', ');
