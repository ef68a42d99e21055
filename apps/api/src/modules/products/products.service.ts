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
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceCheck } from '../../adapters/device-check/index.ts';
import type { ImageStorage } from '../../adapters/storage/storage.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { productIdOf } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { notify, notifyWishlisters } from '../notifications/index.ts';
import { checkDevice, findCleanCheckAt, recordDeviceCheck, type DeviceCheckOutcome } from '../device-check/index.ts';
import { toListedProduct, toPublicProduct } from '../catalogue/index.ts';
import { imageUrlForId, notUploadedBy, recordUpload, storeImage } from '../uploads/index.ts';
import * as repository from './products.repository.ts';
import { resubmitIfRejected, reviewOfNewListing } from './listing-review.service.ts';
import { isImeiForSale } from './listing-review.repository.ts';
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
  /** What one seller may do with IMEIs in a day. */
  imeiLimits: ImeiLimits;
  /** Where a listing's IMEI is checked (lost or stolen, finance, locks, the model). */
  deviceCheck: DeviceCheck;
  log: FastifyBaseLogger;
  /** Completed sales that make a seller's listings go live at once; 0 turns review off (listing-review.service.ts). */
  trustedSellerSales: number;
}

/**
 * A seller's IMEIs per day (decision 0064), counted in the shared limit store: a listing shows its
 * IMEI's last four digits and the first eight are the model's, so about a hundred guesses (Luhn)
 * would find another seller's whole IMEI from the answers to new IMEIs.
 */
