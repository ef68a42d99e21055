/**
 * Moderation: the admin's All Users, All Sellers, Reported Items and Audit Log.
 *
 * Rules: docs/product.md (States and rules); what each action does is said once, in its route's
 * description (admin.routes.ts, the OpenAPI document). Every action is audited in its own transaction.
 * Decisions: docs/decisions/0014-moderation.md.
 */
import {
  adminAuditActions,
  adminLimits,
  adminMessages,
  notices,
  type AdminUser,
  type AdminUserPage,
  type AdminUserQuery,
  type AuditEntry,
  type AuditPage,
  type BlockImeiInput,
  type PageQuery,
  type ReportedProduct,
  type ReportedProductPage,
} from '@recell/contract';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { idOrNotFound } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { notify, notifyAll } from '../notifications/index.ts';
import { toPublicProduct } from '../catalogue/index.ts';
import { cancelOpenOrdersOf } from '../orders/index.ts';
import * as listings from '../products/index.ts';
import { resolveOpenReports, resolveOpenReportsOnProductsOf } from '../reports/index.ts';
import * as repository from './admin.repository.ts';
import { disableUser, markSellerVerified } from '../users/index.ts';
import { revokeUserSessions } from '../auth/index.ts';

export interface AdminDeps {
  db: Database;
  /** Tells public listing pages to refresh; called after every committed change they show. */
  listingsChanged: () => void;
  /** The site's address, for the links in notification emails. */
  publicUrl: string;
  /** Says that committed emails wait in the outbox. */
  emailsQueued: () => void;
}

const iso = (value: Date | string) => new Date(value).toISOString();

// ---------------------------------------------------------------------------------------------
// All Users, All Sellers

type UserRow = NonNullable<repository.AdminUserRow>;

const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  isVerified: row.verified,
  imageUrl: row.imageUrl,
  createdAt: iso(row.createdAt),
});

/** Active accounts of one role, newest first; `q` finds part of the name or the email, any case. */
export const listUsers = async ({ db }: AdminDeps, query: AdminUserQuery): Promise<AdminUserPage> => {
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const pattern = query.q ? repository.containsPattern(query.q) : undefined;
  const rows = await repository.listActiveUsers(db, { role: query.role, pattern, limit: query.limit + 1, after });
  return pageOf(rows, query.limit, toAdminUser, (row) => ({ us: row.us, id: row.id }));
};

/** The account an admin acts on: active, or it is a 404 (unknown, malformed and disabled alike). */
const lockActiveUser = async (tx: Executor, id: string) => {
  const user = await repository.lockUser(tx, idOrNotFound(id, adminMessages.userNotFound));
  if (!user || user.disabledAt) throw notFound(adminMessages.userNotFound);
  return user;
};

/**
 * Removes a buyer's or a seller's account, as its route describes, in one transaction. Revoking the
 * sessions stops the refresh token; the access token already stops, as the auth plugin refuses a
 * disabled account on every call. An admin (the caller included) is refused.
 */
export const removeUser = async (deps: AdminDeps, admin: AuthUser, id: string): Promise<void> => {
  await deps.db.transaction(async (tx) => {
    const user = await lockActiveUser(tx, id);
    if (user.role === 'admin') throw conflict(adminMessages.cannotRemoveAdmin);
    await disableUser(tx, user.id);
    const revokedSessions = await revokeUserSessions(tx, user.id);
    const removedListings = await listings.removeAvailableProductsOf(tx, user.id);
    const removedAdvertisements = await listings.deleteAdvertisementsOf(tx, user.id);
    const resolvedReports = await resolveOpenReportsOnProductsOf(tx, user.id, admin.id);
    const cancelledOrders = await cancelOpenOrdersOf(tx, user.id);
    await insertAuditEntry(tx, {
      actorId: admin.id,
      action: adminAuditActions.userRemoved,
      subjectType: 'user',
      subjectId: user.id,
      detail: {
        role: user.role,
        email: user.email,
        revokedSessions,
        removedListings: removedListings.length,
        removedAdvertisements,
        resolvedReports,
        cancelledOrders,
      },
    });
  });
  deps.listingsChanged();
};

