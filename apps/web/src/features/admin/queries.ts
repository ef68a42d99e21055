// What route loaders start while a page's code downloads (see catalogue/queries.ts).
export { adminUsersQuery } from './api/get-admin-users';
export { reportedProductsQuery } from './api/get-reported-products';
export { auditLogQuery } from './api/get-audit-log';
export { contactMessagesQuery, contactMessageViewOf } from './api/get-contact-messages';
export { orderProblemsQuery } from './api/order-problems';
export { returnsToDecideQuery } from './api/returns';
export { missedDropOffsQuery } from './api/missed-drop-offs';
export { financeQuery } from './api/get-finance';
export { pendingListingsQuery } from './api/listing-reviews';
