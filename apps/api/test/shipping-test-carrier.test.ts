/**
 * The built-in test carrier (adapters/shipping/test-carrier.ts) as the shipping port's callers use
 * it: rates from its table, a label bought once per shipment whatever the retries, a real PDF to
 * print, a tracker that moves on the clock to the journey's end (the magic addresses' too), refunds
 * of labels not yet in transit, and signed events believed only with the right secret.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createShipping,
  InvalidShippingEventError,
  ShippingRefusedError,
  signedTrackerEvent,
  testAddressLines,
  testCarrierDevSecret,
  type PostalAddress,
  type ShippingPort,
  type VerifiedAddress,
} from '../src/adapters/shipping/index.ts';
import { buyerAddress as buyer, phoneParcel as parcel, sellerAddress as seller } from './support/shipping.ts';
import { createTestDatabase, type TestDatabase } from './helpers.ts';

const step = 120_000;

let database: TestDatabase;
let clock = new Date('2026-11-28T10:00:00Z');
let carrier: ShippingPort;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

beforeAll(async () => {
  database = await createTestDatabase();
  carrier = createShipping(
    { kind: 'test', stepSeconds: step / 1000, webhookSecret: undefined },
    database.db,
    () => clock,
  );
});
afterAll(() => database.destroy());

const verified = async (address: PostalAddress): Promise<VerifiedAddress> => {
  const result = await carrier.verifyAddress(address);
  if (!result.verified) throw new Error(result.reason);
  return result.address;
};

/** A shipment to `to` with its label bought on the Priority rate. */
const labelTo = async (to: PostalAddress) => {
  const shipment = await carrier.createShipment({ from: await verified(seller), to: await verified(to), parcel });
  const rate = shipment.rates.find((candidate) => candidate.service === 'Priority')!;
  const label = await carrier.buyLabel({ shipmentId: shipment.id, rateId: rate.id, idempotencyKey: shipment.id });
  return { shipment, label };
};

