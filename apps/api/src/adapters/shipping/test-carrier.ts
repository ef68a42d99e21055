/**
 * The built-in test carrier: the embedded default of the shipping port, behaving like EasyPost in
 * test mode. Addresses are verified by the rules of test-addresses.ts; rates come from a table
 * (within a country, within a zone, or between zones; Ground, Priority, Express); a label is
 * bought once per shipment and is a real PDF; its tracker moves on the clock (test-tracking.ts);
 * events are signed and read as EasyPost's are. Shipments are rows in the app's database (test_carrier_shipments), so every
 * replica agrees.
 *
 * Like a remote API it works outside its caller's transactions: each call is its own statement on
 * the pool (on PGlite, one connection, a call made inside an open transaction would wait forever).
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { parseEasyPostEvent } from './easypost-events.ts';
import {
  ShippingRefusedError,
  type Parcel,
  type PurchasedLabel,
  type ShippingPort,
  type ShippingRate,
  type VerifiedAddress,
} from './shipping.ts';
import { testParcelEnding, testZoneOf, verifyTestAddress } from './test-addresses.ts';
import * as repository from './test-carrier.repository.ts';
import { renderTestLabel } from './test-label.ts';
import { testTrackerAt } from './test-tracking.ts';

/** The webhook secret when none is configured: anyone reading this code knows it, so it is for demos only. */
export const testCarrierDevSecret = 'recell-test-carrier-dev-secret';

export const testCarrierName = 'TestPost';

export interface TestCarrierSettings {
  /** Unset: testCarrierDevSecret. */
  webhookSecret?: string;
  /** Seconds between one tracking step and the next. */
  stepSeconds: number;
}

/**
 * The rate table, in cents: a parcel within one country, across a border within a zone (North
 * America, Europe, Oceania), or between zones.
 */
const rateTable = {
  domestic: [
    { service: 'Ground', amountCents: 650, deliveryDays: 5 },
    { service: 'Priority', amountCents: 980, deliveryDays: 2 },
    { service: 'Express', amountCents: 2640, deliveryDays: 1 },
  ],
  regional: [
    { service: 'Ground', amountCents: 1400, deliveryDays: 7 },
    { service: 'Priority', amountCents: 2200, deliveryDays: 4 },
    { service: 'Express', amountCents: 3800, deliveryDays: 2 },
  ],
  international: [
    { service: 'Ground', amountCents: 2400, deliveryDays: 10 },
    { service: 'Priority', amountCents: 3800, deliveryDays: 6 },
    { service: 'Express', amountCents: 6200, deliveryDays: 3 },
  ],
} as const;

/** How far a parcel goes, for its rates. */
const reachOf = (from: string, to: string): keyof typeof rateTable => {
  if (from === to) return 'domestic';
  const zone = testZoneOf(from);
  return zone !== undefined && zone === testZoneOf(to) ? 'regional' : 'international';
};

/** Each started 500 g beyond the first costs this much more, whatever the service. */
const extraHalfKiloCents = 150;

export const testRatesFor = (
  from: VerifiedAddress,
  to: VerifiedAddress,
  parcel: Parcel,
): Omit<ShippingRate, 'id'>[] => {
  const reach = reachOf(from.country, to.country);
  const extra = Math.max(0, Math.ceil(parcel.weightGrams / 500) - 1) * extraHalfKiloCents;
  return rateTable[reach].map((rate) => ({
    carrier: testCarrierName,
    service: rate.service,
    amountCents: rate.amountCents + extra,
    currency: 'USD',
    deliveryDays: rate.deliveryDays,
  }));
};

const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** Like EasyPost's test tracking codes: EZ and digits. */
const trackingCode = () => `EZ${String(randomInt(1e6)).padStart(6, '0')}${String(randomInt(1e6)).padStart(6, '0')}`;

const labelOf = (shipment: repository.TestShipmentRow): PurchasedLabel => {
  const rate = shipment.rates.find((candidate) => candidate.id === shipment.rateId)!;
  return {
    shipmentId: shipment.id,
    trackingCode: shipment.trackingCode!,
    carrier: rate.carrier,
    service: rate.service,
    amountCents: rate.amountCents,
    trackerId: shipment.trackerId!,
  };
};

