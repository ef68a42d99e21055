import {
  AdminUserPageSchema,
  AdminUserQuerySchema,
  AdminUserSchema,
  AuditPageSchema,
  BlockImeiSchema,
  ReportedProductPageSchema,
} from '../admin.ts';
import { PageQuerySchema } from '../pagination.ts';
import { endpoint } from './endpoint.ts';

/** The admin's dashboard: accounts, sellers to verify, reported listings, the audit log. */
export const adminEndpoints = {
  users: endpoint({
    method: 'GET',
    path: '/admin/users',
    status: 200,
    query: AdminUserQuerySchema,
    response: AdminUserPageSchema,
    auth: ['admin'],
  }),
  deleteUser: endpoint({ method: 'DELETE', path: '/admin/users/:id', status: 204, auth: ['admin'] }),
  verifySeller: endpoint({
    method: 'POST',
    path: '/admin/sellers/:id/verify',
    status: 200,
    response: AdminUserSchema,
    auth: ['admin'],
  }),
  reportedProducts: endpoint({
    method: 'GET',
    path: '/admin/reports',
    status: 200,
    query: PageQuerySchema,
    response: ReportedProductPageSchema,
    auth: ['admin'],
  }),
  deleteReportedProduct: endpoint({
    method: 'DELETE',
    path: '/admin/reports/:productId',
    status: 204,
    auth: ['admin'],
  }),
  dismissReports: endpoint({
    method: 'POST',
    path: '/admin/reports/:productId/dismiss',
    status: 204,
    auth: ['admin'],
  }),
  blockImei: endpoint({
    method: 'POST',
    path: '/admin/reports/:productId/block-imei',
    status: 204,
    body: BlockImeiSchema,
    auth: ['admin'],
  }),
  auditLog: endpoint({
    method: 'GET',
    path: '/admin/audit',
    status: 200,
    query: PageQuerySchema,
    response: AuditPageSchema,
    auth: ['admin'],
  }),
} as const;
