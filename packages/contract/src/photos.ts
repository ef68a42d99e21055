/**
 * A listing's photos: up to `photoLimits.maxPhotos` pictures uploaded through POST /api/uploads,
 * in the seller's order; the first is the cover (the card's picture, `imageUrl`). Sent as the
 * uploaded image ids; answered as ids and URLs (the URL alone gives the web its srcset, see
 * apps/web/src/lib/responsive-image.ts).
 */
import { z } from './zod.ts';
import { uploadMessages } from './auth.ts';
import { ProductSchema } from './catalogue.ts';
import { messages } from './messages.ts';

export const photoLimits = {
  /** The most photos a listing has. */
  maxPhotos: 8,
} as const;

/** What the photos of a listing are refused with (POST /api/products, PUT /api/products/:id/photos). */
export const photoMessages = {
  /** None given: the spec's Add Product message. */
  required: messages.imageRequired,
  tooMany: `A listing has at most ${photoLimits.maxPhotos} photos`,
  duplicate: 'Each photo can be added only once',
  notAList: 'Send the photos as a list of uploaded image ids',
  notFound: uploadMessages.imageNotFound,
  notYours: uploadMessages.notYourImage,
  soldCannotChange: 'This phone has been sold, so its photos cannot be changed',
  stillUploading: 'Wait until every photo has finished uploading, or remove the ones that failed',
} as const;

/** How an image id from POST /api/uploads looks (the SHA-256 of the stored picture). */
const photoIdPattern = /^[a-f0-9]{64}$/;

/** An ordered list of 1 to 8 distinct uploaded image ids, each refusal with its own message. */
export const PhotoIdsSchema = z
  .array(
    z.string({ error: photoMessages.notFound }).trim().toLowerCase().regex(photoIdPattern, photoMessages.notFound),
    {
      error: photoMessages.notAList,
    },
  )
  .min(1, photoMessages.required)
  .max(photoLimits.maxPhotos, photoMessages.tooMany)
  .refine((ids) => new Set(ids).size === ids.length, photoMessages.duplicate);

/** PUT /api/products/:id/photos: the whole new list, in order (adds, removes and reorders at once). */
export const ProductPhotosSchema = z.object({ imageIds: PhotoIdsSchema }).meta({ id: 'ProductPhotos' });
export type ProductPhotosInput = z.input<typeof ProductPhotosSchema>;

export const ProductPhotoSchema = z
  .object({
    /** The uploaded image's id, to send back to PUT …/photos; null for a picture not stored by the uploads. */
    id: z.string().nullable(),
    url: z.string(),
  })
  .meta({ id: 'ProductPhoto' });
export type ProductPhoto = z.infer<typeof ProductPhotoSchema>;

/**
 * A listing with its photos, as its details page, Add Product and the photo change answer it
 * (lists and cards carry only the cover, `imageUrl`, which is always `photos[0].url`).
 */
export const ProductWithPhotosSchema = ProductSchema.extend({
  photos: z.array(ProductPhotoSchema).min(1),
  /** When the phone's latest IMEI check at the device-check service found it clean; null otherwise. */
  imeiCleanCheckedAt: z.iso.datetime({ offset: true }).nullable(),
}).meta({ id: 'ProductWithPhotos' });
export type ProductWithPhotos = z.infer<typeof ProductWithPhotosSchema>;

/** The image id at the end of a stored picture's URL (`…/<sha-256>.webp`), if it is one. */
export const imageIdOfUrl = (url: string): string | null => /([a-f0-9]{64})\.webp(?:[?#].*)?$/.exec(url)?.[1] ?? null;

/**
 * A photo in a form's photo picker: uploaded (`id` set) or still uploading or failed (no `id`).
 * Other keys (the picker's own: preview, progress) are let through untouched.
 */
const PickedPhotoSchema = z.looseObject({ id: z.string().nullable().optional() });

/**
 * The photo picker's value in a form (Add Product, the edit page): 1 to 8 photos, all uploaded.
 * Its output is their image ids in order, as POST /api/products and PUT …/photos take them.
 */
export const PickedPhotosSchema = z
  .array(PickedPhotoSchema, { error: photoMessages.required })
  .min(1, photoMessages.required)
  .max(photoLimits.maxPhotos, photoMessages.tooMany)
  .refine((photos) => photos.every((photo) => typeof photo.id === 'string'), photoMessages.stillUploading)
  .transform((photos) => photos.map((photo) => photo.id!));
export type PickedPhotosInput = z.input<typeof PickedPhotosSchema>;

/** The photo picker's and the gallery's words (not the spec's: it had one picture). */
export const photoTexts = {
  pickerLabel: 'Photos',
  pickerHint: `Up to ${photoLimits.maxPhotos} photos, JPEG, PNG, WebP or AVIF, up to 10 MB each. The first is the cover.`,
  addPhotos: 'Add photos',
  cover: 'Cover',
  photoAlt: (n: number) => `Photo ${n}`,
  remove: 'Remove',
  moveEarlier: 'Move earlier',
  moveLater: 'Move later',
  /** After each button's visible words (visually hidden), so every button's name is unique. */
  ofPhoto: (n: number) => `photo ${n}`,
  uploading: (percent: number) => `Uploading… ${percent}%`,
  uploadFailed: 'Upload failed',
  count: (n: number) => `${n} of ${photoLimits.maxPhotos} photos`,
  limitReached: `That is ${photoLimits.maxPhotos} photos, the most a listing can have.`,
  someLeftOut: (n: number) =>
    `${n === 1 ? 'One photo was' : `${n} photos were`} left out: a listing has at most ${photoLimits.maxPhotos} photos.`,
  // The details page's gallery
  galleryLabel: 'Photos',
  showPhoto: (n: number, of: number) => `Show photo ${n} of ${of}`,
  openFullScreen: 'Open full screen',
  photoOf: (name: string, n: number, of: number) => (of > 1 ? `${name}, photo ${n} of ${of}` : name),
} as const;
