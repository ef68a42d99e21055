/**
 * Sellers' listings: putting a phone on sale, the seller's own list, advertising, removal, and the
 * details page. The rules (docs/product.md, States and rules): a listing is 'available' when created,
 * or 'pending_review' when its seller is not trusted yet (listing-review.service.ts); only
 * its seller advertises it, only while it is for sale, once; its seller or an admin removes it,
 * which takes its advertisement with it and leaves orders and payments that reference it intact.
 */
import {
  dollarsToCents,
  imageIdPattern,
  listingMessages,
  listingReviewMessages,
  imageIdOfUrl,
  formatPrice,
  messages,
  notices,
  photoMessages,
  PhotoIdsSchema,
  ProductFieldsSchema,
  uploadMessages,
  VerificationCodeSchema,
  type MyProduct,
  type MyProductDetails,
  type MyProductPage,
  type PageQuery,
  type ProductFields,
  type ProductWithPhotos,
} from '@recell/contract';
import type { ImageStorage } from '../../adapters/storage/storage.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { productIdOf } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { notify, notifyWishlisters } from '../notifications/index.ts';
import { toPublicProduct } from '../catalogue/index.ts';
import { imageUrlForId, storeImage } from '../uploads/index.ts';
import * as repository from './products.repository.ts';
import { checkImeiNotForSale, resubmitIfRejected, reviewOfNewListing } from './listing-review.service.ts';
import { isUniqueViolationOf } from '../../db/unique-violation.ts';

const productNotFound = () => notFound(listingMessages.productNotFound);

export interface ProductDeps {
  db: Database;
  /** Where listing pictures are stored. */
  storage: ImageStorage;
  /** Tells public listing pages to refresh; called after every committed change of a listing. */
  listingsChanged: () => void;
  /** The site's address, for the links in notification emails. */
  publicUrl: string;
  /** Says that committed emails wait in the outbox. */
  emailsQueued: () => void;
  /** Completed sales that make a seller's listings go live at once; 0 turns review off (listing-review.service.ts). */
  trustedSellerSales: number;
}

export interface ListingForm {
  /** The form's values as sent: multipart text parts (first of each name) or the JSON body. */
  fields: Record<string, unknown>;
  /** The bytes of the multipart file `image`; undefined when none (or an empty one) was sent. */
  image?: Buffer | undefined;
  /** What the form calls its pictures, for the error beside them: the file `image` or the JSON `imageIds`. */
  imageField: 'image' | 'imageIds';
}

interface ValidListing {
  fields: ProductFields;
  /** The multipart form's one picture, or the ids of pictures uploaded before, in order. */
  photos: { bytes: Buffer } | { ids: string[]; field: 'imageIds' | 'imageId' };
}

/** The first message of a failed parse. */
const firstMessage = (error: { issues: Array<{ message: string }> }) =>
  error.issues[0]?.message ?? messages.validationFailed;

/**
 * The listing's photos as sent: `imageIds` (JSON, in order), else the older `imageId` (JSON, one
 * photo), else the multipart file `image`. Records a refusal in `errors` under the field's name.
 */
const photosOf = (form: ListingForm, errors: Record<string, string>): ValidListing['photos'] | undefined => {
  const { imageIds, imageId } = form.fields;
  if (imageIds !== undefined) {
    const parsed = PhotoIdsSchema.safeParse(imageIds);
    if (parsed.success) return { ids: parsed.data, field: 'imageIds' };
    errors.imageIds = firstMessage(parsed.error);
    return undefined;
  }
  const id = typeof imageId === 'string' ? imageId.trim().toLowerCase() : '';
  if (id !== '') {
    if (imageIdPattern.test(id)) return { ids: [id], field: 'imageId' };
    errors.imageId = uploadMessages.imageNotFound;
    return undefined;
  }
  if (form.image) return { bytes: form.image };
  errors[form.imageField] = messages.imageRequired;
  return undefined;
};

/** Every invalid field of the form with its first message, in form order. */
const parseFields = (fields: unknown) => {
  const parsed = ProductFieldsSchema.safeParse(fields);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  }
  return { parsed, errors };
};

/** Every invalid field with its first message, in form order; the photos are required too. */
const validateListing = (form: ListingForm): ValidListing => {
  const { parsed, errors } = parseFields(form.fields);
  const photos = photosOf(form, errors);
  const first = Object.values(errors)[0];
  if (first !== undefined || !parsed.success || !photos) throw badRequest(first ?? messages.validationFailed, errors);
  return { fields: parsed.data, photos };
};

/**
 * The URLs of uploaded pictures, in the order of their ids; a 400 naming `field` when any is not
 * stored (never uploaded, or collected as an orphan long ago).
 */
