/** The device-check module's door (docs/decisions/0065): IMEI checks of listings; the owner of device_checks. */
export { findCleanCheckAt, listListingsDueForRecheck } from './device-check.repository.ts';
export { checkDevice, recordDeviceCheck, type CheckedDevice, type DeviceCheckOutcome } from './device-check.service.ts';
