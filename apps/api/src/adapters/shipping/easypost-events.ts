/**
 * EasyPost's trackers and signed webhook events, read and written: shared by the EasyPost client,
 * the built-in test carrier (which signs and reads events the same way) and the tests' fake server.
 *
 * A webhook carries `X-Hmac-Signature: hmac-sha256-hex=<hex>`, the HMAC-SHA256 of the raw body
 * under the webhook secret (NFKD-normalised, as EasyPost's own libraries do).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { trackingStatuses } from '@recell/contract';
import { InvalidShippingEventError, type TrackerUpdate, type TrackingStatus } from './shipping.ts';

export const signatureHeader = 'x-hmac-signature';

/** What an EasyPost tracker looks like on the wire (the fields the port reads). */
export interface EasyPostTracker {
  object: 'Tracker';
  id: string;
  tracking_code: string;
  status: string;
  updated_at: string;
  tracking_details: {
    status: string;
    message: string;
    datetime: string;
    tracking_location?: { city?: string | null; state?: string | null; country?: string | null } | null;
  }[];
}

const statuses: ReadonlySet<string> = new Set<TrackingStatus>(trackingStatuses);

/** A status this port does not know (EasyPost adds some now and then) reads as unknown. */
const statusOf = (status: unknown): TrackingStatus =>
  typeof status === 'string' && statuses.has(status) ? (status as TrackingStatus) : 'unknown';

const dateOf = (text: unknown): Date | null => {
  if (typeof text !== 'string') return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** An EasyPost tracker as the port's TrackerUpdate; null when it is not one. */
export const trackerFromEasyPost = (tracker: unknown): TrackerUpdate | null => {
  if (!isRecord(tracker) || tracker.object !== 'Tracker') return null;
  const { id, tracking_code: trackingCode } = tracker;
  const updatedAt = dateOf(tracker.updated_at);
  if (typeof id !== 'string' || typeof trackingCode !== 'string' || !updatedAt) return null;
  const details = Array.isArray(tracker.tracking_details) ? tracker.tracking_details : [];
  const events = details.filter(isRecord).flatMap((detail) => {
    const occurredAt = dateOf(detail.datetime);
    if (!occurredAt) return [];
    const location = isRecord(detail.tracking_location) ? detail.tracking_location : {};
    const place = [location.city, location.state, location.country]
      .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
      .join(', ');
    return [
      {
        status: statusOf(detail.status),
        message: typeof detail.message === 'string' ? detail.message : '',
        place: place || null,
        occurredAt,
      },
    ];
  });
  events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  return { trackerId: id, trackingCode, status: statusOf(tracker.status), events, updatedAt };
};

/** The port's TrackerUpdate written as EasyPost would send it (place split back at its commas). */
export const easyPostTrackerOf = (update: TrackerUpdate): EasyPostTracker => ({
  object: 'Tracker',
  id: update.trackerId,
  tracking_code: update.trackingCode,
  status: update.status,
  updated_at: update.updatedAt.toISOString(),
  tracking_details: update.events.map((event) => {
    const [city = null, state = null, country = null] = event.place?.split(', ') ?? [];
    return {
      status: event.status,
      message: event.message,
      datetime: event.occurredAt.toISOString(),
      tracking_location: { city, state, country },
    };
  }),
});

const hmacHex = (secret: string, body: Buffer | string) =>
  createHmac('sha256', secret.normalize('NFKD')).update(body).digest('hex');

/** The signature header's value for a body, as EasyPost writes it. */
export const signEasyPostBody = (body: Buffer | string, secret: string): string =>
  `hmac-sha256-hex=${hmacHex(secret, body)}`;

/** A signed `tracker.updated` event for the tracker: its body and headers, ready to POST. */
export const signedTrackerEvent = (
  update: TrackerUpdate,
  secret: string,
  description: 'tracker.updated' | 'tracker.created' = 'tracker.updated',
): { body: string; headers: Record<string, string> } => {
  const body = JSON.stringify({
    object: 'Event',
    id: `evt_${update.trackerId}_${update.updatedAt.getTime()}`,
    description,
    created_at: update.updatedAt.toISOString(),
    result: easyPostTrackerOf(update),
  });
  return {
    body,
    headers: { 'content-type': 'application/json', [signatureHeader]: signEasyPostBody(body, secret) },
  };
};

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * A webhook's event, believed only when its signature matches (compared in constant time): the
 * tracker it carries, or null for an event of another kind. Else InvalidShippingEventError.
 */
export const parseEasyPostEvent = (
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
): TrackerUpdate | null => {
  const signature = headerOf(headers, signatureHeader);
  if (!signature) throw new InvalidShippingEventError('the event carries no signature');
  const expected = Buffer.from(signEasyPostBody(rawBody, secret));
  const given = Buffer.from(signature.trim());
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new InvalidShippingEventError('the event’s signature does not match');
  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new InvalidShippingEventError('the event is not JSON');
  }
  if (!isRecord(event) || event.object !== 'Event' || typeof event.description !== 'string')
    throw new InvalidShippingEventError('the body is not an event');
  if (event.description !== 'tracker.updated' && event.description !== 'tracker.created') return null;
  const update = trackerFromEasyPost(event.result);
  if (!update) throw new InvalidShippingEventError('the event carries no tracker');
  return update;
};
