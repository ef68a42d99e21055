/**
 * Upload memory: many large uploads at once from one account are refused before their bodies are
 * read once the upload memory budget is spent, so the process's memory stays bounded, and a
 * refused upload changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, messages, uploadMessages } from '@recell/contract';
import { products } from '../src/db/schema.ts';
import { insertCategories } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { callerWithRole, type Caller } from './support/accounts.ts';
import { filledListing, freshImei } from './support/listings.ts';
import { multipartBody } from './support/images.ts';

const parallelUploads = 150;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

describe('150 parallel listing uploads of a few MB from one seller', () => {
  let t: TestApp;
  let seller: Caller;
  let form: ReturnType<typeof multipartBody>;
  beforeAll(async () => {
    t = await createTestApp();
    await insertCategories(t.app.db);
    seller = await callerWithRole(t, 'seller');
    // Noise does not compress: an uncompressed PNG of about 3.6 MB, well under the 10 MB limit.
    const width = 1200;
    const height = 1000;
    const png = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    // One body shared by every request: the test itself holds it once. Each request puts its own
    // IMEI in front of it (one listing for sale per IMEI), see `withImei`.
    const { imei: _imei, ...fields } = filledListing();
    form = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'image', filename: 'phone.png', contentType: 'image/png', bytes: png },
    ]);
  });
  afterAll(() => t.close());

  /** The shared body with a part for a fresh IMEI before it, streamed without copying the body. */
  const withImei = () => {
    const boundary = /boundary=(.+)$/.exec(form.headers['content-type'])![1]!;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="imei"\r\n\r\n${freshImei()}\r\n`);
    return {
      headers: { ...seller.headers, ...form.headers, 'content-length': String(head.length + form.payload.length) },
      payload: Readable.from([head, form.payload]),
    };
  };

  it('refuses most early (503, Retry-After) while memory growth stays bounded, and refused ones add nothing', async () => {
    const before = process.memoryUsage();
    let peak = { rss: before.rss, external: before.external + before.arrayBuffers };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = { rss: Math.max(peak.rss, now.rss), external: Math.max(peak.external, now.external + now.arrayBuffers) };
    }, 5);
    const responses = await Promise.all(
      Array.from({ length: parallelUploads }, () =>
        t.app.inject({ method: 'POST', url: '/api/products', ...withImei() }),
      ),
    );
    clearInterval(sampler);

    const created = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    const growth = { rss: peak.rss - before.rss, external: peak.external - (before.external + before.arrayBuffers) };
    console.log(
      `${parallelUploads} uploads of ${mb(form.payload.length)} MB: ${created.length} created, ${refused.length} refused; ` +
        `RSS ${mb(before.rss)} → peak ${mb(peak.rss)} MB (+${mb(growth.rss)}), ` +
        `buffers peak +${mb(growth.external)} MB`,
    );

    expect(created.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(parallelUploads / 2);
    for (const response of refused) {
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      // Mostly the upload budget's refusal; on a loaded machine a few wait too long for a database
      // connection first, and get the service's own 503. Either way: nothing was kept, try again.
      expect(ErrorBodySchema.parse(response.json()).error).toEqual({
        code: 'unavailable',
        message: expect.toBeOneOf([uploadMessages.busy, messages.serviceUnavailable]),
      });
    }
    // Generous: about 235 MB here (admitted bodies, their decoding, allocator slack); before the
    // budget every body was buffered at once and the peak grew by about 650 MB.
    expect(growth.rss).toBeLessThan(350 * 1024 * 1024);
    // Only the accepted uploads became listings.
    const listed = await t.app.db.select({ id: products.id }).from(products).where(eq(products.sellerId, seller.id));
    expect(listed).toHaveLength(created.length);
    // Every reservation was given back: a later upload is accepted.
    expect(t.app.uploadCapacity.reservedBytes).toBe(0);
    const later = await t.app.inject({ method: 'POST', url: '/api/products', ...withImei() });
    expect(later.statusCode).toBe(201);
  }, 120_000);
});
