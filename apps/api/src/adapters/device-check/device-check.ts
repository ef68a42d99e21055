/**
 * The device-check port: what a device-check service (an ESN/IMEI check, as Swappa runs before a
 * sale) says of one phone. The marketplace's rules about the answer (what refuses a listing) live in
 * modules/device-check; the port only reports.
 */

/** The model a type-allocation code (the IMEI's first 8 digits) names. */
export interface TacModel {
  brand: string;
  model: string;
}

export interface DeviceCheckResult {
  /** Reported lost or stolen (on a blacklist). */
  blacklisted: boolean;
  /** A finance plan or contract still unpaid. */
  unpaidFinance: boolean;
  /** Locked to a carrier. */
  carrierLocked: boolean;
  /** Locked to its owner's account (Find My, Google FRP). */
  activationLocked: boolean;
  /** What the TAC names; null when the service does not know it. */
  tacModel: TacModel | null;
  /** Whether the TAC's model is the listing's brand and model; null when the TAC is unknown. */
  tacMatchesListing: boolean | null;
  checkedAt: Date;
}

export interface DeviceCheck {
  readonly name: 'test' | 'http';
  /** Checks one IMEI against the listing's brand and model; throws DeviceCheckUnavailableError on an outage. */
  check(imei: string, listing: { brand: string; model: string }): Promise<DeviceCheckResult>;
}

/** The service did not answer in time, or answered something that is not an answer. */
export class DeviceCheckUnavailableError extends Error {
  override readonly name = 'DeviceCheckUnavailableError';
}

const words = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether the TAC's model is the listing's: the same brand, and the same model once case and
 * spacing are set aside (a listing's model may repeat the brand: "Galaxy S23" or "Samsung Galaxy S23").
 */
export const tacMatches = (tac: TacModel, listing: { brand: string; model: string }) => {
  const brand = words(tac.brand);
  if (brand !== words(listing.brand)) return false;
  const model = words(listing.model);
  return model === words(tac.model) || model === `${brand} ${words(tac.model)}`;
};