export interface ImeiLimits {
  /** Counts an attempt to use a new IMEI; past the day's limit, the 429 with its Retry-After. */
  countChange(sellerId: string): Promise<void>;
  /**
   * Counts a refused IMEI (another seller's listing for sale, or blocked): how many different IMEIs
   * the seller has had refused in the window, this one included (a repeat counts once), and whether
   * this one is new. Throws when the store cannot be reached.
   */
  countRefusal(sellerId: string, imei: string): Promise<{ refused: number; isNew: boolean }>;
  /** Refused IMEIs per window whose answer gives the reason; later ones get `imeiRefused`. */
  refusalsTold: number;
  /** The refused IMEI, counted as above, that puts the seller on the admins' Audit Log. */
  refusalsFlaggedAt: number;
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
 * Refuses (400, naming `field`) photos the seller did not upload unless `keep` holds them (the
 * listing's photos already): an image id is public (it is in the picture's URL), the picture is not.
 */
const refuseOthersPhotos = async (
  db: Parameters<typeof notUploadedBy>[0],
  sellerId: string,
  ids: readonly string[],
  field: string,
  keep: ReadonlySet<string> = new Set(),
) => {
  const others = (await notUploadedBy(db, sellerId, ids)).filter((id) => !keep.has(id));
  if (others.length > 0) throw badRequest(photoMessages.notYours, { [field]: photoMessages.notYours });
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
  // Before the picture is stored: a refusal changes nothing.
  await deps.imeiLimits.countChange(seller.id);
  // Before any picture is stored or any lock taken: the service is a network call.
  const device = await checkListedDevice(deps, fields);
  let photoUrls: string[];
  if ('bytes' in photos) {
    const image = await storeImage(deps.storage, photos.bytes);
    await recordUpload(deps.db, image.id, seller.id);
    photoUrls = [image.url];
  } else {
    photoUrls = await storedPhotoUrls(deps.storage, photos.ids, photos.field);
    await refuseOthersPhotos(deps.db, seller.id, photos.ids, photos.field);
  }
  const listing: Omit<repository.NewProduct, 'imageUrl'> = { sellerId: seller.id, ...listingValuesOf(fields) };
  const { id, pending } = await insertCheckedListing(
    deps,
    seller,
    listing,
    photoUrls,
    fields.imei,
    device,
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

/** Why an IMEI was refused, until its answer is chosen (`answerImeiRefusal`). */
class ImeiRefused extends Error {
  constructor(readonly reason: 'inUse' | 'blocked') {
    super(reason);
  }
}

/** The audit action that tells admins a seller's IMEIs were refused again and again. */
export const imeiRefusalsFlagged = 'seller.imei_refusals';

/**
 * The 409 for a refused IMEI, which never names the listing that holds it (decision 0064). The
 * first IMEI refused to a seller in a day says why ('already for sale', 'reported stolen'): an
 * honest seller can act on it. Past `refusalsTold` different IMEIs, every refusal gets one neutral
 * answer, so someone guessing others' IMEIs cannot tell a listed one from a blocked one; at
 * `refusalsFlaggedAt` the seller goes on the admins' Audit Log, once a day. The seller's own
 * listing holding the IMEI is no guess: told as it is, never counted.
 */
const answerImeiRefusal = async (deps: ProductDeps, seller: AuthUser, imei: string, refused: ImeiRefused) => {
  if (refused.reason === 'inUse' && (await repository.findAvailableImeiSeller(deps.db, imei)) === seller.id)
    return imeiRefusal(listingMessages.imeiInUse);
  const { imeiLimits } = deps;
  // A store that cannot be reached counts nothing: the answer is the neutral one.
  const counted = await imeiLimits.countRefusal(seller.id, imei).catch(() => undefined);
  if (counted?.isNew && counted.refused === imeiLimits.refusalsFlaggedAt) {
    await insertAuditEntry(deps.db, {
      actorId: seller.id,
      action: imeiRefusalsFlagged,
      subjectType: 'user',
      subjectId: seller.id,
      // Never the IMEIs themselves.
      detail: { refusedImeis: counted.refused, withinHours: 24 },
    });
  }
  if (!counted || counted.refused > imeiLimits.refusalsTold) return imeiRefusal(listingMessages.imeiRefused);
  return imeiRefusal(refused.reason === 'inUse' ? listingMessages.imeiInUse : listingMessages.imeiBlocked);
};

/** Runs a change that uses `imei`, answering a refusal of the IMEI as `answerImeiRefusal` does. */
const withImeiChecked = async <T>(
  deps: ProductDeps,
  seller: AuthUser,
  imei: string,
  change: () => Promise<T>,
): Promise<T> => {
  try {
    return await change();
  } catch (error) {
    if (error instanceof ImeiRefused) throw await answerImeiRefusal(deps, seller, imei, error);
    if (isUniqueViolationOf(error, repository.availableImeiIndex))
      throw await answerImeiRefusal(deps, seller, imei, new ImeiRefused('inUse'));
    throw error;
  }
};

/**
 * Checks the phone the form describes at the device-check service, with no transaction open; a
 * flagged phone is refused (409, the findings in words under the IMEI). An outage accepts it
 * unchecked: the daily re-check takes it first.
 */
const checkListedDevice = async (deps: ProductDeps, fields: ProductFields): Promise<DeviceCheckOutcome> => {
  const device = await checkDevice(deps, {
    imei: fields.imei,
    brand: fields.brand,
    model: fields.model,
    networkLock: fields.networkLock,
  });
  if (device.outcome === 'flagged') throw imeiRefusal(device.message!);
  return device;
};

/**
 * Lists the phone unless its IMEI is blocked or already in a listing for sale. The refusals name
 * nothing of the other listing. Taken in turn with a block of the same IMEI (`lockImei`); two
 * listings of one IMEI made at once are told apart by the unique index, whichever commits first.
 */
const insertCheckedListing = (
  deps: ProductDeps,
  seller: AuthUser,
  listing: Omit<repository.NewProduct, 'imageUrl'>,
  photoUrls: readonly string[],
  imei: string,
  device: DeviceCheckOutcome,
  verificationCode: string | undefined,
) =>
  withImeiChecked(deps, seller, imei, () =>
    deps.db.transaction(async (tx) => {
      // A seller under review lists with a code of theirs and its photo, or not at all.
      const review = await reviewOfNewListing(tx, deps, seller, verificationCode);
      await repository.lockImei(tx, imei);
      if (await repository.isImeiBlocked(tx, imei)) throw new ImeiRefused('blocked');
      // A listing for sale holds its IMEI by a unique index; one waiting for review is checked here.
      if (review.pending && (await isImeiForSale(tx, imei))) throw new ImeiRefused('inUse');
      const id = await repository.insertProduct(tx, listing, photoUrls, review.pending);
      await recordDeviceCheck(tx, id, imei, device, 'listing');
      if (review.pending) await review.claim(id);
      return { id, pending: review.pending };
    }),
  );

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
  // A new IMEI is counted, and a new IMEI or a new description of the phone it is checked against
  // is checked again, before the transaction: no store or network call under the row lock. An edit
  // racing this one can at most put back the IMEI read here, which was this listing's. Only the
  // listing's own seller learns anything from it: anyone else is refused first.
  const before = await repository.findSellerProduct(deps.db, seller.id, listingId);
  // A listing for sale, waiting for review or rejected: a sold one is refused in the transaction.
  const isUnsold = before !== undefined && before.status !== 'sold';
  if (isUnsold && before.imei !== changes.imei) await deps.imeiLimits.countChange(seller.id);
  const device = isUnsold && describesAnotherDevice(before, fields) ? await checkListedDevice(deps, fields) : undefined;
  await withImeiChecked(deps, seller, changes.imei!, () =>
    deps.db.transaction(async (tx) => {
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
      if (await repository.isImeiBlocked(tx, changes.imei!)) throw new ImeiRefused('blocked');
      const isLive = current.status === 'available';
      if (!isLive && (await isImeiForSale(tx, changes.imei!, listingId))) throw new ImeiRefused('inUse');

      const priceChanged = changes.priceCents !== current.priceCents;
      const wasDrop = changes.priceCents! < current.priceCents;
      await repository.updateListing(
        tx,
        listingId,
        changes,
        priceChanged ? (wasDrop ? current.priceCents : null) : undefined,
      );
      if (device) await recordDeviceCheck(tx, listingId, changes.imei!, device, 'edit');
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
    }),
  );
  deps.listingsChanged();
  deps.emailsQueued();
  return getListingAsSeen(deps, seller, listingId);
};

/** Whether the edit changes what the phone's IMEI is checked against (the IMEI, brand, model or network lock). */
const describesAnotherDevice = (
  current: { imei: string | null; brand: string; model: string; networkLock: string | null },
  fields: ProductFields,
) =>
  current.imei !== fields.imei ||
  current.brand !== fields.brand ||
  current.model !== fields.model ||
  current.networkLock !== fields.networkLock;

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
export const getProduct = async ({ db }: Pick<ProductDeps, 'db'>, id: string): Promise<ProductWithPhotos> => {
  const row = await repository.findLiveProduct(db, productIdOf(id));
  if (!row) throw productNotFound();
  return withPhotos(db, row);
};

const withPhotos = async (db: ProductDeps['db'], row: repository.PublicListingRow): Promise<ProductWithPhotos> => {
  const [photoUrls, cleanAt] = await Promise.all([
    repository.findPhotoUrls(db, row.id, row.imageUrl),
    findCleanCheckAt(db, row.id),
  ]);
  return {
    ...toPublicProduct(row),
    photos: photoUrls.map((url) => ({ id: imageIdOfUrl(url), url })),
    imeiCleanCheckedAt: cleanAt ? new Date(cleanAt).toISOString() : null,
  };
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
    const current = new Set(before.map(imageIdOfUrl).filter((photoId) => photoId !== null));
    await refuseOthersPhotos(tx, seller.id, imageIds, 'imageIds', current);
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
    (row): MyProduct => ({ ...toListedProduct(row), rejectionReason: row.rejectionReason }),
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
