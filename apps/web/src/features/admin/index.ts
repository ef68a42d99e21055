export { AdminUsersTable } from './components/admin-users-table';
export { ReportedItemsTable } from './components/reported-items-table';
export { AuditLogTable } from './components/audit-log-table';
export { ContactMessagesTable } from './components/contact-messages-table';
export { contactMessageViewOf } from './api/get-contact-messages';
export { OrderProblemsTable } from './components/order-problems-table';
export { OutboxTable } from './components/outbox-table';
export { FinanceView } from './components/finance-view';
