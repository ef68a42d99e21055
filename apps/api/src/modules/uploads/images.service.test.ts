import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadMessages } from '@recell/contract';
import { createDiskStorage } from '../../adapters/storage/disk-storage.ts';
import type { ImageStorage } from '../../adapters/storage/storage.ts';
import { AppError } from '../../errors.ts';
import {
  avifImage,
  decompressionBomb,
  exifTags,
  gifImage,
  oversizeFile,
  pdfFile,
  phoneJpeg,
  plainJpeg,
  pngWithAlpha,
  svgImage,
  textFile,
  tiffImage,
  truncatedJpeg,
  webpImage,
} from '../../../test/support/images.ts';
import { imageUrlForId, storeImage } from './images.service.ts';

let dir: string;
let storage: ImageStorage;
const fileOf = (url: string) => path.join(dir, url.replace(/^\/uploads\//, ''));
const variantUrl = (url: string, width: number) => url.replace(/\.webp$/, `-${width}.webp`);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'recell-images-'));
  storage = createDiskStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The AppError storeImage refuses `bytes` with. */
const refusal = async (bytes: Buffer) => {
  const error = await storeImage(storage, bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('storeImage', () => {
  it('stores a phone photo upright, as WebP, without EXIF, GPS or any other metadata', async () => {
    const jpeg = await phoneJpeg(1200, 900);
    // The fixture really is what a phone sends: EXIF with a GPS block and an orientation.
    const before = await sharp(jpeg).metadata();
    expect(before.format).toBe('jpeg');
    expect(before.orientation).toBe(6);
    expect(exifTags(before.exif!).gps).toEqual(expect.arrayContaining([1, 2, 3, 4]));

    const image = await storeImage(storage, jpeg);
    expect(image.id).toMatch(/^[a-f0-9]{64}$/);
    expect(image.url).toBe(`/uploads/${image.id.slice(0, 2)}/${image.id}.webp`);
    // Turned upright by its orientation tag: 900 wide, 1200 high.
    expect([image.width, image.height]).toEqual([900, 1200]);

    for (const [url, width] of [
      [image.url, 900],
      [variantUrl(image.url, 800), 800],
      [variantUrl(image.url, 400), 400],
    ] as const) {
      const stored = await readFile(fileOf(url));
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(stored.includes(Buffer.from('Phonemaker'))).toBe(false);
    }
  });

  it('keeps the main copy at most 1600 px wide and never upscales', async () => {
    const large = await storeImage(storage, await plainJpeg(2400, 1800));
    expect([large.width, large.height]).toEqual([1600, 1200]);
    expect((await sharp(await readFile(fileOf(large.url))).metadata()).width).toBe(1600);

    const small = await storeImage(storage, await webpImage(300, 200));
    expect([small.width, small.height]).toEqual([300, 200]);
    // Both siblings exist, so a srcset derived from the URL never points at a missing file.
    for (const width of [400, 800]) {
      const variant = await readFile(fileOf(variantUrl(small.url, width)));
      expect((await sharp(variant).metadata()).width).toBe(300);
    }
  });

  it('accepts PNG (keeping transparency), WebP and AVIF', async () => {
    const png = await storeImage(storage, await pngWithAlpha(640, 480));
    const pngMeta = await sharp(await readFile(fileOf(png.url))).metadata();
    expect([pngMeta.format, pngMeta.width, pngMeta.hasAlpha]).toEqual(['webp', 640, true]);

    const webp = await storeImage(storage, await webpImage(500, 500));
    expect([webp.width, webp.height]).toEqual([500, 500]);

    const avif = await storeImage(storage, await avifImage(320, 240));
    expect([avif.width, avif.height]).toEqual([320, 240]);
    expect((await sharp(await readFile(fileOf(avif.url))).metadata()).format).toBe('webp');
  });

  it('gives the same picture the same id', async () => {
    const jpeg = await phoneJpeg(640, 480);
    const first = await storeImage(storage, jpeg);
    const second = await storeImage(storage, Buffer.from(jpeg));
    expect(second).toEqual(first);
  });

  it.each([
    ['a text file named .jpg', textFile],
    ['an SVG', svgImage],
    ['a GIF', gifImage],
    ['a PDF', pdfFile],
    ['a TIFF', tiffImage],
  ])('refuses %s with 415', async (_name, make) => {
    const error = await refusal(await make());
    expect(error.statusCode).toBe(415);
    expect(error.code).toBe('unsupported_media_type');
    expect(error.message).toBe(uploadMessages.unsupportedType);
    expect(error.fields).toEqual({ image: uploadMessages.unsupportedType });
  });

  it('refuses a truncated JPEG with 415 and says it is damaged', async () => {
    const error = await refusal(await truncatedJpeg());
    expect([error.statusCode, error.message]).toEqual([415, uploadMessages.damaged]);
  });

  it('refuses a decompression bomb (48 megapixels in a small PNG) with 413 before decoding it', async () => {
    const bomb = await decompressionBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = await refusal(bomb);
    expect([error.statusCode, error.code, error.message]).toEqual([
      413,
      'payload_too_large',
      uploadMessages.tooManyPixels,
    ]);
  });

  it('refuses more than 10 MB with 413', async () => {
    const error = await refusal(oversizeFile());
    expect([error.statusCode, error.message]).toEqual([413, uploadMessages.tooLarge]);
  });

  it('works through many pictures at once, and past a full queue asks the caller to retry (503)', async () => {
    const small = await webpImage(64, 64);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => storeImage(storage, small)));
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    // Two run, 32 wait their turn, the rest are told to come back.
    expect(done).toHaveLength(34);
    expect(refused).toHaveLength(6);
    for (const r of refused) expect((r.reason as AppError).statusCode).toBe(503);
    // The queue drains: the next picture goes straight through.
    await expect(storeImage(storage, small)).resolves.toMatchObject({ width: 64 });
  });
});

describe('imageUrlForId', () => {
  it('answers the URL of a stored image, and nothing for an unknown or malformed id', async () => {
    const image = await storeImage(storage, await webpImage(100, 100));
    expect(await imageUrlForId(storage, image.id)).toBe(image.url);
    expect(await imageUrlForId(storage, 'f'.repeat(64))).toBeUndefined();
    for (const bad of ['', '../../etc/passwd', image.id.toUpperCase(), `${image.id}0`, `${image.id.slice(0, 63)}/`]) {
      expect(await imageUrlForId(storage, bad)).toBeUndefined();
    }
  });
});
