import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createEasyPost } from './easypost.ts';
import type { ShippingPort } from './shipping.ts';
import { createTestCarrier } from './test-carrier.ts';

export type * from './shipping.ts';
export { InvalidShippingEventError, ShippingRefusedError, ShippingUnavailableError } from './shipping.ts';
export { testAddressLines, testCarrierCountries } from './test-addresses.ts';
export { testCarrierDevSecret } from './test-carrier.ts';
/** Signs a tracker as the carrier's webhook would (tests and demos send events with it). */
export { signedTrackerEvent } from './easypost-events.ts';

/**
 * The shipping API the configuration names: EasyPost when its key is set, else the built-in test
 * carrier, whose shipments are rows in the app's database (so every replica agrees). `now` is the
 * test carrier's clock: its parcels move on it (tests pass their own).
 */
export const createShipping = (
  settings: Config['shipping'],
  db: Database,
  now: () => Date = () => new Date(),
): ShippingPort => (settings.kind === 'easypost' ? createEasyPost(settings) : createTestCarrier(db, settings, now));
