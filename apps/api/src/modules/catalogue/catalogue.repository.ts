import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { advertisements, categories, products, users } from '../../db/schema.ts';

export const listCategories = (db: Database) =>
  db
    .select({ id: categories.id, brand: categories.brand, imageUrl: categories.imageUrl })
    .from(categories)
    .orderBy(asc(categories.position));

/** The columns every public listing view shows; the seller's phone number is deliberately absent. */
export const publicProductColumns = {
  id: products.id,
  categoryId: products.categoryId,
  name: products.name,
  brand: products.brand,
  model: products.model,
  priceCents: products.priceCents,
  originalPriceCents: products.originalPriceCents,
  condition: products.condition,
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
};

export type PublicProductRow = Awaited<ReturnType<typeof listAdvertised>>[number];

/** Advertised phones that are still for sale, newest advertisement first; keyset on (created_at, id). */
export const listAdvertised = (db: Database, opts: { limit: number; after?: { at: string; id: string } | undefined }) =>
  db
    // The cursor keeps PostgreSQL's own microsecond text form: a JS Date would round it to ms.
    .select({ ...publicProductColumns, advertisedAt: sql<string>`${advertisements.createdAt}::text` })
    .from(advertisements)
    .innerJoin(products, eq(products.id, advertisements.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      and(
        eq(products.status, 'available'),
        sql`${users.disabledAt} is null`,
        opts.after
          ? sql`(${advertisements.createdAt}, ${advertisements.productId}) < (${opts.after.at}::timestamptz, ${opts.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(advertisements.createdAt), desc(advertisements.productId))
    .limit(opts.limit);
