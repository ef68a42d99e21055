/**
 * What the payouts need, given explicitly: the routes, the release job and the refund path run the
 * same code with or without the HTTP app.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PayoutProcessor } from '../../adapters/payouts/payout-processor.ts';
import type { Database } from '../../db/client.ts';

export interface PayoutDeps {
  db: Database;
  payouts: PayoutProcessor;
  log: FastifyBaseLogger;
  /** The site's address: where the processor's onboarding sends the seller back. */
  publicUrl: string;
  /** The clock (tests move it). */
  now?: () => Date;
}

export const payoutDepsOf = (app: FastifyInstance, log: FastifyBaseLogger): PayoutDeps => ({
  db: app.db,
  payouts: app.payoutProcessor,
  log,
  publicUrl: app.config.publicUrl,
});
