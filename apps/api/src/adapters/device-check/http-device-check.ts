/**
 * A device-check service over plain HTTP and JSON (DEVICE_CHECK_API_URL, DEVICE_CHECK_API_KEY):
 *
 *   POST <url>/v1/checks
 *   Authorization: Bearer <key>
 *   { "imei": "356…", "brand": "Apple", "model": "iPhone 13 Pro" }
 *
 *   200 { "imei": "356…", "blacklisted": false, "unpaidFinance": false, "carrierLocked": false,
 *         "activationLocked": false, "tac": { "brand": "Apple", "model": "iPhone 13 Pro" } | null,
 *         "checkedAt": "2026-11-27T10:00:00Z" (optional) }
 *
 * No answer within the time-out, a network error, any other status or a body of another shape is
 * an outage (DeviceCheckUnavailableError): the caller decides what an outage means. Whether the
 * TAC's model is the listing's is decided here, the same way as in test mode.
 */
import { z } from 'zod';
import { DeviceCheckUnavailableError, tacMatches, type DeviceCheck } from './device-check.ts';

export interface HttpDeviceCheckSettings {
  apiUrl: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

const AnswerSchema = z.object({
  imei: z.string(),
  blacklisted: z.boolean(),
  unpaidFinance: z.boolean(),
  carrierLocked: z.boolean(),
  activationLocked: z.boolean(),
  tac: z.object({ brand: z.string().min(1), model: z.string().min(1) }).nullable(),
  checkedAt: z.iso.datetime({ offset: true }).optional(),
});

export const createHttpDeviceCheck = (settings: HttpDeviceCheckSettings): DeviceCheck => {
  const endpoint = new URL('v1/checks', settings.apiUrl.endsWith('/') ? settings.apiUrl : `${settings.apiUrl}/`);
  return {
    name: 'http',
    async check(imei, listing) {
      let body: unknown;
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify({ imei, brand: listing.brand, model: listing.model }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        if (!response.ok) {
          await response.body?.cancel();
          throw new DeviceCheckUnavailableError(`the device-check service answered ${response.status}`);
        }
        body = await response.json();
      } catch (error) {
        if (error instanceof DeviceCheckUnavailableError) throw error;
        throw new DeviceCheckUnavailableError('the device-check service did not answer', { cause: error });
      }
      const answer = AnswerSchema.safeParse(body);
      // An answer about another IMEI is no answer about this one.
      if (!answer.success || answer.data.imei !== imei)
        throw new DeviceCheckUnavailableError('the device-check service answered something else');
      const { tac } = answer.data;
      return {
        blacklisted: answer.data.blacklisted,
        unpaidFinance: answer.data.unpaidFinance,
        carrierLocked: answer.data.carrierLocked,
        activationLocked: answer.data.activationLocked,
        tacModel: tac,
        tacMatchesListing: tac ? tacMatches(tac, listing) : null,
        checkedAt: answer.data.checkedAt ? new Date(answer.data.checkedAt) : new Date(),
      };
    },
  };
};
