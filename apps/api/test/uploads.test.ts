import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, messages, uploadMessages, UploadedImageSchema } from '@recell/contract';
import { createTestApp, type TestApp } from './helpers.ts';
import { insertUser } from './fixtures.ts';
import { imageUrlForId } from '../src/modules/uploads/index.ts';
import { startFakeS3, type FakeS3 } from './support/fake-s3.ts';
import {
  avifImage,
  decompressionBomb,
  exifTags,
  gifImage,
  multipartBody,
  oversizeFile,
  phoneJpeg,
  pngWithAlpha,
  svgImage,
  textFile,
  truncatedJpeg,
  webpImage,
} from './support/images.ts';

describe('POST /api/uploads', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await insertUser(t.app.db, { role: 'seller' });
    token = (await t.app.accessTokens.sign({ userId: user.id, role: user.role })).token;
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', auth = true) => {
    const form = multipartBody([
      { name: 'note', value: 'a text field is fine' },
      { name: 'image', filename, contentType, bytes },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...form.headers, ...(auth ? { authorization: `Bearer ${token}` } : {}) },
      payload: form.payload,
    });
  };

  const expectError = (
    response: Awaited<ReturnType<typeof upload>>,
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(ErrorBodySchema.parse(response.json())).toEqual({ error: { code, message, ...(fields ? { fields } : {}) } });
  };

  it('serves an uploaded phone photo back as WebP without EXIF or GPS, cached immutably', async () => {
    const jpeg = await phoneJpeg(1200, 900);
    expect(exifTags((await sharp(jpeg).metadata()).exif!).gps.length).toBeGreaterThan(0);

    const response = await upload(jpeg);
    expect(response.statusCode).toBe(201);
    const image = UploadedImageSchema.parse(response.json());
    expect(image).toMatchObject({ width: 900, height: 1200 });
    expect(image.url).toBe(`/uploads/${image.id.slice(0, 2)}/${image.id}.webp`);

    for (const url of [
      image.url,
      image.url.replace(/\.webp$/, '-400.webp'),
      image.url.replace(/\.webp$/, '-800.webp'),
    ]) {
      const served = await t.app.inject(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
  });

  it('accepts PNG, WebP and AVIF whatever the file is called', async () => {
    for (const [bytes, name, type] of [
      [await pngWithAlpha(), 'shot.png', 'image/png'],
      [await webpImage(), 'pic.webp', 'image/webp'],
      [await avifImage(), 'camera.avif', 'image/avif'],
      [await webpImage(300, 300), 'no-extension', 'application/octet-stream'],
    ] as const) {
      const response = await upload(bytes, name, type);
      expect(response.statusCode, name).toBe(201);
      const served = await t.app.inject(UploadedImageSchema.parse(response.json()).url);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('gives the same picture the same id', async () => {
    const png = await pngWithAlpha(200, 100);
    const first = UploadedImageSchema.parse((await upload(png, 'a.png', 'image/png')).json());
    const second = UploadedImageSchema.parse((await upload(png, 'b.png', 'image/png')).json());
    expect(second.id).toBe(first.id);
  });

  it('refuses what is not a JPEG, PNG, WebP or AVIF picture with 415, whatever it claims to be', async () => {
    const refused = { image: uploadMessages.unsupportedType };
    expectError(
      await upload(textFile(), 'photo.jpg', 'image/jpeg'),
      415,
      'unsupported_media_type',
      uploadMessages.unsupportedType,
      refused,
    );
    expectError(
      await upload(svgImage(), 'logo.svg', 'image/svg+xml'),
      415,
      'unsupported_media_type',
      uploadMessages.unsupportedType,
      refused,
    );
    expectError(
      await upload(svgImage(), 'logo.png', 'image/png'),
      415,
      'unsupported_media_type',
      uploadMessages.unsupportedType,
      refused,
    );
    expectError(
      await upload(await gifImage(), 'anim.gif', 'image/gif'),
      415,
      'unsupported_media_type',
      uploadMessages.unsupportedType,
      refused,
    );
  });

  it('refuses a truncated JPEG with a 4xx and a clear message, never a 500', async () => {
    expectError(await upload(await truncatedJpeg()), 415, 'unsupported_media_type', uploadMessages.damaged, {
      image: uploadMessages.damaged,
    });
  });

  it('refuses a file over 10 MB with 413', async () => {
    expectError(await upload(oversizeFile()), 413, 'payload_too_large', uploadMessages.tooLarge, {
      image: uploadMessages.tooLarge,
    });
  });

  it('refuses a decompression bomb with 413', async () => {
    expectError(
      await upload(await decompressionBomb(), 'bomb.png', 'image/png'),
      413,
      'payload_too_large',
      uploadMessages.tooManyPixels,
      {
        image: uploadMessages.tooManyPixels,
      },
    );
  });

  it('asks for the image when the form has none', async () => {
    const post = (payload: Buffer | string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { authorization: `Bearer ${token}`, ...headers },
        payload,
      });
    const required = { image: messages.imageRequired };

    const textOnly = multipartBody([{ name: 'name', value: 'Ann' }]);
    expectError(await post(textOnly.payload, textOnly.headers), 400, 'validation', messages.imageRequired, required);
    // A browser form whose file input was left empty sends an empty file part.
    const emptyFile = multipartBody([
      { name: 'image', filename: '', contentType: 'application/octet-stream', bytes: Buffer.alloc(0) },
    ]);
    expectError(await post(emptyFile.payload, emptyFile.headers), 400, 'validation', messages.imageRequired, required);
    const otherField = multipartBody([
      { name: 'photo', filename: 'a.png', contentType: 'image/png', bytes: await pngWithAlpha(10, 10) },
    ]);
    expectError(
      await post(otherField.payload, otherField.headers),
      400,
      'validation',
      messages.imageRequired,
      required,
    );
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { authorization: `Bearer ${token}` } }),
      400,
      'validation',
      messages.imageRequired,
      required,
    );
  });

  it('answers malformed or non-multipart bodies and extra files with a 4xx and a clear message', async () => {
    const post = (payload: Buffer | string, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        payload,
      });
    expectError(
      await post('{"image":"x"}', 'application/json'),
      415,
      'unsupported_media_type',
      uploadMessages.notMultipart,
    );
    expectError(await post('abc', 'multipart/form-data'), 400, 'validation', uploadMessages.malformedForm);
    const form = multipartBody([
      { name: 'image', filename: 'a.png', contentType: 'image/png', bytes: await pngWithAlpha(10, 10) },
    ]);
    const cut = form.payload.subarray(0, form.payload.length - 30);
    expectError(await post(cut, form.headers['content-type']), 400, 'validation', uploadMessages.malformedForm);

    const png = await pngWithAlpha(10, 10);
    const twoFiles = multipartBody([
      { name: 'image', filename: 'a.png', contentType: 'image/png', bytes: png },
      { name: 'image', filename: 'b.png', contentType: 'image/png', bytes: png },
    ]);
    expectError(
      await post(twoFiles.payload, twoFiles.headers['content-type']),
      413,
      'payload_too_large',
      uploadMessages.oneFileOnly,
    );
  });

  it('refuses a form whose parser stalls (a carriage return in a field name) with a 400, and frees its upload memory', async () => {
    // The parser drops such a part without draining it and would wait forever for the rest.
    const boundary = 'stalledForm';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a\rb"\r\n\r\n`),
      Buffer.alloc(70 * 1024, 'x'),
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n`),
      Buffer.from(`Content-Type: image/png\r\n\r\n`),
      await pngWithAlpha(10, 10),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const stalled = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expectError(stalled, 400, 'validation', uploadMessages.malformedForm);
    // Its reservation of upload memory went with it: a good upload still goes through.
    expect((await upload(await phoneJpeg())).statusCode).toBe(201);
  }, 30_000);

  it('is for signed-in people only', async () => {
    const png = await pngWithAlpha(20, 20);
    expectError(await upload(png, 'a.png', 'image/png', false), 401, 'unauthorized', messages.unauthorized);
    const form = multipartBody([{ name: 'image', filename: 'a.png', contentType: 'image/png', bytes: png }]);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...form.headers, authorization: 'Bearer not.a.token' },
      payload: form.payload,
    });
    expectError(forged, 401, 'unauthorized', messages.unauthorized);
  });

  it('is documented in OpenAPI as a multipart form', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const operation = doc.paths['/api/uploads'].post;
    expect(Object.keys(operation.requestBody.content)).toEqual(['multipart/form-data']);
    expect(operation.requestBody.content['multipart/form-data'].schema).toBeDefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '413', '415']));
  });
});

describe('uploads with S3 storage', () => {
  const credentials = { accessKeyId: 'AKIDRECELLAPP', secretAccessKey: 'recell-app-secret-key-0123456789' };
  let s3: FakeS3;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    s3 = await startFakeS3(credentials);
    t = await createTestApp({
      STORAGE: 's3',
      S3_BUCKET: 'recell',
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://images.recell.test/recell',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
    const user = await insertUser(t.app.db);
    token = (await t.app.accessTokens.sign({ userId: user.id, role: user.role })).token;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores the cleaned WebP copies in the bucket and answers their public URL', async () => {
    const form = multipartBody([
      { name: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', bytes: await phoneJpeg(1000, 750) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(201);
    const image = UploadedImageSchema.parse(response.json());
    const stem = `${image.id.slice(0, 2)}/${image.id}`;
    expect(image.url).toBe(`https://images.recell.test/recell/${stem}.webp`);
    expect([...s3.objects.keys()].sort()).toEqual(
      [`recell/${stem}-400.webp`, `recell/${stem}-800.webp`, `recell/${stem}.webp`].sort(),
    );
    for (const object of s3.objects.values()) {
      expect(object.headers['content-type']).toBe('image/webp');
      expect(object.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(object.body).metadata();
      expect([meta.format, meta.exif, meta.xmp]).toEqual(['webp', undefined, undefined]);
    }
    expect(await imageUrlForId(t.app.storage, image.id)).toBe(image.url);
    expect(await imageUrlForId(t.app.storage, 'a'.repeat(64))).toBeUndefined();
  });

  it("lets pages show images from the bucket's origin (CSP img-src) and nothing else new", async () => {
    const csp = String((await t.app.inject('/api/categories')).headers['content-security-policy']);
    const imgSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('img-src'));
    expect(imgSrc).toBe("img-src 'self' data: blob: https://images.recell.test");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
  });
});
