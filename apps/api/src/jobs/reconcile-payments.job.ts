import { reconcilePayments } from '../modules/payments/index.ts';
import { every, type JobDefinition } from './job.ts';

/**
 * Settles payments a crash or a lost answer left half-done (authorisations still held, refunds
 * that failed): the rules live in the payments module; this only runs them every minute.
 */
export const reconcilePaymentsJob: JobDefinition = {
  name: 'reconcile-payments',
  every: every.minute,
  timeLimitSeconds: 300,
  run: async ({ db, processor, log, listingsChanged, now, publicUrl, sellerFee, shipByBusinessDays }) => ({
    ...(await reconcilePayments({
      db,
      processor,
      log,
      listingsChanged,
      now,
      publicUrl,
      sellerFee,
      shipByBusinessDays,
    })),
  }),
};
