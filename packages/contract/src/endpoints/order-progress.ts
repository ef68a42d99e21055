import type {
  AdminOrderProblemPageSchema,
  AdminOrderProblemSchema,
  MarkShippedSchema,
  RefundProblemSchema,
  ReportOrderProblemSchema,
} from '../order-progress.ts';
import type { OrderSchema, SaleSchema } from '../orders.ts';
import type { AdminMissedDropOffPageSchema } from '../ship-by.ts';
import type { PageQuerySchema } from '../pagination.ts';
import { endpoint } from './endpoint.ts';

/**
 * A paid order's progress: the seller's hand-over or shipping, the buyer's receipt and problem
 * report, and the admins' decision on a problem (refund or close).
 */
export const orderProgressEndpoints = {
  markHandedOver: endpoint<{ response: typeof SaleSchema }>()({
    method: 'POST',
    path: '/orders/:id/handed-over',
    status: 200,
    auth: ['seller'],
    idempotent: true,
  }),
  markShipped: endpoint<{ body: typeof MarkShippedSchema; response: typeof SaleSchema }>()({
    method: 'POST',
    path: '/orders/:id/shipped',
    status: 200,
    auth: ['seller'],
    idempotent: true,
  }),
  confirmReceipt: endpoint<{ response: typeof OrderSchema }>()({
    method: 'POST',
    path: '/orders/:id/receipt',
    status: 200,
    auth: ['user'],
    idempotent: true,
  }),
  reportProblem: endpoint<{ body: typeof ReportOrderProblemSchema; response: typeof OrderSchema }>()({
    method: 'POST',
    path: '/orders/:id/problems',
    status: 201,
    auth: ['user'],
    idempotent: true,
  }),
  openProblems: endpoint<{ query: typeof PageQuerySchema; response: typeof AdminOrderProblemPageSchema }>()({
    method: 'GET',
    path: '/admin/order-problems',
    status: 200,
    auth: ['admin'],
  }),
  refundProblem: endpoint<{ body: typeof RefundProblemSchema; response: typeof AdminOrderProblemSchema }>()({
    method: 'POST',
    path: '/admin/order-problems/:id/refund',
    status: 200,
    auth: ['admin'],
    idempotent: true,
  }),
  closeProblem: endpoint<{ response: typeof AdminOrderProblemSchema }>()({
    method: 'POST',
    path: '/admin/order-problems/:id/close',
    status: 200,
    auth: ['admin'],
    idempotent: true,
  }),
  /** Shipped orders cancelled because the carrier had not scanned their parcel by the deadline (decision 0075). */
  missedDropOffs: endpoint<{ query: typeof PageQuerySchema; response: typeof AdminMissedDropOffPageSchema }>()({
    method: 'GET',
    path: '/admin/missed-drop-offs',
    status: 200,
    auth: ['admin'],
  }),
} as const;
