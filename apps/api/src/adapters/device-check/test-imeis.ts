/**
 * The built-in test mode's magic IMEIs, like a card processor's test cards: valid (Luhn) IMEIs,
 * each answering one finding, under a type-allocation code no real phone (nor any IMEI the tests
 * and demo data make, which start with 35) uses. Every other IMEI is clean, with an unknown TAC.
 * Listed in README.md and modules/device-check/README.md.
 */
import type { TacModel } from './device-check.ts';

export const testImeis = {
  blacklisted: '010000000000016',
  unpaidFinance: '010000000000024',
  carrierLocked: '010000000000032',
  activationLocked: '010000000000040',
  /** Its TAC (01000001) names a Samsung Galaxy S23: listed as anything else, the model does not match. */
  otherModel: '010000010000055',
  /** The service does not answer (an outage). */
  unavailable: '010000000000065',
} as const;

/** The test mode's TAC table: the type-allocation codes it knows. */
export const testTacModels: Record<string, TacModel> = {
  '01000001': { brand: 'Samsung', model: 'Galaxy S23' },
};
