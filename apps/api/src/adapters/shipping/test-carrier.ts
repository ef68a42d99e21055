/**
 * The built-in test carrier: the embedded default of the shipping port, behaving like EasyPost in
 * test mode. Addresses are verified by the rules of test-addresses.ts.
 */
import type { Database } from '../../db/client.ts';
import { ShippingUnavailableError, type ShippingPort } from './shipping.ts';
import { verifyTestAddress } from './test-addresses.ts';

/** The webhook secret when none is configured: anyone reading this code knows it, so it is for demos only. */
export const testCarrierDevSecret = 'recell-test-carrier-dev-secret';

export interface TestCarrierSettings {
  webhookSecret?: string;
  /** Seconds between one tracking step and the next. */
  stepSeconds: number;
}

const notYet = () => Promise.reject(new ShippingUnavailableError('the test carrier sells no labels yet'));

export const createTestCarrier = (
  _db: Database,
  _settings: TestCarrierSettings,
  _now: () => Date = () => new Date(),
): ShippingPort => ({
  name: 'test',
  verifyAddress: async (address) => verifyTestAddress(address),
  createShipment: notYet,
  buyLabel: notYet,
  labelPdf: notYet,
  refundLabel: notYet,
  retrieveTracker: notYet,
  parseEvent: () => {
    throw new ShippingUnavailableError('the test carrier sends no events yet');
  },
});
