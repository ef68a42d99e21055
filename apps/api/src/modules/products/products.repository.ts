/**
 * Listings in the database, and the one home of every change of a listing's state (put on sale,
 * removed, sold, advertised) and of the row locks taken for them, by other modules too
 * (moderation, booking, the sale).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { advertisements, blockedImeis, orders, priceChanges, productPhotos, products, users } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';
import { isLiveListing, listedProductColumns, publicProductColumns } from '../../db/public-listings.ts';

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
  | 'storageGb'
  | 'colour'
  | 'networkLock'
  | 'batteryHealth'
  | 'imei'
  | 'imeiChecked'
>;

/** What the seller may change of a listing (Add Product's fields but the photos). */
export type ListingChanges = Omit<NewProduct, 'sellerId' | 'imageUrl'>;

/** The columns of a listing an edit may change, as they are now (to say what changed). */
const editableColumns = {
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
  sellerPhone: products.sellerPhone,
  storageGb: products.storageGb,
  colour: products.colour,
  networkLock: products.networkLock,
  batteryHealth: products.batteryHealth,
  imei: products.imei,
  imeiChecked: products.imeiChecked,
};

/**
 * Locks a listing for an edit (FOR UPDATE, like `lockProduct`): a booking (FOR SHARE) or a sale of
 * it waits for the edit, or the edit for them. Undefined when there is no such listing.
 */
export const lockListingForEdit = async (tx: Executor, id: string) => {
  const [row] = await tx
    .select({ id: products.id, sellerId: products.sellerId, status: products.status, ...editableColumns })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row;
};

/** Whether a buyer has an open (booked, unpaid) order on the listing. */
export const hasOpenOrder = async (tx: Executor, productId: string) =>
  (
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.productId, productId), eq(orders.status, 'booked')))
      .limit(1)
  ).length > 0;

/**
 * Writes the seller's changes to a listing. `previousPriceCents` is the "was" price to show (set on
 * a price drop, cleared on a raise); left as it is when undefined (the price did not change).
 */
