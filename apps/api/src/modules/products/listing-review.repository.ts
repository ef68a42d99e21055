/**
 * Listing review in the database (docs/decisions/0068): the verification codes and their private
 * photos (`listing_codes`, owned here), whether a seller is trusted, the admins' queue, and the
 * listing's review states (its `products` row, owned by this module).
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { listingCodes, products, users } from '../../db/schema.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';
import type { NewestKey } from '../../lib/cursor.ts';

/** The seller's completed sales (paid, completed, not refunded) and whether an admin verified them. */
export const findSellerStanding = async (db: Executor, sellerId: string) => {
  const [row] = await db
    .select({
      verified: users.verified,
      // Named in full: drizzle leaves the columns of a one-table select unqualified.
      completedSales: sql<number>`(
        select count(*)::int from orders o join products p on p.id = o.product_id
        where p.seller_id = ${sellerId} and o.status = 'paid' and o.progress = 'completed' and o.refunded_at is null)`,
    })
    .from(users)
    .where(eq(users.id, sellerId));
  return row;
};

/** Issues a code to the seller; undefined when the code is taken already (the caller draws another). */
export const insertCode = async (db: Executor, sellerId: string, code: string) => {
  const [row] = await db
    .insert(listingCodes)
    .values({ sellerId, code })
    .onConflictDoNothing()
    .returning({ code: listingCodes.code });
  return row;
};

/** A code with its seller and whether it was used (locked FOR UPDATE: a photo or a listing takes it in turn). */
export const lockCode = async (tx: Executor, code: string) => {
  const [row] = await tx
    .select({
      id: listingCodes.id,
      sellerId: listingCodes.sellerId,
      productId: listingCodes.productId,
      hasPhoto: sql<boolean>`${listingCodes.photo} is not null`,
    })
    .from(listingCodes)
    .where(eq(listingCodes.code, code))
    .for('update');
  return row;
};

export const setCodePhoto = (tx: Executor, id: string, photo: Buffer) =>
  tx.update(listingCodes).set({ photo }).where(eq(listingCodes.id, id));

/** Marks the code used by this listing (the unique index holds it to one listing). */
export const useCode = (tx: Executor, id: string, productId: string) =>
  tx
    .update(listingCodes)
    .set({ productId })
    .where(and(eq(listingCodes.id, id), isNull(listingCodes.productId)));

/** A listing's verification photo with its seller; undefined when the listing has none. */
export const findListingPhoto = async (db: Executor, productId: string) => {
  const [row] = await db
    .select({ photo: listingCodes.photo, sellerId: products.sellerId, status: products.status })
    .from(listingCodes)
    .innerJoin(products, eq(products.id, listingCodes.productId))
    .where(and(eq(listingCodes.productId, productId), isNotNull(listingCodes.photo)))
    .limit(1);
  return row;
};

/** Whether another listing for sale has this IMEI (the unique index covers only listings for sale). */
export const isImeiForSale = async (tx: Executor, imei: string, exceptId?: string) =>
  (
    await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.imei, imei),
          eq(products.status, 'available'),
          exceptId ? sql`${products.id} <> ${exceptId}` : undefined,
        ),
      )
      .limit(1)
  ).length > 0;

/** The admins' queue: listings waiting for review, oldest submission first; keyset on (submitted, id). */
export const listPendingListings = (db: Executor, opts: { limit: number; after?: NewestKey | undefined }) =>
  db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      model: products.model,
      priceCents: products.priceCents,
      imageUrl: products.imageUrl,
      submittedAt: products.submittedForReviewAt,
      us: microsOf(products.submittedForReviewAt),
      hasPhoto: sql<boolean>`exists (select 1 from listing_codes c where c.product_id = ${products.id} and c.photo is not null)`,
      sellerId: users.id,
      sellerName: users.name,
      sellerEmail: users.email,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      and(
        isNotNull(products.submittedForReviewAt),
        eq(products.status, 'pending_review'),
        opts.after
          ? sql`(${products.submittedForReviewAt}, ${products.id}) > (${timestampOf(opts.after.us)}, ${opts.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(products.submittedForReviewAt), asc(products.id))
    .limit(opts.limit);

/** The decision: a listing waiting for review goes on sale, or is rejected with the admin's reason. */
export const decideListing = (
  tx: Executor,
  id: string,
  decision: { status: 'available' } | { status: 'rejected'; reason: string },
) =>
  tx
    .update(products)
    .set({
      status: decision.status,
      rejectionReason: decision.status === 'rejected' ? decision.reason : null,
      submittedForReviewAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, id));

/** A rejected listing goes back to the queue (its seller changed it), at the end. */
export const resubmitListing = (tx: Executor, id: string) =>
  tx
    .update(products)
    .set({ status: 'pending_review', rejectionReason: null, submittedForReviewAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(products.id, id), eq(products.status, 'rejected')));
