/** The built-in test-mode device check: answers by the magic IMEIs of test-imeis.ts, with no network. */
import { DeviceCheckUnavailableError, tacMatches, type DeviceCheck } from './device-check.ts';
import { testImeis, testTacModels } from './test-imeis.ts';

export const createTestDeviceCheck = (now: () => Date = () => new Date()): DeviceCheck => ({
  name: 'test',
  async check(imei, listing) {
    if (imei === testImeis.unavailable) throw new DeviceCheckUnavailableError('the test device check is down');
    const tacModel = testTacModels[imei.slice(0, 8)] ?? null;
    return {
      blacklisted: imei === testImeis.blacklisted,
      unpaidFinance: imei === testImeis.unpaidFinance,
      carrierLocked: imei === testImeis.carrierLocked,
      activationLocked: imei === testImeis.activationLocked,
      tacModel,
      tacMatchesListing: tacModel ? tacMatches(tacModel, listing) : null,
      checkedAt: now(),
    };
  },
});
