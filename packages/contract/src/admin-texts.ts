import { adminAuditActions } from './admin.ts';

/**
 * Texts of the admin's screens (All Users, All Sellers, Reported Items, Audit Log) that the spec
 * does not give; the spec's own texts ('No Users', 'Verify', 'Report Text', the toasts, …) live in
 * messages.ts. Shared so the browser tests find controls by the names the app gives them.
 *
 * Their own module, like account-texts.ts: a module is bundled whole into the first chunk that
 * needs it, and only the lazily loaded admin pages use these.
 */
export const adminTexts = {
  // All Users and All Sellers (the spec's column names)
  columnImage: 'Image',
  columnName: 'Name',
  columnEmail: 'Email',
  columnRole: 'Role',
  columnVerify: 'Verify',
  columnAction: 'Action',
  searchUsers: 'Search users',
  searchSellers: 'Search sellers',
  searchPlaceholder: 'Name or email',
  noMatches: (query: string) => `Nobody's name or email contains “${query}”.`,
  loadMore: 'Load more',
  delete: 'Delete',
  cancel: 'Cancel',
  deleting: 'Deleting…',
  verifying: 'Verifying…',
  deleteAccountTitle: (name: string) => `Remove ${name}?`,
  deleteAccountText:
    'The account is closed and signed out at once, and its listings leave every page. Orders and payments stay on record.',

  // Reported Items (the spec's column names, in capitals as it gives them)
  reportColumns: {
    image: 'IMAGE',
    name: 'NAME',
    price: 'PRICE',
    sold: 'SOLD',
    location: 'LOCATION',
    report: 'REPORT',
    action: 'ACTION',
  },
  /** 'View', or 'View (3)' when the phone has several open reports. */
  viewReports: (count: number) => (count > 1 ? `View (${count})` : 'View'),
  reportCount: (count: number) => `${count} ${count === 1 ? 'report' : 'reports'}`,
  reportsOn: (count: number, name: string) => `${count} ${count === 1 ? 'report' : 'reports'} on ${name}`,
  reportList: 'Reports',
  removedStatus: 'Removed',
  reportedBy: 'Reported by',
  reason: 'Reason',
  reportedAt: 'Reported',
  dismiss: 'Dismiss',
  dismissing: 'Dismissing…',
  reportDismissed: 'Report dismissed',
  deleteReportedTitle: (name: string) => `Delete ${name}?`,
  deleteReportedText:
    'The listing and its advertisement are removed and its reports are closed. Buyers will not see this phone any more.',
  blockImei: 'Block IMEI',
  blocking: 'Blocking…',
  imeiBlockedMark: 'IMEI blocked',
  blockImeiTitle: (name: string) => `Block the IMEI of ${name}?`,
  blockImeiText: (imei: string) =>
    `IMEI ${imei} is recorded as reported stolen: it can never be listed again, and every listing of it for sale leaves sale.`,
  blockReason: 'Reason',
  blockReasonDefault: 'Reported stolen',
  imeiBlockedToast: 'IMEI blocked',

  // Messages (what visitors sent with the Contact us form)
  messageColumns: {
    status: 'Status',
    name: 'Name',
    email: 'Email',
    message: 'Message',
    received: 'Received',
    action: 'Action',
  },
  messageViews: 'Message views',
  inbox: 'Inbox',
  archived: 'Archived',
  unread: 'Unread',
  read: 'Read',
  markRead: 'Mark read',
  archive: 'Archive',
  messageMarkedRead: 'Message marked as read',
  messageArchived: 'Message archived',
  noMessages: 'No messages yet',
  noArchivedMessages: 'No archived messages',

  // Email outbox: each email's delivery, never what it says (its links are its recipient's alone)
  outboxIntro:
    'The newest 50 emails and how their delivery went. What an email says is not shown: its links are for its recipient alone.',
  outboxHeld:
    'No mail server is set (SMTP_URL), so emails wait here unsent; people cannot confirm their email address until one is.',
  noOutboxEmails: 'No emails yet',
  columnTo: 'To',
  columnSubject: 'Subject',
  columnDelivery: 'Delivery',
  deliveryStates: {
    sent: 'Sent',
    queued: 'Waiting to be sent',
    retrying: 'Not accepted yet; trying again',
    failed: 'Given up',
    held: 'Not sent: no mail server',
  },
  attempts: (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`,

  // Audit Log
  columnWhen: 'When',
  columnWho: 'Who',
  columnWhat: 'Action',
  columnRecord: 'Record',
  system: 'System',
  noAuditEntries: 'Nothing has been recorded yet',
  auditActions: {
    [adminAuditActions.userRemoved]: 'Account removed',
    [adminAuditActions.sellerVerified]: 'Seller verified',
    [adminAuditActions.reportListingRemoved]: 'Reported listing removed',
    [adminAuditActions.reportDismissed]: 'Reports dismissed',
    [adminAuditActions.contactMessageRead]: 'Message marked as read',
    [adminAuditActions.contactMessageArchived]: 'Message archived',
    [adminAuditActions.imeiBlocked]: 'IMEI blocked',
    [adminAuditActions.ratingCommentHidden]: 'Rating comment hidden',
    [adminAuditActions.ratingCommentShown]: 'Rating comment shown again',
    [adminAuditActions.questionHidden]: 'Question on a listing hidden',
    [adminAuditActions.questionShown]: 'Question on a listing shown again',
    'product.removed': 'Listing removed',
    'product.edited': 'Listing edited',
    'seller.imei_refusals': 'IMEIs refused again and again: a seller may be guessing others’ IMEIs',
    'listing.approved': 'Listing approved',
    'listing.rejected': 'Listing rejected',
    'payment.recorded': 'Payment recorded',
    'order.cancelled': 'Order cancelled',
    'order.handed_over': 'Phone handed over',
    'order.shipped': 'Phone shipped',
    'order.label_bought': 'Shipping label bought',
    'order.receipt_confirmed': 'Receipt confirmed',
    'order.auto_completed': 'Order completed on its own',
    'order_problem.reported': 'Problem reported',
    'order_problem.refund_started': 'Refund started',
    'order_problem.refunded': 'Refunded',
    'order_problem.refund_failed': 'Refund failed',
    'order_problem.closed': 'Problem report closed',
  } as Record<string, string>,
  recordTypes: {
    user: 'User',
    product: 'Phone',
    order: 'Order',
    payment: 'Payment',
    report: 'Report',
    contact_message: 'Message',
    rating: 'Rating',
    order_problem: 'Problem report',
  } as Record<string, string>,
} as const;

/** A readable label of an audit action; an action this list does not know is shown as recorded. */
export const auditActionLabel = (action: string) => adminTexts.auditActions[action] ?? action;

/** A readable name of an audit record's type; an unknown type is shown as recorded. */
export const auditRecordType = (type: string) => adminTexts.recordTypes[type] ?? type;
