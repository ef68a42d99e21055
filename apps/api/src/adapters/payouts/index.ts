import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createStripePayoutProcessor } from './stripe-payouts.ts';
import { createTestPayoutProcessor } from './test-payouts.ts';
import type { PayoutProcessor } from './payout-processor.ts';

/** The payout processor the configuration names: Stripe Connect when Stripe's keys are set, else the built-in test mode. */
export const createPayoutProcessor = (payments: Config['payments'], db: Database): PayoutProcessor =>
  payments.processor === 'stripe' ? createStripePayoutProcessor(payments) : createTestPayoutProcessor(db);