/** Verifies a seller: the badge shows on all their cards from the next read (cards read the seller's flag). */
export const verifySeller = async (deps: AdminDeps, admin: AuthUser, id: string): Promise<AdminUser> => {
  const seller = await deps.db.transaction(async (tx) => {
    const user = await lockActiveUser(tx, id);
    if (user.role !== 'seller') throw conflict(adminMessages.notASeller);
    if (user.verified) throw conflict(adminMessages.alreadyVerified);
    await markSellerVerified(tx, user.id);
    await insertAuditEntry(tx, {
      actorId: admin.id,
      action: adminAuditActions.sellerVerified,
      subjectType: 'user',
      subjectId: user.id,
      detail: { email: user.email },
    });
    await notify(tx, deps, {
      userId: user.id,
      kind: 'seller_verified',
      ...notices.sellerVerified(),
      link: `/sellers/${user.id}`,
    });
    return toAdminUser({ ...user, verified: true });
  });
  deps.listingsChanged();
  deps.emailsQueued();
  return seller;
};

// ---------------------------------------------------------------------------------------------
// Reported Items

/** Reported phones (not removed, seller active), grouped, the phone with the latest open report first. */
export const listReportedProducts = async ({ db }: AdminDeps, query: PageQuery): Promise<ReportedProductPage> => {
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listReportedProducts(db, { limit: query.limit + 1, after });
  const page = rows.slice(0, query.limit);
  const reports = await repository.listOpenReports(
    db,
    page.map((row) => row.id),
    adminLimits.reportsPerProduct,
  );
  const reportsOf = new Map<string, ReportedProduct['reports']>();
  for (const report of reports) {
    const list = reportsOf.get(report.productId) ?? [];
    list.push({
      id: report.id,
      reason: report.reason,
      text: report.text,
      createdAt: iso(report.createdAt),
      reporter: {
        id: report.reporterId,
        name: report.reporterName,
        email: report.reporterEmail,
        imageUrl: report.reporterImageUrl,
      },
    });
    reportsOf.set(report.productId, list);
  }
  return pageOf(
    rows,
    query.limit,
    (row): ReportedProduct => ({
      product: toPublicProduct(row),
      imei: row.imei,
      imeiBlocked: Boolean(row.imeiBlocked),
      reportCount: Number(row.reportCount),
      latestReportAt: iso(row.latestAt),
      reports: reportsOf.get(row.id) ?? [],
    }),
    (row) => ({ us: row.latestUs, id: row.id }),
  );
};

/**
 * Delete on Reported Items, as its route describes, in one transaction: the open reports are closed
 * as 'listing_removed'. A sold phone stays sold: its order and payment describe a sale that happened.
 */
