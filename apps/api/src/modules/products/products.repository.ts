import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { advertisements, auditLog, products, users } from '../../db/schema.ts';
import { microsOf, publicProductColumns, timestampOf } from '../catalogue/catalogue.repository.ts';

export type NewProduct = Pick<
  typeof products.$inferInsert,
  | 'sellerId'
  | 'categoryId'
  | 'name'
  | 'brand'
  | 'model'
  | 'priceCents'
  | 'originalPriceCents'
  | 'condition'
  | 'used'
  | 'location'
  | 'authenticity'
  | 'features'
  | 'description'
  | 'imageUrl'
  | 'sellerPhone'
>;

/** Lists a phone for sale ('available'); returns its id. */
export const insertProduct = async (db: Executor, values: NewProduct): Promise<string> => {
  const [row] = await db
    .insert(products)
    .values({ ...values, status: 'available' })
    .returning({ id: products.id });
  return row!.id;
};

/**
 * A listing as anyone may see it: for sale or sold (a sold phone still shows, marked sold), by a
 * seller whose account is active. Removed listings are gone from every public view.
 */
export const findLiveProduct = async (db: Executor, id: string) => {
  const [row] = await db
    .select(publicProductColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(advertisements, eq(advertisements.productId, products.id))
    .where(and(eq(products.id, id), inArray(products.status, ['available', 'sold']), isNull(users.disabledAt)))
    .limit(1);
  return row;
};

/**
 * Locks a listing for a change of state (advertise, remove): concurrent changes to one listing
 * (a second click, the sale of the phone) wait for each other instead of interleaving.
 */
export const lockProduct = async (tx: Executor, id: string) => {
  const [row] = await tx
    .select({ id: products.id, sellerId: products.sellerId, status: products.status })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row;
};

export const markRemoved = (tx: Executor, id: string) =>
  tx
    .update(products)
    .set({ status: 'removed', updatedAt: sql`now()` })
    .where(eq(products.id, id));

/** Deletes the listing's advertisement; true when there was one. */
export const deleteAdvertisement = async (tx: Executor, productId: string) =>
  (
    await tx
      .delete(advertisements)
      .where(eq(advertisements.productId, productId))
      .returning({ productId: advertisements.productId })
  ).length > 0;

/** Advertises the listing; false when it already was (one advertisement per listing). */
export const insertAdvertisement = async (tx: Executor, productId: string) =>
  (
    await tx
      .insert(advertisements)
      .values({ productId })
      .onConflictDoNothing()
      .returning({ productId: advertisements.productId })
  ).length > 0;

export const insertAuditEntry = (
  tx: Executor,
  entry: { actorId: string; action: string; subjectType: string; subjectId: string; detail?: unknown },
) => tx.insert(auditLog).values(entry);

/** A seller's own listings (for sale and sold, not removed), newest first; keyset on (created_at, id). */
export const listSellerProducts = (
  db: Database,
  sellerId: string,
  opts: { limit: number; after?: { us: string; id: string } | undefined },
) =>
  db
    .select({ ...publicProductColumns, us: microsOf(products.createdAt) })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(advertisements, eq(advertisements.productId, products.id))
    .where(
      and(
        eq(products.sellerId, sellerId),
        ne(products.status, 'removed'),
        opts.after
          ? sql`(${products.createdAt}, ${products.id}) < (${timestampOf(opts.after.us)}, ${opts.after.id}::uuid)`
          : undefined,
      ),
    )
    // As products_seller_idx is sorted (created_at DESC NULLS LAST), so it serves the order.
    .orderBy(sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`)
    .limit(opts.limit);
