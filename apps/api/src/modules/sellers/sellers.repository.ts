import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { advertisements, products, users } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';
import { listedProductColumns } from '../../db/public-listings.ts';

/** An active seller's public face; undefined for an unknown id, another role or a disabled account. */
export const findActiveSeller = async (db: Database, id: string) => {
  const [row] = await db
    // Only what the page shows: never the email, the password hash or the role.
    .select({
      id: users.id,
      name: users.name,
      imageUrl: users.imageUrl,
      verified: users.verified,
      createdAt: users.createdAt,
      ratingCount: users.ratingCount,
      ratingSum: users.ratingSum,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'seller'), isNull(users.disabledAt)))
    .limit(1);
  return row;
};

/** The seller's phones for sale, newest first (products_seller_idx); keyset on (created_at, id). */
export const listAvailableOfSeller = (
  db: Database,
  sellerId: string,
  opts: { limit: number; after?: NewestKey | undefined },
) =>
  db
    .select({ ...listedProductColumns, us: microsOf(products.createdAt) })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(advertisements, eq(advertisements.productId, products.id))
    .where(
      and(
        eq(products.sellerId, sellerId),
        eq(products.status, 'available'),
        isNull(users.disabledAt),
        opts.after
          ? sql`(${products.createdAt}, ${products.id}) < (${timestampOf(opts.after.us)}, ${opts.after.id}::uuid)`
          : undefined,
      ),
    )
    // As products_seller_idx is sorted (created_at DESC NULLS LAST), so it serves the order.
    .orderBy(sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`)
    .limit(opts.limit);
