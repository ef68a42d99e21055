import { maskImeiLast4, unlockedNetwork } from './phone-facts.ts';
import { formatPrice } from './money.ts';

/**
 * Texts of the web's listing screens (Add Product, My Products, category pages, a phone's details)
 * that the spec does not give; the spec's own texts (required-field messages, toasts, 'No Your
 * Products', 'Advertise', …) live in messages.ts. Shared so the browser tests find controls by the
 * names the app gives them.
 *
 * Their own module, like account-texts.ts: a module is bundled whole into the first chunk that
 * needs it, and only lazily loaded pages use these.
 */
export const listingTexts = {
  // Add Product form: a visible label per field, in the spec's order
  productName: 'Product name',
  category: 'Category',
  categoryPlaceholder: 'Choose a brand',
  price: 'Selling price ($)',
  priceHint: 'In dollars, like 449 or 449.99',
  /** Under the price: what the seller will receive of it, the marketplace's fee taken (decision 0061). */
  youWillReceive: (net: string, fee: string, rule: string) =>
    `You will receive ${net}: the marketplace keeps ${fee} (${rule}).`,
  feeRuleOnly: (rule: string) => `The marketplace keeps ${rule} of each sale.`,
  feeRule: (percent: string, fixed: string | null) => (fixed ? `${percent}% + ${fixed}` : `${percent}%`),
  originalPrice: 'Original price ($)',
  originalPriceHint: 'What the phone cost new',
  brand: 'Brand',
  model: 'Model',
  used: 'Used for',
  usedHint: 'How long it has been used, like 1 year',
  location: 'Location',
  phone: 'Phone number',
  phoneHint: 'Only buyers who book this phone see it',
  storage: 'Storage',
  storagePlaceholder: 'Choose a size',
  colour: 'Colour',
  networkLock: 'Network lock',
  networkLockHint: 'Unlocked, or the carrier it is locked to',
  batteryHealth: 'Battery health (%)',
  batteryHealthHint: 'Optional: Settings › Battery shows it',
  imei: 'IMEI',
  imeiHint: 'Dial *#06# to see it. Buyers see only its last 4 digits',
  condition: 'Condition',
  conditionPlaceholder: 'Choose one',
  conditionGuideTitle: 'Condition guide',
  /** One line per condition, beside the field. */
  conditionGuide: {
    Excellent: 'Looks like new: no visible scratches, everything works, battery holds well.',
    Good: 'Light signs of use: small scratches on the body, screen unmarked, everything works.',
    Fair: 'Clear signs of use: scratches or dents, maybe a marked screen; everything works.',
  },
  authenticity: 'Authenticity',
  authenticityHint: 'Original, refurbished, with box and receipt, …',
  features: 'Features',
  description: 'Description',
  photo: 'Photo',
  addProductButton: 'Add Product',
  // Editing a listing (My Products › Edit)
  edit: 'Edit',
  editTitle: 'Edit listing',
  saveChanges: 'Save changes',
  productUpdated: 'Product updated successfully',
  editNotAvailable: 'Only a phone that is still for sale can be edited.',
  backToMyProducts: 'Back to My Products',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  savingProduct: 'Saving your phone…',

  // My Products table (the spec's column names)
  columnImage: 'Image',
  columnName: 'Name',
  columnPrice: 'Price',
  columnOriginal: 'Original',
  columnLocation: 'Location',
  columnStatus: 'Sales status',
  columnPromote: 'Promote',
  columnAction: 'Action',
  delete: 'Delete',
  cancel: 'Cancel',
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteText: 'The listing and its advertisement are removed. Buyers will not see this phone any more.',
  deleting: 'Deleting…',
  advertising: 'Advertising…',
  showMore: 'Show more',

  // Category page
  searchLabel: 'Search phones',
  searchPlaceholder: 'Name, model, feature, location…',
  searchButton: 'Search',
  minPrice: 'Min price ($)',
  maxPrice: 'Max price ($)',
  anyCondition: 'Any condition',
  sortLabel: 'Sort by',
  sortNames: { newest: 'Newest', price_asc: 'Price: low to high', price_desc: 'Price: high to low' },
  clearFilters: 'Clear filters',
  loadMore: 'Load more',
  resultCount: (count: number, hasMore: boolean) =>
    hasMore ? `Showing the first ${count} phones` : `${count} ${count === 1 ? 'phone' : 'phones'} found`,
  noMatches: 'No phones match your search',
  noMatchesHint: 'Try fewer words, another spelling or a wider price range.',
  /** A search that found nothing: a link that runs the suggested words instead. */
  didYouMean: (suggestion: string) => `Did you mean ${suggestion}?`,
  emptyCategory: 'No phones for sale in this brand yet',
  resultsLabel: (brand: string) => `${brand} phones`,
  // Phone-fact filters (category and search pages)
  filtersButton: 'Filters',
  filtersActive: (count: number) => `Filters (${count} on)`,
  storageFilter: 'Storage',
  anyStorage: 'Any storage',
  colourFilter: 'Colour',
  colourFilterPlaceholder: 'Any colour, like Blue',
  networkFilter: 'Network',
  anyNetwork: 'Any network',
  unlockedOption: 'Unlocked',
  lockedToOption: (carrier: string) => `Locked to ${carrier}`,
  minBatteryFilter: 'Battery health',
  anyBattery: 'Any battery',
  minBatteryOption: (percent: number) => `${percent}% or more`,
  modelFilter: 'Model',
  modelFilterPlaceholder: 'Any model, like iPhone 13',
  // The all-brands search page
  searchPageTitle: 'Search',
  searchPageHeading: (q: string) => (q ? `Results for “${q}”` : 'All phones'),
  allBrandsResults: 'Phones of every brand',
  emptyCatalogue: 'No phones for sale yet',

  // A phone's details
  listedAt: 'Listed',
  brandLabel: 'Brand',
  modelLabel: 'Model',
  conditionLabel: 'Condition',
  authenticityLabel: 'Authenticity',
  featuresLabel: 'Features',
  descriptionLabel: 'Description',
  sellerHeading: 'Seller',
  soldMarker: 'Sold',
  /** Beside the price after a price drop: the price before it, struck through. */
  wasPrice: 'was',
  storageLabel: 'Storage',
  colourLabel: 'Colour',
  networkLabel: 'Network',
  batteryHealthLabel: 'Battery health',
  imeiLabel: 'IMEI',
  imeiChecked: 'IMEI checked',
  imeiCheckedHint: 'A valid IMEI, listed once, not reported stolen',
  /** '128 GB', '1 TB'. */
  storageValue: (gb: number) => (gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024} TB` : `${gb} GB`),
  networkValue: (lock: string) => (lock === unlockedNetwork ? 'Unlocked' : `Locked to ${lock}`),
  batteryHealthValue: (percent: number) => `${percent}%`,
  maskedImei: maskImeiLast4,
  imeiMaskedLabel: (last4: string) => `IMEI ending in ${last4}`,
  /** '$350 less than the original price (44% off)'; null when it is not below the original price. */
  belowOriginal: (priceCents: number, originalPriceCents: number) => {
    const savedCents = originalPriceCents - priceCents;
    if (savedCents <= 0 || originalPriceCents <= 0) return null;
    const percent = Math.round((savedCents / originalPriceCents) * 100);
    return `${formatPrice(savedCents)} less than the original price${percent > 0 ? ` (${percent}% off)` : ''}`;
  },
} as const;
