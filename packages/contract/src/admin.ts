/**
 * Moderation: the admin's All Users, All Sellers, Reported Items and Audit Log. Every endpoint is
 * admin only (401 anonymous, 403 any other role or a disabled admin's token).
 *
 * Deleting an account never loses money records (docs/product.md, States and rules): the account is disabled, its sessions
 * revoked at once, its listings withdrawn (removed) with their advertisements; orders and payments
 * that reference it remain for the other party. An admin cannot delete another admin or themselves.
 */
import { z } from './zod.ts';
import { ProductSchema } from './catalogue.ts';
import { roles } from './constants.ts';
import { PageQuerySchema } from './pagination.ts';
import { reportReasons } from './orders.ts';
import { text } from './text.ts';

export const adminMessages = {
  userNotFound: 'This user was not found',
  cannotRemoveAdmin: 'An admin account cannot be removed here',
  notASeller: 'Only sellers can be verified',
  alreadyVerified: 'This seller is already verified',
  reportNotFound: 'There is no open report on this phone',
  searchTooLong: 'Search for at most 100 characters',
  roleFilterInvalid: 'List the role user (buyers) or seller',
  noImeiToBlock: 'This phone was listed without an IMEI, so there is none to block',
  imeiAlreadyBlocked: 'This IMEI is already blocked',
  blockReasonRequired: 'Give the reason for blocking this IMEI',
  blockReasonTooLong: `The reason must be at most 200 characters`,
} as const;

export const AdminUserQuerySchema = PageQuerySchema.extend({
  /** 'user' for All Users (buyers), 'seller' for All Sellers. */
  role: z.enum(['user', 'seller'], { error: adminMessages.roleFilterInvalid }),
  /** Part of the name or email. */
  q: text().trim().max(100, adminMessages.searchTooLong).optional(),
});
export type AdminUserQuery = z.infer<typeof AdminUserQuerySchema>;

export const AdminUserSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    role: z.enum(roles),
    isVerified: z.boolean(),
    imageUrl: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserPageSchema = z
  .object({ items: z.array(AdminUserSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminUserPage' });
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

export const AdminUserIdParamsSchema = z.object({ id: text().max(64) });

/** Path parameters of the Reported Items actions; any string, so a malformed id is a 404 like an unknown one. */
export const ReportedProductParamsSchema = z.object({ productId: text().max(64) });

/** Bounds of our own where the spec is silent. */
export const adminLimits = {
  /** A reported phone lists at most this many of its open reports (newest first); `reportCount` counts them all. */
  reportsPerProduct: 50,
} as const;

/**
 * What the audit log records for the admin's actions (`action`, with `subjectType` 'user' or
 * 'product' and `subjectId` that record's id). Other modules add their own (product.removed, …).
 */
export const adminAuditActions = {
  userRemoved: 'user.removed',
  sellerVerified: 'seller.verified',
  reportListingRemoved: 'report.listing_removed',
  reportDismissed: 'report.dismissed',
  contactMessageRead: 'contact_message.read',
  contactMessageArchived: 'contact_message.archived',
  imeiBlocked: 'imei.blocked',
  ratingCommentHidden: 'rating.comment_hidden',
  ratingCommentShown: 'rating.comment_shown',
  questionHidden: 'question.hidden',
  questionShown: 'question.shown',
} as const;

/**
 * Block IMEI on Reported Items: the phone's IMEI is recorded as reported stolen with the admin's
 * reason; it can never be listed again, and every listing of it for sale leaves sale.
 */
export const BlockImeiSchema = z
  .object({
    reason: text({ error: adminMessages.blockReasonRequired })
      .trim()
      .min(1, adminMessages.blockReasonRequired)
      .max(200, adminMessages.blockReasonTooLong),
  })
  .meta({ id: 'BlockImei' });
export type BlockImeiInput = z.input<typeof BlockImeiSchema>;

/** One report on a phone, as the Report Text modal shows it. */
export const ReportSchema = z
  .object({
    id: z.uuid(),
    reason: z.enum(reportReasons),
    text: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    reporter: z.object({ id: z.uuid(), name: z.string(), email: z.string(), imageUrl: z.string().nullable() }),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof ReportSchema>;

/** A reported phone with its open reports (several reports on one phone are grouped), newest report first. */
export const ReportedProductSchema = z
  .object({
    product: ProductSchema,
    /** The whole IMEI, for the admin (null when the phone was listed without one). */
    imei: z.string().nullable(),
    /** The IMEI is blocked (reported stolen). */
    imeiBlocked: z.boolean(),
    reportCount: z.number().int(),
    latestReportAt: z.iso.datetime({ offset: true }),
    reports: z.array(ReportSchema),
  })
  .meta({ id: 'ReportedProduct' });
export type ReportedProduct = z.infer<typeof ReportedProductSchema>;

export const ReportedProductPageSchema = z
  .object({ items: z.array(ReportedProductSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ReportedProductPage' });
export type ReportedProductPage = z.infer<typeof ReportedProductPageSchema>;

export const AuditEntrySchema = z
  .object({
    id: z.uuid(),
    actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
    action: z.string(),
    subjectType: z.string(),
    subjectId: z.string(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z
  .object({ items: z.array(AuditEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPageSchema>;