const notFound = () => new ShippingRefusedError('Shipment not found');

export const createTestCarrier = (
  db: Database,
  settings: TestCarrierSettings,
  now: () => Date = () => new Date(),
): ShippingPort => {
  const stepMs = settings.stepSeconds * 1000;
  const trackerOf = (shipment: repository.TestShipmentRow, at: Date) =>
    testTrackerAt(
      {
        trackerId: shipment.trackerId!,
        trackingCode: shipment.trackingCode!,
        from: shipment.from,
        to: shipment.to,
        ending: shipment.ending,
        boughtAt: shipment.labelBoughtAt!,
        refundedAt: shipment.refundedAt,
      },
      stepMs,
      at,
    );

  return {
    name: 'test',

    verifyAddress: async (address) => verifyTestAddress(address),

    async createShipment({ from, to, parcel }) {
      const sizes = [parcel.weightGrams, parcel.lengthMm, parcel.widthMm, parcel.heightMm];
      if (!sizes.every((size) => Number.isFinite(size) && size > 0))
        throw new ShippingRefusedError('Parcel weight and dimensions must be positive');
      const id = randomId('shp_test_');
      const rates = testRatesFor(from, to, parcel).map((rate) => ({ id: randomId('rate_test_'), ...rate }));
      await repository.insertShipment(db, { id, from, to, parcel, rates, ending: testParcelEnding(to) });
      return { id, rates };
    },

    async buyLabel({ shipmentId, rateId, idempotencyKey }) {
      const shipment = await repository.findShipment(db, shipmentId);
      if (!shipment) throw notFound();
      // The same key answers the label it bought, however often the call is repeated.
      if (shipment.labelBoughtAt && shipment.buyIdempotencyKey === idempotencyKey) return labelOf(shipment);
      if (!shipment.rates.some((rate) => rate.id === rateId))
        throw new ShippingRefusedError('Rate not found for this shipment');
      const bought = await repository.markBought(db, shipmentId, {
        rateId,
        idempotencyKey,
        trackingCode: trackingCode(),
        trackerId: randomId('trk_test_'),
        boughtAt: now(),
      });
      if (bought) return labelOf(bought);
      // Another call bought it first: the same key (a retry racing itself) gets that label.
      const winner = await repository.findShipment(db, shipmentId);
      if (winner?.buyIdempotencyKey === idempotencyKey) return labelOf(winner);
      throw new ShippingRefusedError('A label was already bought for this shipment');
    },

    async labelPdf(shipmentId) {
      const shipment = await repository.findShipment(db, shipmentId);
      if (!shipment) throw notFound();
      if (!shipment.labelBoughtAt) throw new ShippingRefusedError('No label was bought for this shipment');
      if (shipment.refundedAt) throw new ShippingRefusedError('This label was refunded');
      const label = labelOf(shipment);
      return renderTestLabel({
        carrier: label.carrier,
        service: label.service,
        trackingCode: label.trackingCode,
        from: shipment.from,
        to: shipment.to,
        weightGrams: shipment.parcel.weightGrams,
        boughtAt: shipment.labelBoughtAt,
      });
    },

    async refundLabel(shipmentId) {
      const shipment = await repository.findShipment(db, shipmentId);
      if (!shipment) throw notFound();
      if (!shipment.labelBoughtAt) throw new ShippingRefusedError('No label was bought for this shipment');
      if (shipment.refundedAt) return 'refunded';
      // Only a label whose parcel the carrier has not yet picked up is refunded.
      const at = now();
      if (trackerOf(shipment, at).status !== 'pre_transit') return 'rejected';
      // A racing call may have refunded it first: refunded either way.
      await repository.markRefunded(db, shipmentId, at);
      return 'refunded';
    },

    async retrieveTracker(trackerId) {
      const shipment = await repository.findByTracker(db, trackerId);
      if (!shipment) throw new ShippingRefusedError('Tracker not found');
      return trackerOf(shipment, now());
    },

    parseEvent: (rawBody, headers) =>
      parseEasyPostEvent(rawBody, headers, settings.webhookSecret ?? testCarrierDevSecret),
  };
};
