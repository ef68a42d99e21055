/** The reports module's door: listings reported to the admins. */
export { resolveOpenReports, resolveOpenReportsOnProductsOf } from './reports.repository.ts';
export { reportsRoutes } from './reports.routes.ts';
