import type {
  AdminUserPageSchema,
  AdminUserQuerySchema,
  AdminUserSchema,
  AuditPageSchema,
  BlockImeiSchema,
  ReportedProductPageSchema,
} from '../admin.ts';
import type { PageQuerySchema } from '../pagination.ts';
import { endpoint } from './endpoint.ts';

/** The admin's dashboard: accounts, sellers to verify, reported listings, the audit log. */
export const adminEndpoints = {
  users: endpoint<{ query: typeof AdminUserQuerySchema; response: typeof AdminUserPageSchema }>()({
    method: 'GET',
    path: '/admin/users',
    status: 200,
    auth: ['admin'],
  }),
  deleteUser: endpoint()({ method: 'DELETE', path: '/admin/users/:id', status: 204, auth: ['admin'] }),
  verifySeller: endpoint<{ response: typeof AdminUserSchema }>()({
    method: 'POST',
    path: '/admin/sellers/:id/verify',
    status: 200,
    auth: ['admin'],
  }),
  reportedProducts: endpoint<{ query: typeof PageQuerySchema; response: typeof ReportedProductPageSchema }>()({
    method: 'GET',
    path: '/admin/reports',
    status: 200,
    auth: ['admin'],
  }),
  deleteReportedProduct: endpoint()({
    method: 'DELETE',
    path: '/admin/reports/:productId',
    status: 204,
    auth: ['admin'],
  }),
  dismissReports: endpoint()({
    method: 'POST',
    path: '/admin/reports/:productId/dismiss',
    status: 204,
    auth: ['admin'],
  }),
  blockImei: endpoint<{ body: typeof BlockImeiSchema }>()({
    method: 'POST',
    path: '/admin/reports/:productId/block-imei',
    status: 204,
    auth: ['admin'],
  }),
  auditLog: endpoint<{ query: typeof PageQuerySchema; response: typeof AuditPageSchema }>()({
    method: 'GET',
    path: '/admin/audit',
    status: 200,
    auth: ['admin'],
  }),
} as const;
