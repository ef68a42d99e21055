/** What every public view of listings reads (catalogue, listings, seller pages, wishlist, moderation). */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { advertisements, products, users } from './schema.ts';

/** The columns every public listing view shows; the seller's phone number is deliberately absent. */
export const publicProductColumns = {
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
  authenticity: products.authenticity,
  features: products.features,
  description: products.description,
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

/** A listing anyone may see: for sale or sold, by an active seller (with users joined). */
export const isLiveListing = and(inArray(products.status, ['available', 'sold']), isNull(users.disabledAt));
