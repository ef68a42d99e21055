import type { Config } from '../../config.ts';
import type { DeviceCheck } from './device-check.ts';
import { createHttpDeviceCheck } from './http-device-check.ts';
import { createTestDeviceCheck } from './test-device-check.ts';

export type { DeviceCheck, DeviceCheckResult } from './device-check.ts';
export { DeviceCheckUnavailableError } from './device-check.ts';
export { testImeis } from './test-imeis.ts';

/** The device check the configuration names: the HTTP service when its URL is set, else the built-in test mode. */
export const createDeviceCheck = (settings: Config['deviceCheck']): DeviceCheck =>
  settings.kind === 'http' ? createHttpDeviceCheck(settings) : createTestDeviceCheck();