export const removeReportedListing = async (deps: AdminDeps, admin: AuthUser, productId: string): Promise<void> => {
  const id = idOrNotFound(productId, adminMessages.reportNotFound);
  await deps.db.transaction(async (tx) => {
    const product = await listings.lockProduct(tx, id);
    if (!product) throw notFound(adminMessages.reportNotFound);
    const resolved = await resolveOpenReports(tx, id, 'listing_removed', admin.id);
    if (resolved.length === 0) throw notFound(adminMessages.reportNotFound);
    if (product.status === 'available') await listings.markRemoved(tx, id);
    const wasAdvertised = await listings.deleteAdvertisement(tx, id);
    await insertAuditEntry(tx, {
      actorId: admin.id,
      action: adminAuditActions.reportListingRemoved,
      subjectType: 'product',
      subjectId: id,
      detail: {
        previousStatus: product.status,
        status: product.status === 'available' ? 'removed' : product.status,
        wasAdvertised,
        resolvedReports: resolved.length,
        reportIds: resolved,
      },
    });
    // A sold phone stays sold (only its reports close): there is no removed listing to tell of.
    if (product.status === 'available') {
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

/**
 * Block IMEI on Reported Items, as its route describes, in one transaction: the IMEI is recorded in
 * blocked_imeis with the admin's reason; the audit entry holds ids only.
 */
export const blockReportedImei = async (
  deps: AdminDeps,
  admin: AuthUser,
  productId: string,
  input: BlockImeiInput,
): Promise<void> => {
  const id = idOrNotFound(productId, adminMessages.reportNotFound);
  await deps.db.transaction(async (tx) => {
    const product = await listings.lockProduct(tx, id);
    if (!product || product.status === 'removed' || !(await repository.hasOpenReport(tx, id)))
      throw notFound(adminMessages.reportNotFound);
    if (product.imei === null) throw conflict(adminMessages.noImeiToBlock);
    await listings.lockImei(tx, product.imei);
    const removedListings = await listings.blockImei(tx, {
      imei: product.imei,
      reason: input.reason.trim(),
      blockedBy: admin.id,
    });
    if (!removedListings) throw conflict(adminMessages.imeiAlreadyBlocked);
    const removedAdvertisements = await listings.deleteAdvertisementsOfProducts(tx, [
      ...new Set([...removedListings, id]),
    ]);
    const resolvedReports: string[] = [];
    for (const listingId of new Set([...removedListings, id]))
      resolvedReports.push(...(await resolveOpenReports(tx, listingId, 'listing_removed', admin.id)));
    await insertAuditEntry(tx, {
      actorId: admin.id,
      action: adminAuditActions.imeiBlocked,
      subjectType: 'product',
      subjectId: id,
      detail: { removedListings, removedAdvertisements, reportIds: resolvedReports },
    });
    // Every seller whose listing of the phone was taken down hears of it.
    const removed = await listings.findListingSellers(tx, removedListings);
    await notifyAll(
      tx,
      deps,
      removed.map((listing) => ({
        userId: listing.sellerId,
        kind: 'listing_removed' as const,
        ...notices.listingRemoved(listing.name),
        link: '/dashboard/my-products',
      })),
    );
  });
  deps.listingsChanged();
  deps.emailsQueued();
};

/** Dismiss on Reported Items: every open report on the phone is closed ('dismissed'); the listing stays. */
export const dismissReports = async ({ db }: AdminDeps, admin: AuthUser, productId: string): Promise<void> => {
  const id = idOrNotFound(productId, adminMessages.reportNotFound);
  await db.transaction(async (tx) => {
    const resolved = await resolveOpenReports(tx, id, 'dismissed', admin.id);
    if (resolved.length === 0) throw notFound(adminMessages.reportNotFound);
    await insertAuditEntry(tx, {
      actorId: admin.id,
      action: adminAuditActions.reportDismissed,
      subjectType: 'product',
      subjectId: id,
      detail: { resolvedReports: resolved.length, reportIds: resolved },
    });
  });
};

// ---------------------------------------------------------------------------------------------
// Audit Log

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The audit log, newest first; an actor whose account no longer exists shows as null. */
export const listAudit = async ({ db }: AdminDeps, query: PageQuery): Promise<AuditPage> => {
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listAuditEntries(db, { limit: query.limit + 1, after });
  return pageOf(
    rows,
    query.limit,
    (row): AuditEntry => ({
      id: row.id,
      actor:
        row.actorId !== null && row.actorName !== null && row.actorEmail !== null
          ? { id: row.actorId, name: row.actorName, email: row.actorEmail }
          : null,
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      // The contract's detail is an object; anything else another module recorded is wrapped, not lost.
      detail:
        row.detail === null || row.detail === undefined
          ? null
          : isPlainObject(row.detail)
            ? row.detail
            : { value: row.detail },
      createdAt: iso(row.createdAt),
    }),
    (row) => ({ us: row.us, id: row.id }),
  );
};
