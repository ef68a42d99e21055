import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createStripeCardProcessor, type StripeCardProcessor } from './stripe-processor.ts';
import { createTestCardProcessor, type TestCardProcessor } from './test-processor.ts';

export type AnyCardProcessor = TestCardProcessor | StripeCardProcessor;

/** The card processor the configuration names: Stripe when its keys are set, else the built-in test mode. */
export const createCardProcessor = (payments: Config['payments'], db: Database): AnyCardProcessor =>
  payments.processor === 'stripe' ? createStripeCardProcessor(payments) : createTestCardProcessor(db);
