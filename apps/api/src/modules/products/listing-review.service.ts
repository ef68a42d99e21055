/**
 * Listing review (docs/decisions/0068). A seller with fewer completed sales than
 * `trustedSellerSales`, and not verified by an admin, lists into the admins' queue: the listing is
 * 'pending_review' and seen by nobody but its seller and admins until an admin approves it (it goes
 * on sale) or rejects it with a reason (the seller reads it, edits, and the edit sends it back).
 * Such a seller shows, beside the phone, a paper with a code issued for that listing: the photo is
 * kept privately with the code and used once.
 */
import { randomInt } from 'node:crypto';
import {
  listingMessages,
  listingReviewLimits,
  listingReviewMessages,
  listingReviewNotices,
  type ListingCode,
  type PageQuery,
  type PendingListing,
  type PendingListingPage,
  type VerificationPhoto,
} from '@recell/contract';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { productIdOf } from '../../lib/ids.ts';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolationOf } from '../../db/unique-violation.ts';
import type { AuthUser } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { encodePrivatePhoto } from '../uploads/index.ts';
import * as repository from './listing-review.repository.ts';
import * as products from './products.repository.ts';

/** What review needs of the listings' dependencies (products.service's ProductDeps has them all). */
export interface ReviewDeps {
  db: Database;
  /** Completed sales that make a seller trusted; 0 turns review off. */
  trustedSellerSales: number;
  listingsChanged: () => void;
  publicUrl: string;
  emailsQueued: () => void;
}

/** What the audit log records of review decisions. */
export const listingReviewAuditActions = { approved: 'listing.approved', rejected: 'listing.rejected' } as const;

/**
 * Whether the seller's listings go live at once: review is off (0), an admin verified them (the
 * spec's verification is an admin's word on the seller, docs/decisions/0068), or they completed
 * enough sales.
 */
export const isTrustedSeller = async (db: Executor, trustedSellerSales: number, sellerId: string) => {
  if (trustedSellerSales === 0) return true;
  const standing = await repository.findSellerStanding(db, sellerId);
  return !!standing && (standing.verified || standing.completedSales >= trustedSellerSales);
};

const drawCode = () =>
  Array.from(
    { length: listingReviewLimits.codeLength },
    () => listingReviewLimits.codeAlphabet[randomInt(listingReviewLimits.codeAlphabet.length)],
  ).join('');

/** Add Product's question: will this listing wait for review? If so, a fresh code for its photo. */
export const issueCode = async (deps: ReviewDeps, seller: AuthUser): Promise<ListingCode> => {
  if (await isTrustedSeller(deps.db, deps.trustedSellerSales, seller.id)) return { reviewRequired: false, code: null };
  // 31^6 codes: a clash is rare; drawing again settles it.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await repository.insertCode(deps.db, seller.id, drawCode());
    if (row) return { reviewRequired: true, code: row.code };
  }
  throw new Error('no free verification code after five draws');
};

const codeRefusal = (message: string) => badRequest(message, { verificationCode: message });

/**
 * Keeps the verification photo of one of the seller's unused codes (a new photo replaces the
 * last). Checked and re-encoded as any upload, then stored with the code: never in the public image
 * storage. Another seller's code, an unknown one and a used one are refused alike, changing nothing.
 */
export const saveCodePhoto = async (deps: ReviewDeps, seller: AuthUser, code: string, bytes: Buffer): Promise<void> => {
  const photo = await encodePrivatePhoto(bytes);
  await deps.db.transaction(async (tx) => {
    const row = await repository.lockCode(tx, code);
    if (!row || row.sellerId !== seller.id || row.productId !== null) throw notFound(listingReviewMessages.codeInvalid);
    await repository.setCodePhoto(tx, row.id, photo);
  });
};

/**
 * In the transaction that lists a phone: whether it waits for review, and if so the seller's
 * code with its photo, now used by this listing. Run before the listing is inserted;
 * `claim(productId)` marks the code used once it is.
 */
export const reviewOfNewListing = async (
  tx: Executor,
  deps: ReviewDeps,
  seller: AuthUser,
  verificationCode: string | undefined,
): Promise<{ pending: false } | { pending: true; claim: (productId: string) => Promise<void> }> => {
  if (await isTrustedSeller(tx, deps.trustedSellerSales, seller.id)) return { pending: false };
  if (verificationCode === undefined) throw codeRefusal(listingReviewMessages.codeRequired);
  const row = await repository.lockCode(tx, verificationCode);
  if (!row || row.sellerId !== seller.id || row.productId !== null)
    throw codeRefusal(listingReviewMessages.codeInvalid);
  if (!row.hasPhoto) throw codeRefusal(listingReviewMessages.photoRequired);
  return { pending: true, claim: async (productId) => void (await repository.useCode(tx, row.id, productId)) };
};

