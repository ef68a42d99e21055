import type { FinanceSchema } from '../finance.ts';
import { endpoint } from './endpoint.ts';

/** The admins' Finance screen: where the marketplace's money stands, and failed payouts sent again. */
export const financeEndpoints = {
  finance: endpoint<{ response: typeof FinanceSchema }>()({
    method: 'GET',
    path: '/admin/finance',
    status: 200,
    auth: ['admin'],
  }),
  /** A failed payout sent again; answers the Finance screen as it then stands. */
  retryPayout: endpoint<{ response: typeof FinanceSchema }>()({
    method: 'POST',
    path: '/admin/payouts/:orderId/retry',
    status: 200,
    auth: ['admin'],
  }),
} as const;
