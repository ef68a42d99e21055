/** What every public view of listings reads (catalogue, listings, seller pages, wishlist, moderation). */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { advertisements, products, users } from './schema.ts';

/**
 * The columns a listing shows in a list (a card, a row); the seller's phone number is deliberately
 * absent, and so are the texts only a listing's own page shows (`publicProductColumns`).
 */
export const listedProductColumns = {
  id: products.id,
  categoryId: products.categoryId,
  name: products.name,
  brand: products.brand,
  model: products.model,
  priceCents: products.priceCents,
  previousPriceCents: products.previousPriceCents,
  originalPriceCents: products.originalPriceCents,
  condition: products.condition,
  storageGb: products.storageGb,
  colour: products.colour,
  networkLock: products.networkLock,
  batteryHealth: products.batteryHealth,
  // Never the whole IMEI: only its last four digits leave the database for a public view.
  imeiLast4: sql<string | null>`right(${products.imei}, 4)`,
  imeiChecked: products.imeiChecked,
  used: products.used,
  location: products.location,
  imageUrl: products.imageUrl,
  status: products.status,
  createdAt: products.createdAt,
  isAdvertised: sql<boolean>`${advertisements.productId} is not null`,
  sellerId: users.id,
  sellerName: users.name,
  sellerEmail: users.email,
  // Read from the seller's row at query time, so verifying a seller shows the badge everywhere.
  sellerVerified: users.verified,
  // The seller's running rating totals, kept on their row (docs/decisions/0044): no join, no aggregate.
  sellerRatingCount: users.ratingCount,
  sellerRatingSum: users.ratingSum,
};

/** The columns a listing's own page shows: the listed ones and its texts. */
export const publicProductColumns = {
  ...listedProductColumns,
  authenticity: products.authenticity,
  features: products.features,
  description: products.description,
};

/** A listing anyone may see: for sale or sold, by an active seller (with users joined). */
export const isLiveListing = and(inArray(products.status, ['available', 'sold']), isNull(users.disabledAt));

/** A listing's listed columns as drizzle maps them (other modules' rows), or with `createdAt` as PostgreSQL's text. */
export type ListedProductRow = Omit<SelectResultFields<typeof listedProductColumns>, 'createdAt'> & {
  createdAt: Date | string;
};
/** A listing's public columns as drizzle maps them. */
export type PublicProductRow = ListedProductRow &
  Pick<SelectResultFields<typeof publicProductColumns>, 'authenticity' | 'features' | 'description'>;

/**
 * A listing's listed columns from a row of values, as a statement that selects
 * `listedProductColumns` first returns them in array mode (`preparedRows`): what drizzle's mapping
 * gives, without its work on every cell of every row; `createdAt` stays PostgreSQL's text (drizzle
 * would make it a Date from that same text). Written out for speed; its order is checked against
 * the columns' own when this module loads.
 */
export const listedProductRowOf = (v: readonly unknown[]): ListedProductRow => {
  type Row = ListedProductRow;
  return {
    id: v[0] as Row['id'],
    categoryId: v[1] as Row['categoryId'],
    name: v[2] as Row['name'],
    brand: v[3] as Row['brand'],
    model: v[4] as Row['model'],
    priceCents: v[5] as Row['priceCents'],
    previousPriceCents: v[6] as Row['previousPriceCents'],
    originalPriceCents: v[7] as Row['originalPriceCents'],
    condition: v[8] as Row['condition'],
    storageGb: v[9] as Row['storageGb'],
    colour: v[10] as Row['colour'],
    networkLock: v[11] as Row['networkLock'],
    batteryHealth: v[12] as Row['batteryHealth'],
    imeiLast4: v[13] as Row['imeiLast4'],
    imeiChecked: v[14] as Row['imeiChecked'],
    used: v[15] as Row['used'],
    location: v[16] as Row['location'],
    imageUrl: v[17] as Row['imageUrl'],
    status: v[18] as Row['status'],
    createdAt: v[19] as string,
    isAdvertised: v[20] as Row['isAdvertised'],
    sellerId: v[21] as Row['sellerId'],
    sellerName: v[22] as Row['sellerName'],
    sellerEmail: v[23] as Row['sellerEmail'],
    sellerVerified: v[24] as Row['sellerVerified'],
    sellerRatingCount: v[25] as Row['sellerRatingCount'],
    sellerRatingSum: v[26] as Row['sellerRatingSum'],
  };
};

/** How many values `listedProductRowOf` reads: the columns a statement selects after them come next. */
export const listedProductColumnCount = Object.keys(listedProductColumns).length;

// Given the columns' names as values, each field must get its own name: the order is the columns'.
const names = Object.keys(listedProductColumns);
if (
  Object.keys(listedProductRowOf(names)).join() !== names.join() ||
  Object.entries(listedProductRowOf(names)).some(([field, value]) => field !== value)
)
  throw new Error('listedProductRowOf reads the columns in another order than listedProductColumns lists them');
