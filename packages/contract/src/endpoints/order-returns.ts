import type {
  AdminReturnPageSchema,
  AdminReturnSchema,
  ConfirmReturnImeiSchema,
  DeclineReturnSchema,
  DecideReturnSchema,
  OrderReturnSchema,
  RequestReturnSchema,
} from '../order-returns.ts';
import type { PageQuerySchema } from '../pagination.ts';
import { endpoint } from './endpoint.ts';

/**
 * Returns of shipped phones (docs/decisions/0074): the buyer asks and prints the return label; the
 * seller answers, checks the returned phone's IMEI and puts it back on sale; an admin decides.
 */
export const orderReturnEndpoints = {
  requestReturn: endpoint<{ body: typeof RequestReturnSchema; response: typeof OrderReturnSchema }>()({
    method: 'POST',
    path: '/orders/:id/return',
    status: 201,
    auth: ['user'],
    idempotent: true,
  }),
  acceptReturn: endpoint<{ response: typeof OrderReturnSchema }>()({
    method: 'POST',
    path: '/orders/:id/return/accept',
    status: 200,
    auth: ['seller'],
    idempotent: true,
  }),
  declineReturn: endpoint<{ body: typeof DeclineReturnSchema; response: typeof OrderReturnSchema }>()({
    method: 'POST',
    path: '/orders/:id/return/decline',
    status: 200,
    auth: ['seller'],
    idempotent: true,
  }),
  /** The prepaid return label as a PDF (not JSON), for the order's buyer. */
  returnLabelPdf: endpoint()({
    method: 'GET',
    path: '/orders/:id/return/label.pdf',
    status: 200,
    auth: ['user'],
  }),
  confirmReturnImei: endpoint<{ body: typeof ConfirmReturnImeiSchema; response: typeof OrderReturnSchema }>()({
    method: 'POST',
    path: '/orders/:id/return/confirm-imei',
    status: 200,
    auth: ['seller'],
    idempotent: true,
  }),
  relistReturned: endpoint<{ response: typeof OrderReturnSchema }>()({
    method: 'POST',
    path: '/orders/:id/return/relist',
    status: 200,
    auth: ['seller'],
    idempotent: true,
  }),
  returnsToDecide: endpoint<{ query: typeof PageQuerySchema; response: typeof AdminReturnPageSchema }>()({
    method: 'GET',
    path: '/admin/returns',
    status: 200,
    auth: ['admin'],
  }),
  decideReturn: endpoint<{ body: typeof DecideReturnSchema; response: typeof AdminReturnSchema }>()({
    method: 'POST',
    path: '/admin/returns/:id/decide',
    status: 200,
    auth: ['admin'],
    idempotent: true,
  }),
} as const;