const storedPhotoUrls = async (storage: ImageStorage, ids: readonly string[], field: string): Promise<string[]> => {
  const urls = await Promise.all(ids.map((id) => imageUrlForId(storage, id)));
  if (urls.some((url) => url === undefined))
    throw badRequest(photoMessages.notFound, { [field]: photoMessages.notFound });
  return urls as string[];
};

/**
 * Puts a seller's phone on sale. The fields are checked before any picture is processed; the
 * photos are the multipart form's one file (checked, cleaned, stored) or pictures uploaded before,
 * by their ids, in order: the first is the cover.
 */
export const createProduct = async (
  deps: ProductDeps,
  seller: AuthUser,
  form: ListingForm,
): Promise<ProductWithPhotos> => {
  const { fields, photos } = validateListing(form);
  const photoUrls =
    'bytes' in photos
      ? [(await storeImage(deps.storage, photos.bytes)).url]
      : await storedPhotoUrls(deps.storage, photos.ids, photos.field);
  const listing: Omit<repository.NewProduct, 'imageUrl'> = { sellerId: seller.id, ...listingValuesOf(fields) };
  const { id, pending } = await insertCheckedListing(
    deps,
    seller,
    listing,
    photoUrls,
    fields.imei,
    verificationCodeOf(form),
  );
  if (pending) return getListingAsSeen(deps, seller, id);
  deps.listingsChanged();
  return getProduct(deps, id);
};

/** The form's verification code (listing review), or a 400 naming it when it is malformed. */
const verificationCodeOf = (form: ListingForm): string | undefined => {
  const value = form.fields.verificationCode;
  if (value === undefined || value === '') return undefined;
  const parsed = VerificationCodeSchema.safeParse(value);
  if (!parsed.success) throw badRequest(firstMessage(parsed.error), { verificationCode: firstMessage(parsed.error) });
  return parsed.data;
};

/** The listing's columns from the form's checked fields; a valid IMEI makes it "IMEI checked". */
const listingValuesOf = (fields: ProductFields): repository.ListingChanges => ({
  categoryId: fields.categoryId,
  name: fields.name,
  brand: fields.brand,
  model: fields.model,
  priceCents: dollarsToCents(fields.price),
  originalPriceCents: dollarsToCents(fields.originalPrice),
  condition: fields.condition,
  used: fields.used,
  location: fields.location,
  authenticity: fields.authenticity,
  features: fields.features,
  description: fields.description,
  sellerPhone: fields.phone,
  storageGb: fields.storageGb,
  colour: fields.colour,
  networkLock: fields.networkLock,
  batteryHealth: fields.batteryHealth ?? null,
  imei: fields.imei,
  imeiChecked: true,
});

const imeiRefusal = (message: string) => conflict(message, { imei: message });

/**
 * Lists the phone unless its IMEI is blocked or already in a listing for sale. The refusals name
 * nothing of the other listing. Taken in turn with a block of the same IMEI (`lockImei`); two
 * listings of one IMEI made at once are told apart by the unique index, whichever commits first.
 */
const insertCheckedListing = async (
  deps: ProductDeps,
  seller: AuthUser,
  listing: Omit<repository.NewProduct, 'imageUrl'>,
  photoUrls: readonly string[],
  imei: string,
  verificationCode: string | undefined,
) => {
  try {
    return await deps.db.transaction(async (tx) => {
      // A seller under review lists with a code of theirs and its photo, or not at all.
      const review = await reviewOfNewListing(tx, deps, seller, verificationCode);
      await repository.lockImei(tx, imei);
      if (await repository.isImeiBlocked(tx, imei)) throw imeiRefusal(listingMessages.imeiBlocked);
      if (review.pending) await checkImeiNotForSale(tx, imei);
      const id = await repository.insertProduct(tx, listing, photoUrls, review.pending);
      if (review.pending) await review.claim(id);
      return { id, pending: review.pending };
    });
  } catch (error) {
    if (isUniqueViolationOf(error, repository.availableImeiIndex)) throw imeiRefusal(listingMessages.imeiInUse);
    throw error;
  }
};

/**
 * The seller changes their listing (every field of Add Product but the photos): only their own,
 * only while it is for sale and no buyer has an open booking on it (the booking's price and the
 * phone it describes must stay what the buyer booked). The IMEI is checked as on Add Product, under
 * the same lock: not blocked, not in another listing for sale. A new price is recorded in the price
 * history in the same transaction, and a drop shows the old price as "was" (a raise shows none).
 * Audited with ids and the names of the changed fields only.
 */