/** A listing's verification photo: to its seller and admins; anyone else is told there is none. */
export const getVerificationPhoto = async (
  { db }: ReviewDeps,
  caller: AuthUser,
  id: string,
): Promise<VerificationPhoto> => {
  const row = await repository.findListingPhoto(db, productIdOf(id));
  if (!row?.photo || (caller.role !== 'admin' && row.sellerId !== caller.id))
    throw notFound(listingReviewMessages.photoNotFound);
  return { dataUrl: `data:image/webp;base64,${row.photo.toString('base64')}` };
};

/** The admins' queue: listings waiting for review, oldest first. */
export const listPendingListings = async ({ db }: ReviewDeps, query: PageQuery): Promise<PendingListingPage> => {
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listPendingListings(db, { limit: query.limit + 1, after });
  return pageOf(
    rows,
    query.limit,
    (row): PendingListing => ({
      id: row.id,
      name: row.name,
      brand: row.brand,
      model: row.model,
      priceCents: row.priceCents,
      imageUrl: row.imageUrl,
      submittedAt: new Date(row.submittedAt!).toISOString(),
      hasPhoto: row.hasPhoto,
      seller: { id: row.sellerId, name: row.sellerName, email: row.sellerEmail },
    }),
    (row) => ({ us: row.us, id: row.id }),
  );
};

const productNotFound = () => notFound(listingMessages.productNotFound);
const imeiRefusal = (message: string) => conflict(message, { imei: message });

/**
 * Approve: the listing goes on sale, unless its IMEI was blocked or another listing of it went on
 * sale meanwhile (409, nothing changes). Audited, the seller told, public pages refreshed.
 */
export const approveListing = async (deps: ReviewDeps, admin: AuthUser, id: string): Promise<void> => {
  const listingId = productIdOf(id);
  try {
    await deps.db.transaction(async (tx) => {
      const listing = await products.lockProduct(tx, listingId);
      if (!listing || listing.status === 'removed') throw productNotFound();
      if (listing.status !== 'pending_review') throw conflict(listingReviewMessages.notPending);
      // The listing's row first, then its IMEI, as an edit does.
      if (listing.imei) {
        await products.lockImei(tx, listing.imei);
        if (await products.isImeiBlocked(tx, listing.imei)) throw imeiRefusal(listingMessages.imeiBlocked);
      }
      await repository.decideListing(tx, listingId, { status: 'available' });
      await insertAuditEntry(tx, {
        actorId: admin.id,
        action: listingReviewAuditActions.approved,
        subjectType: 'product',
        subjectId: listingId,
        detail: {},
      });
      await notify(tx, deps, {
        userId: listing.sellerId,
        kind: 'listing_approved',
        ...listingReviewNotices.approved(listing.name),
        link: `/products/${listingId}`,
      });
    });
  } catch (error) {
    if (isUniqueViolationOf(error, products.availableImeiIndex)) throw imeiRefusal(listingMessages.imeiInUse);
    throw error;
  }
  deps.listingsChanged();
  deps.emailsQueued();
};

/**
 * Reject: the listing stays off sale as 'rejected' with the admin's reason, which its seller reads
 * on My Products and in a notification. Audited with the reason.
 */
export const rejectListing = async (deps: ReviewDeps, admin: AuthUser, id: string, reason: string): Promise<void> => {
  const listingId = productIdOf(id);
  await deps.db.transaction(async (tx) => {
    const listing = await products.lockProduct(tx, listingId);
    if (!listing || listing.status === 'removed') throw productNotFound();
    if (listing.status !== 'pending_review') throw conflict(listingReviewMessages.notPending);
    await repository.decideListing(tx, listingId, { status: 'rejected', reason });
    await insertAuditEntry(tx, {
      actorId: admin.id,
      action: listingReviewAuditActions.rejected,
      subjectType: 'product',
      subjectId: listingId,
      detail: { reason },
    });
    await notify(tx, deps, {
      userId: listing.sellerId,
      kind: 'listing_rejected',
      ...listingReviewNotices.rejected(listing.name, reason),
      link: '/dashboard/my-products',
    });
  });
  deps.emailsQueued();
};

/** After its seller changed a rejected listing (its fields or photos): back to the queue. */
export const resubmitIfRejected = async (tx: Executor, status: string, listingId: string) => {
  if (status === 'rejected') await repository.resubmitListing(tx, listingId);
};

/** A listing not on sale keeps no IMEI by the unique index: one for sale with the same IMEI refuses it. */
export const checkImeiNotForSale = async (tx: Executor, imei: string, exceptId?: string) => {
  if (await repository.isImeiForSale(tx, imei, exceptId)) throw imeiRefusal(listingMessages.imeiInUse);
};
