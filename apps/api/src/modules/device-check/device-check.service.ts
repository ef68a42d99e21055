/**
 * The marketplace's rules about an IMEI check (docs/decisions/0065): what the device-check service
 * says becomes findings (reasons) in the catalogue's words, and a check is clean, flagged or
 * unavailable (the service did not answer). Every check is made with no transaction open; its row
 * is written by the caller's transaction (`recordDeviceCheck`), beside what the check decided.
 */
import { deviceCheckReasonText, unlockedNetwork, type DeviceCheckReason } from '@recell/contract';
import type { FastifyBaseLogger } from 'fastify';
import {
  DeviceCheckUnavailableError,
  type DeviceCheck,
  type DeviceCheckResult,
} from '../../adapters/device-check/index.ts';
import type { Executor } from '../../db/client.ts';
import * as repository from './device-check.repository.ts';

/** The phone as its listing describes it. */
export interface CheckedDevice {
  imei: string;
  brand: string;
  model: string;
  /** 'unlocked', a carrier's name, or null (a listing from before the phone facts). */
  networkLock: string | null;
}

export interface DeviceCheckOutcome {
  outcome: repository.DeviceCheckOutcome;
  reasons: DeviceCheckReason[];
  /** "Samsung Galaxy S23": what the IMEI's TAC names, when known. */
  tacModel: string | null;
  checkedAt: Date;
  /** The findings in words (a flagged check); null otherwise. */
  message: string | null;
}

/**
 * The findings that keep a phone off sale: lost or stolen, unpaid finance, an activation lock, a TAC
 * naming another model, and a carrier lock on a phone listed as unlocked (a phone listed as locked
 * to its carrier says so, and may be sold).
 */
export const reasonsOf = (result: DeviceCheckResult, device: CheckedDevice): DeviceCheckReason[] => {
  const listedUnlocked = device.networkLock === null || device.networkLock.toLowerCase() === unlockedNetwork;
  const found: Record<DeviceCheckReason, boolean> = {
    blacklisted: result.blacklisted,
    unpaid_finance: result.unpaidFinance,
    carrier_locked: result.carrierLocked && listedUnlocked,
    activation_locked: result.activationLocked,
    model_mismatch: result.tacMatchesListing === false,
  };
  return (Object.keys(found) as DeviceCheckReason[]).filter((reason) => found[reason]);
};

/** Checks the phone at the service; an outage is an outcome ('unavailable'), never an error. */
export const checkDevice = async (
  deps: { deviceCheck: DeviceCheck; log: FastifyBaseLogger; now?: () => Date },
  device: CheckedDevice,
): Promise<DeviceCheckOutcome> => {
  try {
    const result = await deps.deviceCheck.check(device.imei, { brand: device.brand, model: device.model });
    const reasons = reasonsOf(result, device);
    const tacModel = result.tacModel ? `${result.tacModel.brand} ${result.tacModel.model}` : null;
    return {
      outcome: reasons.length > 0 ? 'flagged' : 'clean',
      reasons,
      tacModel,
      // Our clock, not the service's: the re-check compares check times with it.
      checkedAt: deps.now?.() ?? new Date(),
      message: reasons.length > 0 ? deviceCheckReasonText(reasons, tacModel) : null,
    };
  } catch (error) {
    if (!(error instanceof DeviceCheckUnavailableError)) throw error;
    // Never the IMEI in the log: it names one person's phone.
    deps.log.warn({ err: error }, 'the device-check service did not answer');
    return {
      outcome: 'unavailable',
      reasons: [],
      tacModel: null,
      checkedAt: deps.now?.() ?? new Date(),
      message: null,
    };
  }
};

/** Writes one check of a listing (a new row every time). */
export const recordDeviceCheck = (
  tx: Executor,
  productId: string,
  imei: string,
  check: DeviceCheckOutcome,
  context: repository.DeviceCheckContext,
) =>
  repository.insertDeviceCheck(tx, {
    productId,
    imei,
    outcome: check.outcome,
    reasons: check.reasons,
    tacModel: check.tacModel,
    context,
    checkedAt: check.checkedAt,
  });