export const updateProduct = async (
  deps: ProductDeps,
  seller: AuthUser,
  id: string,
  fields: ProductFields,
): Promise<ProductWithPhotos> => {
  const listingId = productIdOf(id);
  const changes = listingValuesOf(fields);
  try {
    await deps.db.transaction(async (tx) => {
      // The listing's row first, as a block of its IMEI takes the reported listing's row first.
      const current = await repository.lockListingForEdit(tx, listingId);
      if (!current || current.status === 'removed') throw productNotFound();
      if (current.sellerId !== seller.id) throw forbidden(listingMessages.notYourProduct);
      if (current.status === 'sold') throw conflict(listingMessages.soldCannotBeEdited);
      if (await repository.hasOpenOrder(tx, listingId)) throw conflict(listingMessages.bookedCannotBeEdited);
      // A new IMEI takes turns with a block of it, as a new listing does: the block's update of
      // that IMEI's listings would not see this row yet. The same IMEI needs no such lock: this row
      // lock already orders the edit with a block, which removes the listing after the edit or
      // before it (then the edit finds it removed); waiting for the IMEI here while a block of it
      // waits for this row would deadlock.
      if (changes.imei !== current.imei) await repository.lockImei(tx, changes.imei!);
      if (await repository.isImeiBlocked(tx, changes.imei!)) throw imeiRefusal(listingMessages.imeiBlocked);
      const isLive = current.status === 'available';
      if (!isLive) await checkImeiNotForSale(tx, changes.imei!, listingId);

      const priceChanged = changes.priceCents !== current.priceCents;
      const wasDrop = changes.priceCents! < current.priceCents;
      await repository.updateListing(
        tx,
        listingId,
        changes,
        priceChanged ? (wasDrop ? current.priceCents : null) : undefined,
      );
      if (priceChanged) {
        await repository.insertPriceChange(tx, {
          productId: listingId,
          oldPriceCents: current.priceCents,
          newPriceCents: changes.priceCents!,
        });
      }
      // Only a listing for sale has wishlisters: one waiting for review has never been public.
      if (wasDrop && isLive) {
        await notifyWishlisters(tx, deps, {
          productId: listingId,
          sellerId: seller.id,
          kind: 'price_drop',
          oncePerDay: true,
          ...notices.priceDrop(
            changes.name ?? current.name,
            formatPrice(current.priceCents),
            formatPrice(changes.priceCents!),
          ),
          link: `/products/${listingId}`,
        });
      }
      const changedFields = (Object.keys(changes) as Array<keyof typeof changes>).filter(
        (name) => changes[name] !== current[name],
      );
      await insertAuditEntry(tx, {
        actorId: seller.id,
        action: 'product.edited',
        subjectType: 'product',
        subjectId: listingId,
        // Which fields changed, never their values (the phone number and the IMEI are personal).
        detail: { changedFields },
      });
      // The seller fixed a rejected listing: it goes back to the admins.
      await resubmitIfRejected(tx, current.status, listingId);
    });
  } catch (error) {
    if (isUniqueViolationOf(error, repository.availableImeiIndex)) throw imeiRefusal(listingMessages.imeiInUse);
    throw error;
  }
  deps.listingsChanged();
  deps.emailsQueued();
  return getListingAsSeen(deps, seller, listingId);
};

/** One of the seller's own listings (for sale or sold), for the edit form; anyone else's is a 404. */
export const getMyProduct = async ({ db }: ProductDeps, sellerId: string, id: string): Promise<MyProductDetails> => {
  const row = await repository.findSellerProduct(db, sellerId, productIdOf(id));
  if (!row) throw productNotFound();
  const photoUrls = await repository.findPhotoUrls(db, row.id, row.imageUrl);
  return {
    ...toPublicProduct(row),
    imei: row.imei,
    rejectionReason: row.rejectionReason,
    phone: row.sellerPhone,
    photos: photoUrls.map((url) => ({ id: imageIdOfUrl(url), url })),
  };
};

/** The details page: a phone for sale or sold, with its photos; a removed one (or a malformed id) is a 404. */
export const getProduct = async ({ db }: ProductDeps, id: string): Promise<ProductWithPhotos> => {
  const row = await repository.findLiveProduct(db, productIdOf(id));
  if (!row) throw productNotFound();
  return withPhotos(db, row);
};

const withPhotos = async (db: ProductDeps['db'], row: repository.PublicListingRow): Promise<ProductWithPhotos> => {
  const photoUrls = await repository.findPhotoUrls(db, row.id, row.imageUrl);
  return { ...toPublicProduct(row), photos: photoUrls.map((url) => ({ id: imageIdOfUrl(url), url })) };
};

/**
 * A phone's page as this caller may see it: a live listing to anyone; one waiting for review or
 * rejected to its seller and admins only (a 404 to everyone else, as if it did not exist).
 */
