import { and, desc, eq, inArray, isNull, lte, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { advertisements, auditLog, blockedImeis, products, reports, users } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';
import { publicProductColumns } from '../../db/public-listings.ts';

/** Rows strictly after `key` in (created_at desc, id desc) order. */
const after = (createdAt: SQLWrapper, id: SQLWrapper, key?: NewestKey) =>
  key ? sql`(${createdAt}, ${id}) < (${timestampOf(key.us)}, ${key.id}::uuid)` : undefined;

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards (and the escape) taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------------------------------------
// Accounts

const adminUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  verified: users.verified,
  imageUrl: users.imageUrl,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
};

export type AdminUserRow = Awaited<ReturnType<typeof lockUser>>;

/** Active accounts of a role, newest first; `q` (a LIKE pattern) matches the name or the email, any case. */
export const listActiveUsers = (
  db: Database,
  opts: { role: 'user' | 'seller'; pattern?: string | undefined; limit: number; after?: NewestKey | undefined },
) =>
  db
    .select({ ...adminUserColumns, us: microsOf(users.createdAt) })
    .from(users)
    .where(
      and(
        eq(users.role, opts.role),
        isNull(users.disabledAt),
        opts.pattern !== undefined
          ? or(
              sql`${users.name} ilike ${opts.pattern} escape '\\'`,
              sql`${users.email} ilike ${opts.pattern} escape '\\'`,
            )
          : undefined,
        after(users.createdAt, users.id, opts.after),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(opts.limit);

/** Locks an account for a change by an admin, so two admins acting on it at once take turns. */
export const lockUser = async (tx: Executor, id: string) => {
  const [row] = await tx.select(adminUserColumns).from(users).where(eq(users.id, id)).for('update');
  return row;
};

// ---------------------------------------------------------------------------------------------
// Reported Items (closing reports is the reports repository's)

/** Open reports grouped by phone: how many, and when the latest came in. */
const openReportsByProduct = (db: Executor) =>
  db
    .select({
      productId: reports.productId,
      reportCount: sql<number>`count(*)::int`.as('report_count'),
      latestAt: sql<string | Date>`max(${reports.createdAt})`.as('latest_at'),
    })
    .from(reports)
    .where(isNull(reports.resolvedAt))
    .groupBy(reports.productId)
    .as('open_reports');

/**
 * Phones with open reports (not removed, seller active), the one with the latest report first;
 * keyset on (latest report, product id).
 */
export const listReportedProducts = (db: Database, opts: { limit: number; after?: NewestKey | undefined }) => {
  const open = openReportsByProduct(db);
  return db
    .select({
      ...publicProductColumns,
      // The admin sees the whole IMEI, and whether it is blocked.
      imei: products.imei,
      imeiBlocked: sql<boolean>`exists (select 1 from ${blockedImeis} where ${blockedImeis.imei} = ${products.imei})`,
      reportCount: open.reportCount,
      latestAt: open.latestAt,
      latestUs: microsOf(open.latestAt),
    })
    .from(open)
    .innerJoin(products, eq(products.id, open.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(advertisements, eq(advertisements.productId, products.id))
    .where(
      and(ne(products.status, 'removed'), isNull(users.disabledAt), after(open.latestAt, open.productId, opts.after)),
    )
    .orderBy(desc(open.latestAt), desc(open.productId))
    .limit(opts.limit);
};

/** Whether the phone has an open report (Reported Items acts only on those). */
export const hasOpenReport = async (db: Executor, productId: string) =>
  (
    await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.productId, productId), isNull(reports.resolvedAt)))
      .limit(1)
  ).length > 0;

/** The open reports on these phones with their reporters, newest first, at most `perProduct` per phone. */
export const listOpenReports = async (db: Database, productIds: string[], perProduct: number) => {
  if (productIds.length === 0) return [];
  const ranked = db
    .select({
      id: reports.id,
      productId: reports.productId,
      reason: reports.reason,
      text: reports.text,
      createdAt: reports.createdAt,
      reporterId: reports.reporterId,
      reporterName: sql<string>`${users.name}`.as('reporter_name'),
      reporterEmail: sql<string>`${users.email}`.as('reporter_email'),
      reporterImageUrl: sql<string | null>`${users.imageUrl}`.as('reporter_image_url'),
      rank: sql<number>`row_number() over (partition by ${reports.productId} order by ${reports.createdAt} desc, ${reports.id} desc)`.as(
        'rank',
      ),
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(inArray(reports.productId, productIds), isNull(reports.resolvedAt)))
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perProduct))
    .orderBy(ranked.productId, desc(ranked.createdAt), desc(ranked.id));
};

// ---------------------------------------------------------------------------------------------
// Audit log (written by modules/audit)

/** The audit log, newest first, with who acted (null when that account no longer exists); keyset on (created_at, id). */
export const listAuditEntries = (db: Database, opts: { limit: number; after?: NewestKey | undefined }) =>
  db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
      us: microsOf(auditLog.createdAt),
      actorId: users.id,
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(after(auditLog.createdAt, auditLog.id, opts.after))
    // As audit_log_created_idx is sorted (created_at DESC NULLS LAST), so the index serves the order.
    .orderBy(sql`${auditLog.createdAt} desc nulls last`, sql`${auditLog.id} desc nulls last`)
    .limit(opts.limit);
