import { pollStaleParcels } from '../modules/orders/index.ts';
import { every, type JobDefinition } from './job.ts';

const minute = 60_000;

/**
 * Follows shipped parcels when the carrier's webhook events do not (docs/decisions/0072): asks
 * the carrier for the tracker of each parcel on its way not heard of for a while, and moves its
 * order as an event would. EasyPost sends events, so its parcels are asked about after 6 hours of
 * silence; the built-in test carrier sends none, so this every-minute run is how a demo parcel
 * moves (each one asked every minute). The rules live in the orders module.
 */
export const followParcelsJob: JobDefinition = {
  name: 'follow-parcels',
  every: every.minute,
  timeLimitSeconds: 120,
  async run({ db, shipping, log, now, publicUrl }, { signal }) {
    // A little under the run's period, so that each run asks the test carrier again.
    const staleAfterMs = shipping.name === 'test' ? minute - 5_000 : 6 * 60 * minute;
    return pollStaleParcels({ db, shipping, log, now, publicUrl }, { staleAfterMs, signal });
  },
};