export const getListingAsSeen = async (
  deps: ProductDeps,
  caller: AuthUser | null,
  id: string,
): Promise<ProductWithPhotos> => {
  const listingId = productIdOf(id);
  const live = await repository.findLiveProduct(deps.db, listingId);
  if (live) return withPhotos(deps.db, live);
  if (!caller) throw productNotFound();
  const unpublished = await repository.findUnpublishedProduct(deps.db, listingId);
  if (!unpublished || (caller.role !== 'admin' && unpublished.sellerId !== caller.id)) throw productNotFound();
  return withPhotos(deps.db, unpublished);
};

/**
 * Replaces a listing's photos, as its route describes, in one transaction with an audit entry;
 * public pages are told to refresh.
 */
export const replaceProductPhotos = async (
  deps: ProductDeps,
  seller: AuthUser,
  id: string,
  imageIds: readonly string[],
): Promise<ProductWithPhotos> => {
  const listingId = productIdOf(id);
  // Checked before the lock is taken: storage is a network call for S3.
  const photoUrls = await storedPhotoUrls(deps.storage, imageIds, 'imageIds');
  await deps.db.transaction(async (tx) => {
    const product = await repository.lockProduct(tx, listingId);
    if (!product || product.status === 'removed') throw productNotFound();
    if (product.sellerId !== seller.id) throw forbidden(listingMessages.notYourProduct);
    if (product.status === 'sold') throw conflict(photoMessages.soldCannotChange);
    if (await repository.hasOpenOrder(tx, listingId)) throw conflict(listingMessages.bookedCannotBeEdited);
    const before = await repository.findPhotoUrls(tx, listingId, product.imageUrl);
    await repository.replacePhotos(tx, listingId, photoUrls);
    await insertAuditEntry(tx, {
      actorId: seller.id,
      action: 'product.photos_replaced',
      subjectType: 'product',
      subjectId: listingId,
      detail: { before: before.length, after: photoUrls.length, coverChanged: before[0] !== photoUrls[0] },
    });
    await resubmitIfRejected(tx, product.status, listingId);
  });
  deps.listingsChanged();
  return getListingAsSeen(deps, seller, listingId);
};

/** My Products: the seller's listings for sale and sold, newest first, with their advertising. */
export const listMyProducts = async (
  { db }: ProductDeps,
  sellerId: string,
  query: PageQuery,
): Promise<MyProductPage> => {
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listSellerProducts(db, sellerId, { limit: query.limit + 1, after });
  return pageOf(
    rows,
    query.limit,
    (row): MyProduct => ({ ...toPublicProduct(row), imei: row.imei, rejectionReason: row.rejectionReason }),
    (row) => ({ us: row.us, id: row.id }),
  );
};

/**
 * Removes a listing (its seller, or an admin): it becomes 'removed' and loses its advertisement,
 * in one transaction with an audit entry. Orders and payments keep referring to it.
 */
export const removeProduct = async (deps: ProductDeps, actor: AuthUser, id: string): Promise<void> => {
  const listingId = productIdOf(id);
  await deps.db.transaction(async (tx) => {
    const product = await repository.lockProduct(tx, listingId);
    if (!product || product.status === 'removed') throw productNotFound();
    const isOwner = product.sellerId === actor.id;
    if (!isOwner && actor.role !== 'admin') throw forbidden(listingMessages.notYourProduct);
    await repository.markRemoved(tx, listingId);
    const wasAdvertised = await repository.deleteAdvertisement(tx, listingId);
    await insertAuditEntry(tx, {
      actorId: actor.id,
      action: 'product.removed',
      subjectType: 'product',
      subjectId: listingId,
      detail: { by: isOwner ? 'seller' : 'admin', previousStatus: product.status, wasAdvertised },
    });
    if (!isOwner) {
      await notify(tx, deps, {
        userId: product.sellerId,
        kind: 'listing_removed',
        ...notices.listingRemoved(product.name),
        link: '/dashboard/my-products',
      });
    }
  });
  deps.listingsChanged();
  deps.emailsQueued();
};

/** Advertises a listing on the home page: its seller only, while it is for sale, once. */
export const advertiseProduct = async (deps: ProductDeps, seller: AuthUser, id: string): Promise<ProductWithPhotos> => {
  const listingId = productIdOf(id);
  await deps.db.transaction(async (tx) => {
    const product = await repository.lockProduct(tx, listingId);
    if (!product || product.status === 'removed') throw productNotFound();
    if (product.sellerId !== seller.id) throw forbidden(listingMessages.notYourProduct);
    if (product.status === 'sold') throw conflict(listingMessages.soldCannotBeAdvertised);
    if (product.status !== 'available') throw conflict(listingReviewMessages.notLiveCannotBeAdvertised);
    if (!(await repository.insertAdvertisement(tx, listingId))) throw conflict(listingMessages.alreadyAdvertised);
  });
  deps.listingsChanged();
  return getProduct(deps, listingId);
};
