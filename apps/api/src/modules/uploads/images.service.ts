/**
 * Uploaded pictures (profile photos, listing pictures): checked, cleaned and stored as WebP.
 *
 * - Accepted: JPEG, PNG, WebP and AVIF, told by their bytes (never by file name or declared type),
 *   at most 10 MB and 40 megapixels. The pixel count is read from the header and checked before
 *   anything is decoded, so a decompression bomb costs nothing. Anything else is refused with a
 *   clear message: 415 for another format or a damaged file, 413 for too many bytes or pixels.
 * - Cleaned: decoded once, turned upright by its EXIF orientation, converted to sRGB, and
 *   re-encoded without any metadata (EXIF with GPS, XMP, IPTC, ICC: sharp writes none unless
 *   asked to).
 * - Stored: the main copy at most 1600 px wide (never upscaled) under the SHA-256 of its WebP bytes
 *   (`ab/<id>.webp`, the image id), plus copies 400 and 800 px wide beside it (`ab/<id>-400.webp`,
 *   `ab/<id>-800.webp`), the seed's convention, so the web derives a srcset from the URL alone.
 *   Every upload has both siblings: a picture narrower than a width stores its own pixels there.
 *   The main copy is written last, so an id that exists has its siblings too.
 * - Throttled: at most two pictures are processed at once (this runs on two cores; each sharp
 *   pipeline uses one libvips thread by default on glibc Linux and one libuv pool thread), the
 *   rest wait in a short queue; past that the caller is told to try again (503).
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type SharpOptions } from 'sharp';
import { imageLimits, uploadMessages, type UploadedImage } from '@recell/contract';
import type { ImageStorage } from '../../adapters/storage/storage.ts';
import { AppError } from '../../errors.ts';

/** The widest stored copy; the id and URL are this copy's. */
const mainImageWidth = 1600;
/** The narrower copies stored beside every image as `<id>-<width>.webp`. */
const imageVariantWidths = [400, 800] as const;
/** Stored copies are at most this many times as tall as wide (a screenshot is about 2.2). */
const maxAspectRatio = 3;
// effort 2 encodes in half the time of the default 4 for about 5 % more bytes (as the seed measured).
const webpOptions = { quality: 80, effort: 2 } as const;

/** How an image id (a SHA-256 in hex) looks. */
const imageIdPattern = /^[a-f0-9]{64}$/;

/** Where the main copy of image `id` is stored (its copies sit beside it as `<id>-<width>.webp`). */
export const mainKey = (id: string) => `${id.slice(0, 2)}/${id}.webp`;
const variantKey = (id: string, width: number) => `${id.slice(0, 2)}/${id}-${width}.webp`;

const inputOptions: SharpOptions = {
  // Refuse a cut-off file; tolerate the harmless warnings many phone JPEGs carry.
  failOn: 'truncated',
  limitInputPixels: imageLimits.maxPixels,
  autoOrient: true,
};

const isAccepted = (meta: Metadata) =>
  meta.format === 'jpeg' ||
  meta.format === 'png' ||
  meta.format === 'webp' ||
  // sharp names AVIF and HEIC both 'heif'; only AV1-compressed (AVIF) is accepted.
  (meta.format === 'heif' && meta.compression === 'av1');

const refused = (status: 413 | 415, message: string) =>
  new AppError(status === 413 ? 'payload_too_large' : 'unsupported_media_type', message, { image: message });

/** Turns sharp's complaint about untrusted input into the caller's error. */
const inputError = (error: unknown) => {
  const message = error instanceof Error ? error.message : '';
  if (/exceeds pixel limit/i.test(message)) return refused(413, uploadMessages.tooManyPixels);
  if (/unsupported image format/i.test(message)) return refused(415, uploadMessages.unsupportedType);
  return refused(415, uploadMessages.damaged);
};

// ---------------------------------------------------------------------------------------------
// A small queue: at most `maxRunning` pictures in sharp at once, `maxWaiting` more waiting.

const maxRunning = 2;
const maxWaiting = 32;
let running = 0;
const waiting: Array<() => void> = [];

const inImageSlot = async <T>(task: () => Promise<T>): Promise<T> => {
  if (running < maxRunning) running += 1;
  else if (waiting.length >= maxWaiting) throw new AppError('unavailable', uploadMessages.busy);
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await task();
  } finally {
    // Hand the slot straight to the next in line, or give it back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
};

// ---------------------------------------------------------------------------------------------

interface NormalisedImage {
  main: Buffer;
  width: number;
  height: number;
  variants: Array<{ width: number; bytes: Buffer }>;
}

const normalise = async (bytes: Buffer): Promise<NormalisedImage> => {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, inputOptions).metadata();
  } catch (error) {
    throw inputError(error);
  }
  if (!isAccepted(meta)) throw refused(415, uploadMessages.unsupportedType);
  // sharp checks this too (limitInputPixels); checking here says so before any decoding.
  if (meta.width * meta.height > imageLimits.maxPixels) throw refused(413, uploadMessages.tooManyPixels);

  // Decode once: upright, sRGB, 8 bits, at most the main width. JPEG decodes shrink on load.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(bytes, inputOptions)
      .resize({
        width: mainImageWidth,
        height: mainImageWidth * maxAspectRatio,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw inputError(error);
  }
  const { data, info } = pixels;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

  const main = await sharp(data, raw).webp(webpOptions).toBuffer();
  const variants: NormalisedImage['variants'] = [];
  for (const width of imageVariantWidths) {
    const bytes =
      width >= info.width
        ? main
        : await sharp(data, raw)
            .resize({ width, height: width * maxAspectRatio, fit: 'inside', withoutEnlargement: true })
            .webp(webpOptions)
            .toBuffer();
    variants.push({ width, bytes });
  }
  return { main, width: info.width, height: info.height, variants };
};

/**
 * Checks, cleans and stores an uploaded picture (see the top of this file) and returns its id,
 * URL and size. Throws an AppError (413, 415, 503) the error handler answers with a clear message.
 */
export async function storeImage(storage: ImageStorage, bytes: Buffer): Promise<UploadedImage> {
  if (bytes.length > imageLimits.maxBytes) throw refused(413, uploadMessages.tooLarge);
  const image = await inImageSlot(() => normalise(bytes));
  const id = createHash('sha256').update(image.main).digest('hex');
  await Promise.all(image.variants.map((v) => storage.put(variantKey(id, v.width), v.bytes, 'image/webp')));
  const { url } = await storage.put(mainKey(id), image.main, 'image/webp');
  return { id, url, width: image.width, height: image.height };
}

/**
 * The URL of a previously uploaded image, for routes that take an image id (profile photo,
 * listing picture); undefined when the id is malformed or nothing is stored under it.
 */
export async function imageUrlForId(storage: ImageStorage, id: string): Promise<string | undefined> {
  if (!imageIdPattern.test(id)) return undefined;
  const key = mainKey(id);
  return (await storage.exists(key)) ? storage.urlOf(key) : undefined;
}

/** The widest a private photo is kept (a verification photo: enough to read a handwritten code). */
const privatePhotoWidth = 1024;

/**
 * Checks and cleans a picture as `storeImage` does, but stores nothing: answers a small WebP (at
 * most 1024 px wide, no metadata) for the caller to keep privately, never under a public address.
 */
export async function encodePrivatePhoto(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > imageLimits.maxBytes) throw refused(413, uploadMessages.tooLarge);
  return inImageSlot(async () => {
    const { main, width } = await normalise(bytes);
    if (width <= privatePhotoWidth) return main;
    return sharp(main).resize({ width: privatePhotoWidth }).webp(webpOptions).toBuffer();
  });
}