export const updateListing = (
  tx: Executor,
  id: string,
  changes: ListingChanges,
  previousPriceCents: number | null | undefined,
) =>
  tx
    .update(products)
    .set({
      ...changes,
      ...(previousPriceCents !== undefined ? { previousPriceCents } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, id));

/** Records a change of a listing's price (the price history). */
export const insertPriceChange = (
  tx: Executor,
  values: { productId: string; oldPriceCents: number; newPriceCents: number },
) => tx.insert(priceChanges).values(values);

/** The one available listing per IMEI (schema.ts): a second insert of it fails on this index. */
export const availableImeiIndex = 'products_available_imei_key';

/**
 * Lists a phone for sale ('available'), or for the admins' review ('pending_review'), with its photos in order (the first is the cover, also
 * its `imageUrl`); returns its id. Run in a transaction.
 */
export const insertProduct = async (
  tx: Executor,
  values: Omit<NewProduct, 'imageUrl'>,
  photoUrls: readonly string[],
  pendingReview = false,
): Promise<string> => {
  const [row] = await tx
    .insert(products)
    .values({
      ...values,
      imageUrl: photoUrls[0]!,
      ...(pendingReview
        ? { status: 'pending_review' as const, submittedForReviewAt: sql`now()` }
        : { status: 'available' as const }),
    })
    .returning({ id: products.id });
  await insertPhotos(tx, row!.id, photoUrls);
  return row!.id;
};

const insertPhotos = (tx: Executor, productId: string, photoUrls: readonly string[]) =>
  tx.insert(productPhotos).values(photoUrls.map((imageUrl, position) => ({ productId, position, imageUrl })));

/**
 * Replaces a listing's photos by these, in order, and makes the first its cover (`imageUrl`, what
 * cards show). Run in a transaction that holds the listing's lock (`lockProduct`).
 */
export const replacePhotos = async (tx: Executor, productId: string, photoUrls: readonly string[]) => {
  await tx.delete(productPhotos).where(eq(productPhotos.productId, productId));
  await insertPhotos(tx, productId, photoUrls);
  await tx
    .update(products)
    .set({ imageUrl: photoUrls[0]!, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
};

/**
 * A listing's photo URLs in order. A listing that has no photo rows (one inserted by other means
 * than the API: a bulk import, a benchmark's generator) has its one picture, the cover.
 */
export const findPhotoUrls = async (db: Executor, productId: string, coverUrl: string): Promise<string[]> => {
  const rows = await db
    .select({ url: productPhotos.imageUrl })
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId))
    .orderBy(asc(productPhotos.position));
  return rows.length > 0 ? rows.map((row) => row.url) : [coverUrl];
};

/**
 * Makes the changes about one IMEI (listing it, blocking it) take turns until the transaction
 * ends: a listing checked against the blocked IMEIs cannot commit while a block of its IMEI is
 * taking the phones of that IMEI off sale, which would then miss it.
 */
export const lockImei = (tx: Executor, imei: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`imei:${imei}`}, 0))`);

export const isImeiBlocked = async (tx: Executor, imei: string) =>
  (await tx.select({ imei: blockedImeis.imei }).from(blockedImeis).where(eq(blockedImeis.imei, imei)).limit(1)).length >
  0;

/** The seller whose listing for sale holds `imei`, if any. */
export const findAvailableImeiSeller = async (db: Executor, imei: string): Promise<string | undefined> => {
  const [row] = await db
    .select({ sellerId: products.sellerId })
    .from(products)
    .where(and(eq(products.imei, imei), eq(products.status, 'available')))
    .limit(1);
  return row?.sellerId;
};
/** A listing for sale, or one on its way there (waiting for review, rejected and being fixed). */
const notYetSold = ['available', 'pending_review', 'rejected'] as const;

/**
 * Blocks an IMEI (reported stolen): recorded with the admin's reason, its listings for sale become
 * 'removed', and no listing of it keeps the "IMEI checked" mark. False when it was already blocked.
 * Returns the ids of the listings taken off sale. Run under `lockImei`.
 */
export const blockImei = async (tx: Executor, values: { imei: string; reason: string; blockedBy: string }) => {
  const inserted = await tx
    .insert(blockedImeis)
    .values(values)
    .onConflictDoNothing()
    .returning({ imei: blockedImeis.imei });
  if (inserted.length === 0) return undefined;
  const removed = await tx
    .update(products)
    .set({ status: 'removed', imeiChecked: false, updatedAt: sql`now()` })
    .where(and(eq(products.imei, values.imei), inArray(products.status, notYetSold)))
    .returning({ id: products.id });
  await tx
    .update(products)
    .set({ imeiChecked: false, updatedAt: sql`now()` })
    .where(and(eq(products.imei, values.imei), eq(products.imeiChecked, true)));
  return removed.map((row) => row.id);
};

/** Deletes the advertisements of these listings. */
export const deleteAdvertisementsOfProducts = async (tx: Executor, productIds: string[]) =>
  productIds.length === 0
    ? 0
    : (
        await tx
          .delete(advertisements)
          .where(inArray(advertisements.productId, productIds))
          .returning({ productId: advertisements.productId })
      ).length;

/**
 * Listings anyone may see: for sale or sold (a sold phone still shows, marked sold), by a seller
 * whose account is active. Removed listings are gone from every public view. For queries that join
 * the listing's seller (`users`).
 */

/** A listing as anyone may see it (the details page); undefined when it is not live. */
export const findLiveProduct = async (db: Executor, id: string) => {
  const [row] = await db
    .select(publicProductColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(advertisements, eq(advertisements.productId, products.id))
    .where(and(eq(products.id, id), isLiveListing))
    .limit(1);
  return row;
};

/** A listing's row as its page shows it. */
export type PublicListingRow = NonNullable<Awaited<ReturnType<typeof findLiveProduct>>>;

/**
 * A listing not public yet (waiting for review, or rejected) as its seller and admins see it on its
 * page; undefined for any other listing.
 */
export const findUnpublishedProduct = async (db: Executor, id: string) => {
  const [row] = await db
    .select(publicProductColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(advertisements, eq(advertisements.productId, products.id))
    .where(and(eq(products.id, id), inArray(products.status, ['pending_review', 'rejected'])))
    .limit(1);
  return row;
};

/** A live listing's id and seller (may it be wishlisted, reported?); undefined when it is not live. */
export const findLiveProductSeller = async (db: Executor, id: string) => {
  const [row] = await db
    .select({ id: products.id, sellerId: products.sellerId })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(products.id, id), isLiveListing))
    .limit(1);
  return row;
};

/**
 * Locks a listing for a change of state (advertise, remove, moderation): concurrent changes to one
 * listing (a second click, an admin, the sale of the phone) wait for each other instead of
 * interleaving. Undefined when there is no such listing.
 */
export const lockProduct = async (tx: Executor, id: string) => {
  const [row] = await tx
    .select({
      id: products.id,
      sellerId: products.sellerId,
      name: products.name,
      status: products.status,
      imei: products.imei,
      imageUrl: products.imageUrl,
    })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row;
};

/** The sellers and names of the listings named (for telling each seller about their listing). */
export const findListingSellers = async (db: Executor, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: products.id, sellerId: products.sellerId, name: products.name })
        .from(products)
        .where(inArray(products.id, [...ids]));

/**
 * The phone a buyer wants to book, locked FOR SHARE until the booking commits: a sale of the phone
 * (which locks it FOR UPDATE) then waits for the booking, or the booking sees the phone sold.
 */
export const lockProductForBooking = async (tx: Executor, productId: string) => {
  const [row] = await tx
    .select({
      id: products.id,
      sellerId: products.sellerId,
      name: products.name,
      status: products.status,
      priceCents: products.priceCents,
      sellerDisabledAt: users.disabledAt,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, productId))
    .for('share', { of: products });
  return row;
};

/**
 * Locks the phone the order is for: the first lock of a sale (concurrent sales of it wait here).
 * Also says whether its seller's account is still active (a removed seller's phones are not sold).
 */
export const lockProductOfOrder = async (tx: Executor, orderId: string) => {
  const [row] = await tx
    .select({
      id: products.id,
      status: products.status,
      sellerId: products.sellerId,
      name: products.name,
      isSellerActive: sql<boolean>`${users.disabledAt} is null`,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, sql`(select ${orders.productId} from ${orders} where ${orders.id} = ${orderId})`))
    .for('update', { of: products });
  return row;
};

/**
 * A listing for sale whose phone failed its IMEI check leaves sale as a blocked IMEI's listings do
 * ('removed', without the "IMEI checked" mark). False when it was not for sale any more.
 */
export const removeFlaggedListing = async (tx: Executor, id: string) =>
  (
    await tx
      .update(products)
      .set({ status: 'removed', imeiChecked: false, updatedAt: sql`now()` })
      .where(and(eq(products.id, id), eq(products.status, 'available')))
      .returning({ id: products.id })
  ).length > 0;

/** The phone of an order as its listing describes it, for the IMEI check before its card is charged. */
export const findDeviceOfOrder = async (db: Executor, orderId: string) => {
  const [row] = await db
    .select({
      productId: products.id,
      imei: products.imei,
      brand: products.brand,
      model: products.model,
      networkLock: products.networkLock,
    })
    .from(products)
    .where(eq(products.id, sql`(select ${orders.productId} from ${orders} where ${orders.id} = ${orderId})`))
    .limit(1);
  return row;
};

export const markRemoved = (tx: Executor, id: string) =>
  tx
    .update(products)
    .set({ status: 'removed', updatedAt: sql`now()` })
    .where(eq(products.id, id));

/** The sale: a phone for sale becomes 'sold' (one that is not for sale any more is left as it is). */
export const markSold = (tx: Executor, id: string) =>
  tx
    .update(products)
    .set({ status: 'sold', updatedAt: sql`now()` })
    .where(and(eq(products.id, id), eq(products.status, 'available')));

/**
 * A sold phone that came back (a return refunded after its IMEI was confirmed; decision 0074) is for
 * sale again. False when it was not 'sold' (removed meanwhile, or already back).
 */
export const markBackOnSale = async (tx: Executor, id: string) =>
  (
    await tx
      .update(products)
      .set({ status: 'available', updatedAt: sql`now()` })
      .where(and(eq(products.id, id), eq(products.status, 'sold')))
      .returning({ id: products.id })
  ).length > 0;

/**
 * Withdraws a seller's phones for sale, or waiting for review or rejected ('removed'); sold phones stay sold (money records). Rows a
 * concurrent sale is changing are waited for and checked again, so a phone sold meanwhile stays sold.
 */
export const removeAvailableProductsOf = async (tx: Executor, sellerId: string) =>
  (
    await tx
      .update(products)
      .set({ status: 'removed', updatedAt: sql`now()` })
      .where(and(eq(products.sellerId, sellerId), inArray(products.status, notYetSold)))
      .returning({ id: products.id })
  ).map((row) => row.id);

/** Deletes every advertisement of a seller's phones; returns how many there were. */
export const deleteAdvertisementsOf = async (tx: Executor, sellerId: string) =>
  (
    await tx
      .delete(advertisements)
      .where(
        inArray(
          advertisements.productId,
          tx.select({ id: products.id }).from(products).where(eq(products.sellerId, sellerId)),
        ),
      )
      .returning({ productId: advertisements.productId })
  ).length;

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

/** One of the seller's own listings (for sale or sold, not removed); undefined for anyone else's. */
export const findSellerProduct = async (db: Executor, sellerId: string, id: string) => {
  const [row] = await db
    // The seller's own listing: the whole IMEI, and the phone number buyers who book it get.
    .select({
      ...publicProductColumns,
      imei: products.imei,
      sellerPhone: products.sellerPhone,
      rejectionReason: products.rejectionReason,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(advertisements, eq(advertisements.productId, products.id))
    .where(and(eq(products.id, id), eq(products.sellerId, sellerId), ne(products.status, 'removed')))
    .limit(1);
  return row;
};

/** A seller's own listings (for sale and sold, not removed), newest first; keyset on (created_at, id). */
export const listSellerProducts = (
  db: Database,
  sellerId: string,
  opts: { limit: number; after?: NewestKey | undefined },
) =>
  db
    .select({
      ...listedProductColumns,
      rejectionReason: products.rejectionReason,
      us: microsOf(products.createdAt),
    })
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
