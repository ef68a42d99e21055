import { recheckListings } from '../modules/products/index.ts';
import { every, type JobDefinition } from './job.ts';

/** Listings re-checked per run: a day's run stays well inside its time limit at the service's time-out. */
export const recheckBatch = 500;

/**
 * Checks the IMEIs of listings for sale again at the device-check service, once a day, the oldest
 * check first (docs/decisions/0065): a phone reported lost or stolen since it was listed (or
 * otherwise flagged) leaves sale, and its seller and the admins are told why. The rules live in the
 * products module; a run on two replicas at once checks some listings twice, which is harmless.
 */
export const recheckDevicesJob: JobDefinition = {
  name: 'recheck-devices',
  every: every.dayAt(3, 40),
  timeLimitSeconds: 1800,
  async run({ db, deviceCheck, log, now, listingsChanged, publicUrl }, { signal }) {
    return recheckListings({ db, deviceCheck, log, now, listingsChanged, publicUrl }, { batch: recheckBatch, signal });
  },
};