describe('the test carrier', () => {
  it('verifies through the port what a person types, and refuses in words', async () => {
    expect(await carrier.verifyAddress({ ...seller, city: ' springfield ', region: 'il' })).toMatchObject({
      verified: true,
      address: { city: 'Springfield', region: 'IL', carrierAddressId: expect.stringMatching(/^adr_test_/) },
    });
    expect(await carrier.verifyAddress({ ...seller, line1: `3 ${testAddressLines.notFound} Road` })).toEqual({
      verified: false,
      reason: 'Address not found',
    });
  });

  it('offers Ground, Priority and Express from its table, dearer and slower across a border and for heavier parcels', async () => {
    const from = await verified(seller);
    const domestic = await carrier.createShipment({ from, to: await verified(buyer), parcel });
    expect(domestic.id).toMatch(/^shp_test_/);
    expect(
      domestic.rates.map(({ service, amountCents, deliveryDays, currency }) => [
        service,
        amountCents,
        deliveryDays,
        currency,
      ]),
    ).toEqual([
      ['Ground', 650, 5, 'USD'],
      ['Priority', 980, 2, 'USD'],
      ['Express', 2640, 1, 'USD'],
    ]);
    const london = await verified({ ...buyer, city: 'London', region: '', postalCode: 'SW1A 1AA', country: 'GB' });
    const abroad = await carrier.createShipment({ from, to: london, parcel: { ...parcel, weightGrams: 900 } });
    expect(abroad.rates.map((rate) => [rate.service, rate.amountCents, rate.deliveryDays])).toEqual([
      ['Ground', 2550, 10],
      ['Priority', 3950, 6],
      ['Express', 6350, 3],
    ]);
    await expect(carrier.createShipment({ from, to: london, parcel: { ...parcel, weightGrams: 0 } })).rejects.toThrow(
      ShippingRefusedError,
    );
  });

  it('buys a label once per shipment: the same key answers the same label, another key is refused', async () => {
    const shipment = await carrier.createShipment({ from: await verified(seller), to: await verified(buyer), parcel });
    const rateId = shipment.rates[0]!.id;
    const [first, retry] = await Promise.all([
      carrier.buyLabel({ shipmentId: shipment.id, rateId, idempotencyKey: 'order-1-label' }),
      carrier.buyLabel({ shipmentId: shipment.id, rateId, idempotencyKey: 'order-1-label' }),
    ]);
    expect(first).toEqual(retry);
    expect(first).toMatchObject({ shipmentId: shipment.id, carrier: 'TestPost', service: 'Ground', amountCents: 650 });
    expect(first.trackingCode).toMatch(/^EZ\d{12}$/);
    expect(first.trackerId).toMatch(/^trk_test_/);
    const again = carrier.buyLabel({
      shipmentId: shipment.id,
      rateId: shipment.rates[1]!.id,
      idempotencyKey: 'another',
    });
    await expect(again).rejects.toThrow(new ShippingRefusedError('A label was already bought for this shipment'));
    const other = await carrier.createShipment({ from: await verified(seller), to: await verified(buyer), parcel });
    await expect(
      carrier.buyLabel({ shipmentId: other.id, rateId: shipment.rates[0]!.id, idempotencyKey: 'x' }),
    ).rejects.toThrow(new ShippingRefusedError('Rate not found for this shipment'));
    await expect(carrier.buyLabel({ shipmentId: 'shp_test_none', rateId, idempotencyKey: 'y' })).rejects.toThrow(
      new ShippingRefusedError('Shipment not found'),
    );
  });

  it('prints a real PDF label naming its tracking code', async () => {
    const { shipment, label } = await labelTo({ ...buyer, name: 'Zoë Ł. Buyer' });
    const pdf = await carrier.labelPdf(shipment.id);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    expect(document.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect(document.getTitle()).toBe(`Shipping label ${label.trackingCode}`);
    expect(document.getSubject()).toBe('TestPost Priority');
    const unbought = await carrier.createShipment({ from: await verified(seller), to: await verified(buyer), parcel });
    await expect(carrier.labelPdf(unbought.id)).rejects.toThrow(
      new ShippingRefusedError('No label was bought for this shipment'),
    );
  });

  it('moves the parcel one step at a time on the clock, to delivered', async () => {
    const { label } = await labelTo(buyer);
    const bought = clock.getTime();
    const seen = [];
    for (let i = 0; i < 5; i += 1) {
      seen.push((await carrier.retrieveTracker(label.trackerId)).status);
      advance(step);
    }
    expect(seen).toEqual(['pre_transit', 'in_transit', 'out_for_delivery', 'delivered', 'delivered']);
    const tracker = await carrier.retrieveTracker(label.trackerId);
    expect(tracker).toMatchObject({
      trackerId: label.trackerId,
      trackingCode: label.trackingCode,
      status: 'delivered',
    });
    expect(tracker.events).toEqual([
      {
        status: 'pre_transit',
        message: expect.any(String),
        place: 'Springfield, IL, US',
        occurredAt: new Date(bought),
      },
      {
        status: 'in_transit',
        message: expect.any(String),
        place: 'Springfield, IL, US',
        occurredAt: new Date(bought + step),
      },
      {
        status: 'out_for_delivery',
        message: expect.any(String),
        place: 'Chicago, IL, US',
        occurredAt: new Date(bought + 2 * step),
      },
      { status: 'delivered', message: 'Delivered', place: 'Chicago, IL, US', occurredAt: new Date(bought + 3 * step) },
    ]);
    expect(tracker.updatedAt).toEqual(new Date(bought + 3 * step));
    await expect(carrier.retrieveTracker('trk_test_none')).rejects.toThrow(ShippingRefusedError);
  });

  it('sends a parcel to the magic addresses back to the sender, or loses it', async () => {
    const returned = await labelTo({ ...buyer, line1: `7 ${testAddressLines.returnToSender}` });
    const lost = await labelTo({ ...buyer, line1: `13 ${testAddressLines.lost}` });
    advance(2 * step);
    expect((await carrier.retrieveTracker(returned.label.trackerId)).status).toBe('out_for_delivery');
    expect((await carrier.retrieveTracker(lost.label.trackerId)).status).toBe('in_transit');
    advance(step);
    expect((await carrier.retrieveTracker(returned.label.trackerId)).status).toBe('return_to_sender');
    const lostTracker = await carrier.retrieveTracker(lost.label.trackerId);
    expect(lostTracker.status).toBe('failure');
    expect(lostTracker.events.map((event) => event.status)).toEqual(['pre_transit', 'in_transit', 'failure']);
  });

  it('refunds a label whose parcel was not picked up, and no other', async () => {
    const unused = await labelTo(buyer);
    advance(step / 2);
    expect(await carrier.refundLabel(unused.shipment.id)).toBe('refunded');
    expect(await carrier.refundLabel(unused.shipment.id)).toBe('refunded');
    advance(10 * step);
    const tracker = await carrier.retrieveTracker(unused.label.trackerId);
    expect(tracker.events.map((event) => event.status)).toEqual(['pre_transit', 'cancelled']);
    expect(tracker.status).toBe('cancelled');
    await expect(carrier.labelPdf(unused.shipment.id)).rejects.toThrow(
      new ShippingRefusedError('This label was refunded'),
    );

    const sent = await labelTo(buyer);
    advance(step);
    expect(await carrier.refundLabel(sent.shipment.id)).toBe('rejected');
    expect((await carrier.retrieveTracker(sent.label.trackerId)).status).toBe('in_transit');
  });

  it('believes an event signed with its secret (the built-in one unless configured), and no other', async () => {
    const { label } = await labelTo(buyer);
    const update = await carrier.retrieveTracker(label.trackerId);
    const event = signedTrackerEvent(update, testCarrierDevSecret);
    expect(carrier.parseEvent(Buffer.from(event.body), event.headers)).toEqual(update);
    const forged = signedTrackerEvent(update, 'not-the-secret');
    expect(() => carrier.parseEvent(Buffer.from(forged.body), forged.headers)).toThrow(InvalidShippingEventError);

    const configured = createShipping({ kind: 'test', stepSeconds: 120, webhookSecret: 'our-own-secret' }, database.db);
    expect(() => configured.parseEvent(Buffer.from(event.body), event.headers)).toThrow(InvalidShippingEventError);
    const ours = signedTrackerEvent(update, 'our-own-secret');
    expect(configured.parseEvent(Buffer.from(ours.body), ours.headers)).toEqual(update);
  });
});
