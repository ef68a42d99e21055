export { AdminUsersTable } from './components/admin-users-table';
export { ReportedItemsTable } from './components/reported-items-table';
export { AuditLogTable } from './components/audit-log-table';
export { adminUsersQuery } from './api/get-admin-users';
export { reportedProductsQuery } from './api/get-reported-products';
export { auditLogQuery } from './api/get-audit-log';
export { ContactMessagesTable } from './components/contact-messages-table';
export { contactMessagesQuery, contactMessageViewOf } from './api/get-contact-messages';
