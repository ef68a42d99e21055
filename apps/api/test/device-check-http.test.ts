/**
 * The device-check service over HTTP (adapters/device-check/http-device-check.ts) against a fake
 * service on node:http: the request it sends, a clean and a flagged answer, and every kind of outage
 * (a time-out, an error status, an answer of another shape, no server). Then the app configured
 * with DEVICE_CHECK_API_URL: a flagged phone is refused at listing, and an outage lists it unchecked.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceCheckReasonText, ProductWithPhotosSchema } from '@recell/contract';
import { DeviceCheckUnavailableError } from '../src/adapters/device-check/index.ts';
import { createHttpDeviceCheck } from '../src/adapters/device-check/http-device-check.ts';
import { deviceChecks } from '../src/db/schema.ts';
import { useCast } from './support/accounts.ts';
import { expectError, useTestApp } from './support/api.ts';
import { phoneJpeg } from './support/images.ts';
import { filledListing, freshImei, postListingJson, uploadPicture } from './support/listings.ts';

interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

/** The fake service: records each request and answers with `answer` (or not at all). */
type Answer = (request: { imei: string }, response: ServerResponse) => void;
const fake: { received: Received[]; answer: Answer } = {
  received: [],
  answer: (_request, response) => void response.end(),
};
let server: Server;
let baseUrl: string;

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { imei: string };
};
const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
const cleanAnswer = (imei: string) => ({
  imei,
  blacklisted: false,
  unpaidFinance: false,
  carrierLocked: false,
  activationLocked: false,
  tac: { brand: 'Apple', model: 'iPhone 13 Pro' },
  checkedAt: '2026-11-27T10:00:00Z',
});

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      fake.received.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        body,
      });
      fake.answer(body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  fake.received = [];
  fake.answer = (request, response) => json(response, 200, cleanAnswer(request.imei));
});

const listing = { brand: 'Apple', model: 'iPhone 13 Pro' };

describe('the HTTP device check', () => {
  // Long enough for a loaded test machine; the time-out's own test waits for it once.
  const port = () => createHttpDeviceCheck({ apiUrl: `${baseUrl}/`, apiKey: 'dc_key', timeoutMs: 2000 });

  it('posts the IMEI with the listing’s brand and model and its key, and reads a clean answer', async () => {
    const imei = freshImei();
    const result = await port().check(imei, listing);
    expect(fake.received).toEqual([
      { method: 'POST', url: '/v1/checks', authorization: 'Bearer dc_key', body: { imei, ...listing } },
    ]);
    expect(result).toEqual({
      blacklisted: false,
      unpaidFinance: false,
      carrierLocked: false,
      activationLocked: false,
      tacModel: { brand: 'Apple', model: 'iPhone 13 Pro' },
      tacMatchesListing: true,
      checkedAt: new Date('2026-11-27T10:00:00Z'),
    });
  });

  it('reads a flagged answer, and a TAC that names another model', async () => {
    fake.answer = (request, response) =>
      json(response, 200, {
        ...cleanAnswer(request.imei),
        blacklisted: true,
        activationLocked: true,
        tac: { brand: 'Samsung', model: 'Galaxy S23' },
        checkedAt: undefined,
      });
    const result = await port().check(freshImei(), listing);
    expect(result).toMatchObject({
      blacklisted: true,
      unpaidFinance: false,
      activationLocked: true,
      tacModel: { brand: 'Samsung', model: 'Galaxy S23' },
      tacMatchesListing: false,
    });
  });

  const outages: Array<[string, Answer]> = [
    ['no answer within the time-out', () => {}],
    ['an error status', (_request, response) => json(response, 503, { error: 'down' })],
    ['a refused key', (_request, response) => json(response, 401, { error: 'bad key' })],
    ['an answer of another shape', (request, response) => json(response, 200, { imei: request.imei, ok: true })],
    ['an answer about another IMEI', (_request, response) => json(response, 200, cleanAnswer(freshImei()))],
    ['a body that is not JSON', (_request, response) => void response.end('<html>')],
  ];
  for (const [what, answer] of outages) {
    it(`counts ${what} as an outage`, async () => {
      fake.answer = answer;
      await expect(port().check(freshImei(), listing)).rejects.toBeInstanceOf(DeviceCheckUnavailableError);
    });
  }

  it('counts a service that is not there as an outage', async () => {
    const gone = createHttpDeviceCheck({ apiUrl: 'http://127.0.0.1:1', apiKey: undefined, timeoutMs: 300 });
    await expect(gone.check(freshImei(), listing)).rejects.toBeInstanceOf(DeviceCheckUnavailableError);
  });
});

describe('an app configured with DEVICE_CHECK_API_URL', () => {
  const t = useTestApp({
    env: () => ({ DEVICE_CHECK_API_URL: baseUrl, DEVICE_CHECK_API_KEY: 'dc_key', DEVICE_CHECK_TIMEOUT_MS: '2000' }),
  });
  const cast = useCast(t);
  let imageId: string;
  beforeAll(async () => {
    imageId = await uploadPicture(t, cast.seller.headers, await phoneJpeg(200, 150));
  });
  const post = (form: Record<string, string>) => postListingJson(t, cast.seller.headers, { ...form, imageId });
  const checksOf = (productId: string) =>
    t.app.db
      .select({ outcome: deviceChecks.outcome, reasons: deviceChecks.reasons })
      .from(deviceChecks)
      .where(eq(deviceChecks.productId, productId));

  it('lists a phone the service finds clean', async () => {
    const response = await post(filledListing());
    expect(response.statusCode, response.body).toBe(201);
    const product = ProductWithPhotosSchema.parse(response.json());
    expect(product.imeiCleanCheckedAt).not.toBeNull();
    expect(await checksOf(product.id)).toEqual([{ outcome: 'clean', reasons: [] }]);
    expect(fake.received).toHaveLength(1);
  });

  it('refuses a phone the service reports stolen, with the reason in words', async () => {
    fake.answer = (request, response) => json(response, 200, { ...cleanAnswer(request.imei), blacklisted: true });
    const message = deviceCheckReasonText(['blacklisted']);
    expectError(await post(filledListing()), 409, { code: 'conflict', message, fields: { imei: message } });
  });

  it('lists the phone unchecked when the service times out', async () => {
    fake.answer = () => {};
    const response = await post(filledListing());
    expect(response.statusCode, response.body).toBe(201);
    const product = ProductWithPhotosSchema.parse(response.json());
    expect(product.imeiCleanCheckedAt).toBeNull();
    expect(await checksOf(product.id)).toEqual([{ outcome: 'unavailable', reasons: [] }]);
  });
});
