/**
 * The EasyPost client (adapters/shipping/easypost.ts) against a fake EasyPost over real HTTP: every
 * call the port makes and what it answers, EasyPost's refusals in its own words, outages (5xx, no
 * answer, nobody listening) as outages, one label however often a buy is retried, and webhook
 * events believed only when signed with the secret over the very bytes received.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createEasyPost } from '../src/adapters/shipping/easypost.ts';
import {
  InvalidShippingEventError,
  ShippingRefusedError,
  ShippingUnavailableError,
  type PostalAddress,
  type ShippingPort,
  type TrackerUpdate,
  type VerifiedAddress,
} from '../src/adapters/shipping/index.ts';
import { buyerAddress as buyer, phoneParcel as parcel, sellerAddress as seller } from './support/shipping.ts';
import { startFakeEasyPost, type FakeEasyPost } from './support/fake-easypost.ts';

const hour = 60 * 60_000;

let fake: FakeEasyPost;
let easypost: ShippingPort;
const clientWith = (env: Record<string, string>) => {
  const settings = loadConfig({ NODE_ENV: 'test', ...fake.env, SHIPPING_TIMEOUT_MS: '5000', ...env }).shipping;
  if (settings.kind !== 'easypost') throw new Error('expected EasyPost settings');
  return createEasyPost(settings);
};

beforeAll(async () => {
  fake = await startFakeEasyPost();
  easypost = clientWith({});
});
afterAll(() => fake.stop());

const verified = async (address: PostalAddress): Promise<VerifiedAddress> => {
  const result = await easypost.verifyAddress(address);
  if (!result.verified) throw new Error(result.reason);
  return result.address;
};

const shipment = async () =>
  easypost.createShipment({ from: await verified(seller), to: await verified(buyer), parcel });

const bought = async () => {
  const created = await shipment();
  const label = await easypost.buyLabel({
    shipmentId: created.id,
    rateId: created.rates[1]!.id,
    idempotencyKey: `label-${created.id}`,
  });
  return { created, label };
};

describe('the EasyPost client', () => {
  it('verifies an address for delivery and answers EasyPost’s corrected form and id', async () => {
    const result = await easypost.verifyAddress(buyer);
    expect(result).toEqual({
      verified: true,
      address: {
        name: 'Bo Buyer',
        line1: '9 OAK AVENUE',
        line2: null,
        city: 'CHICAGO',
        region: 'IL',
        postalCode: '60601',
        country: 'US',
        phone: '',
        carrierAddressId: expect.stringMatching(/^adr_/),
      },
    });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v2/addresses' });
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${fake.apiKey}:`).toString('base64')}`);
    expect(request.body).toMatchObject({ verify: ['delivery'], address: { street1: '9 Oak Avenue', zip: '60601' } });
    expect(await easypost.verifyAddress({ ...buyer, line1: '1 Nowhere Road' })).toEqual({
      verified: false,
      reason: 'Address not found',
    });
  });

  it('creates a shipment between address ids, the parcel in ounces and inches, and answers its rates in cents', async () => {
    const created = await shipment();
    expect(fake.requests.at(-1)!.body).toEqual({
      shipment: {
        from_address: { id: expect.stringMatching(/^adr_/) },
        to_address: { id: expect.stringMatching(/^adr_/) },
        parcel: { weight: 14.2, length: 7.1, width: 4.4, height: 2.4 },
        options: { label_format: 'PDF' },
      },
    });
    expect(
      created.rates.map(({ carrier, service, amountCents, currency, deliveryDays }) => ({
        carrier,
        service,
        amountCents,
        currency,
        deliveryDays,
      })),
    ).toEqual([
      { carrier: 'USPS', service: 'GroundAdvantage', amountCents: 593, currency: 'USD', deliveryDays: 5 },
      { carrier: 'USPS', service: 'Priority', amountCents: 758, currency: 'USD', deliveryDays: 2 },
      { carrier: 'USPS', service: 'Express', amountCents: 3125, currency: 'USD', deliveryDays: null },
    ]);
  });

  it('buys one label however often the buy is retried with its key; another buy is refused in EasyPost’s words', async () => {
    const created = await shipment();
    const buy = { shipmentId: created.id, rateId: created.rates[1]!.id, idempotencyKey: 'order-7-label' };
    const first = await easypost.buyLabel(buy);
    const retry = await easypost.buyLabel(buy);
    expect(retry).toEqual(first);
    expect(first).toEqual({
      shipmentId: created.id,
      trackingCode: expect.stringMatching(/^9400\d{12}$/),
      carrier: 'USPS',
      service: 'Priority',
      amountCents: 758,
      trackerId: expect.stringMatching(/^trk_/),
    });
    expect(fake.purchases.get(created.id)).toBe(1);
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v2/shipments/${created.id}/buy`,
      idempotencyKey: 'order-7-label',
    });
    await expect(easypost.buyLabel({ ...buy, idempotencyKey: 'another' })).rejects.toThrow(
      new ShippingRefusedError('Postage already exists for this shipment.'),
    );
    await expect(easypost.buyLabel({ ...buy, shipmentId: 'shp_none', idempotencyKey: 'x' })).rejects.toThrow(
      new ShippingRefusedError('The requested resource could not be found.'),
    );
  });

  it('downloads the label’s PDF from EasyPost’s file host, without the API key, converting a label of another format', async () => {
    const { created } = await bought();
    const pdf = await easypost.labelPdf(created.id);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const download = fake.requests.at(-1)!;
    expect(download.path).toBe(`/files/${created.id}.pdf`);
    expect(download.authorization).toBeUndefined();

    const other = await shipment();
    fake.shipments.get(other.id)!.options = {}; // bought as a PNG
    await easypost.buyLabel({ shipmentId: other.id, rateId: other.rates[0]!.id, idempotencyKey: `png-${other.id}` });
    const converted = await easypost.labelPdf(other.id);
    expect(Buffer.from(converted.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(fake.requests.map((request) => request.path)).toContain(`/v2/shipments/${other.id}/label?file_format=PDF`);
    const unbought = await shipment();
    await expect(easypost.labelPdf(unbought.id)).rejects.toThrow(ShippingRefusedError);
  });

  it('follows a tracker through its script on EasyPost’s clock', async () => {
    const { label } = await bought();
    fake.scriptTracker(label.trackerId, [
      { afterMs: 0, status: 'pre_transit', message: 'Label created', city: 'SPRINGFIELD' },
      { afterMs: hour, status: 'in_transit', message: 'Arrived at USPS Facility', city: 'CHICAGO' },
      { afterMs: 2 * hour, status: 'available_for_pickup', message: 'Available for Pickup', city: 'CHICAGO' },
      { afterMs: 3 * hour, status: 'return_to_sender', message: 'Return to Sender', city: 'CHICAGO' },
    ]);
    const start = fake.now();
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await easypost.retrieveTracker(label.trackerId)).status);
      fake.advance(hour);
    }
    expect(statuses).toEqual(['pre_transit', 'in_transit', 'available_for_pickup', 'return_to_sender']);
    const tracker = await easypost.retrieveTracker(label.trackerId);
    expect(tracker).toMatchObject({
      trackerId: label.trackerId,
      trackingCode: label.trackingCode,
      updatedAt: new Date(start + 3 * hour),
    });
    expect(tracker.events[1]).toEqual({
      status: 'in_transit',
      message: 'Arrived at USPS Facility',
      place: 'CHICAGO, US',
      occurredAt: new Date(start + hour),
    });
  });

  it('asks for refunds: submitted before the parcel moves, rejected after', async () => {
    const unused = await bought();
    expect(await easypost.refundLabel(unused.created.id)).toBe('submitted');
    const sent = await bought();
    fake.advance(2 * hour);
    expect(await easypost.refundLabel(sent.created.id)).toBe('rejected');
  });

  it('calls a refusal a refusal and an outage an outage', async () => {
    await expect(clientWith({ SHIPPING_API_KEY: 'EZTKwrong' }).verifyAddress(buyer)).rejects.toThrow(
      new ShippingRefusedError(
        'This api key is no longer active. Please use a different api key or reactivate this key.',
      ),
    );
    fake.failNext(503);
    await expect(easypost.verifyAddress(buyer)).rejects.toThrow(ShippingUnavailableError);
    fake.failNext(429);
    await expect(easypost.verifyAddress(buyer)).rejects.toThrow(ShippingUnavailableError);
    fake.failNext('hang');
    const started = Date.now();
    const impatient = clientWith({ SHIPPING_TIMEOUT_MS: '500' });
    await expect(impatient.retrieveTracker('trk_any')).rejects.toThrow(ShippingUnavailableError);
    expect(Date.now() - started).toBeLessThan(4000);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(clientWith({ SHIPPING_API_URL: `http://127.0.0.1:${port}/v2` }).verifyAddress(buyer)).rejects.toThrow(
      ShippingUnavailableError,
    );
    // The fake answered again after each outage.
    expect((await easypost.verifyAddress(buyer)).verified).toBe(true);
  });
});

describe('EasyPost’s webhook events', () => {
  it('believes a tracker event signed with the webhook secret, POSTed to the app’s URL', async () => {
    const { label } = await bought();
    fake.advance(hour);
    const received: (TrackerUpdate | null | 'refused')[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        try {
          received.push(easypost.parseEvent(Buffer.concat(chunks), req.headers));
          res.writeHead(200).end();
        } catch (error) {
          received.push(error instanceof InvalidShippingEventError ? 'refused' : null);
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/shipping/events`;
    try {
      expect((await fake.sendTrackerEvent(url, label.trackerId)).status).toBe(200);
      expect((await fake.sendTrackerEvent(url, label.trackerId, { secret: 'someone-else' })).status).toBe(400);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
    expect(received).toEqual([await easypost.retrieveTracker(label.trackerId), 'refused']);
    expect(received[0]).toMatchObject({ status: 'in_transit', trackingCode: label.trackingCode });
  });

  it('refuses a missing or wrong signature and a body changed after signing; ignores other events', async () => {
    const { label } = await bought();
    const event = fake.signedTrackerEvent(label.trackerId);
    const body = Buffer.from(event.body);
    expect(easypost.parseEvent(body, event.headers)?.trackerId).toBe(label.trackerId);
    // Header names arrive in any case (Node lower-cases them; other callers may not).
    expect(easypost.parseEvent(body, { 'X-Hmac-Signature': event.headers['x-hmac-signature'] })?.trackerId).toBe(
      label.trackerId,
    );

    const { 'x-hmac-signature': signature, ...unsigned } = event.headers;
    expect(() => easypost.parseEvent(body, unsigned)).toThrow(InvalidShippingEventError);
    expect(() => easypost.parseEvent(body, { 'x-hmac-signature': 'hmac-sha256-hex=00' })).toThrow(
      InvalidShippingEventError,
    );
    const forged = fake.signedTrackerEvent(label.trackerId, { secret: 'not-our-secret' });
    expect(() => easypost.parseEvent(Buffer.from(forged.body), forged.headers)).toThrow(InvalidShippingEventError);
    const tampered = Buffer.from(event.body.replace('"pre_transit"', '"delivered"'));
    expect(tampered.equals(body)).toBe(false);
    expect(() => easypost.parseEvent(tampered, { 'x-hmac-signature': signature! })).toThrow(InvalidShippingEventError);

    const created = fake.signedTrackerEvent(label.trackerId, { description: 'tracker.created' });
    expect(easypost.parseEvent(Buffer.from(created.body), created.headers)?.status).toBe('pre_transit');
    const other = fake.signedTrackerEvent(label.trackerId, { description: 'batch.updated' });
    expect(easypost.parseEvent(Buffer.from(other.body), other.headers)).toBeNull();
  });

  it('verifies with the secret NFKD-normalised, as EasyPost signs', async () => {
    const { label } = await bought();
    // "ﬁ" (U+FB01) is "fi" once normalised: a secret typed either way signs the same.
    const client = clientWith({ SHIPPING_WEBHOOK_SECRET: 'secret-ﬁle-key' });
    const event = fake.signedTrackerEvent(label.trackerId, { secret: 'secret-file-key' });
    expect(client.parseEvent(Buffer.from(event.body), event.headers)?.trackerId).toBe(label.trackerId);
  });
});
