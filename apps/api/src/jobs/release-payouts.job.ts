import { releaseDuePayouts } from '../modules/payouts/index.ts';
import { every, type JobDefinition } from './job.ts';

/**
 * Sends sellers their sales' shares once each order has completed and their payout account is
 * ready, and finishes sends a crash or an outage left (docs/decisions/0062). The rules live in the
 * payouts module; replicas running it at once take different shares, and the processor's
 * idempotency key per order makes a repeated transfer the same one.
 */
export const releasePayoutsJob: JobDefinition = {
  name: 'release-payouts',
  every: every.minute,
  timeLimitSeconds: 120,
  async run({ db, payouts, log, now, publicUrl }, { signal }) {
    return releaseDuePayouts({ db, payouts, log, now, publicUrl }, { signal });
  },
};
