/**
 * The IMEI check at a device-check service (lost or stolen, unpaid finance, carrier lock,
 * activation lock, the model its type-allocation code names): the words of each finding, the
 * refusals that carry them, the notices, and the line on a phone's page. No zod here.
 */

/** What a check can find wrong with a phone, in the order the refusal names them. */
export const deviceCheckReasons = [
  'blacklisted',
  'unpaid_finance',
  'carrier_locked',
  'activation_locked',
  'model_mismatch',
] as const;
export type DeviceCheckReason = (typeof deviceCheckReasons)[number];

export const deviceCheckTexts = {
  /** Each finding as a seller, a buyer and an admin read it. */
  reasons: {
    blacklisted: 'This IMEI is reported lost or stolen.',
    unpaid_finance: 'This phone still has an unpaid finance plan.',
    carrier_locked: 'This phone is locked to a carrier, but the listing says it is unlocked.',
    activation_locked: "This phone is still locked to its owner's account (activation lock).",
    model_mismatch: "This IMEI belongs to another model than the listing's brand and model.",
  } satisfies Record<DeviceCheckReason, string>,
  /** The TAC's model, when the service names it, follows the mismatch reason. */
  tacModel: (model: string) => `Its IMEI names a ${model}.`,
  /** A phone's page, after a clean check: the date in words, UTC. */
  cleanOn: (iso: string) =>
    `IMEI clean, checked on ${new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`,
  cleanHint: 'Not reported lost or stolen, no unpaid finance, no activation lock, and the model matches',
  /** The buyer's answer when the phone fails its check just before the card would be charged. */
  failedBeforeCapture: 'This phone failed its IMEI check, so your card was not charged and the order was cancelled.',
} as const;

/** The words of a check's findings, in order; the model the TAC names after a mismatch. */
export const deviceCheckReasonText = (reasons: readonly DeviceCheckReason[], tacModel?: string | null) =>
  reasons
    .map((reason) =>
      reason === 'model_mismatch' && tacModel
        ? `${deviceCheckTexts.reasons[reason]} ${deviceCheckTexts.tacModel(tacModel)}`
        : deviceCheckTexts.reasons[reason],
    )
    .join(' ');
