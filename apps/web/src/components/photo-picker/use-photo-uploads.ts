import { imageLimits, photoLimits, photoTexts, uploadMessages, type ProductPhoto } from '@recell/contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { uploadImage } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/**
 * One photo in the picker: uploaded (`id` and `url`), uploading (`progress`, a local preview) or
 * failed (`error`). Only uploaded ones count for the form (PickedPhotosSchema).
 */
export interface PickerPhoto {
  /** Stable across reorders, for React and focus. */
  key: string;
  /** The uploaded image's id, as POST /api/products and PUT …/photos take it. */
  id?: string | null | undefined;
  /** The stored picture's URL, once uploaded. */
  url?: string | undefined;
  /** The chosen file shown from memory until the upload is done (a blob: URL). */
  previewUrl?: string | undefined;
  /** How much of the upload has been sent, 0 to 1; undefined once it is over. */
  progress?: number | undefined;
  /** Why the upload failed (or the file was not sent), as shown. */
  error?: string | undefined;
}

/** A listing's current photos as the picker's value (the edit page starts from these). */
export const pickerPhotosOf = (photos: readonly ProductPhoto[]): PickerPhoto[] =>
  photos.map((photo) => ({ key: photo.url, id: photo.id, url: photo.url }));

/** The uploaded photos' ids in order (what PUT /api/products/:id/photos takes). */
export const uploadedPhotoIds = (photos: readonly PickerPhoto[]): string[] =>
  photos.flatMap((photo) => (photo.id ? [photo.id] : []));

/** Whether any photo is still uploading. */
export const isUploadingPhotos = (photos: readonly PickerPhoto[]) =>
  photos.some((photo) => photo.progress !== undefined);

/** How a file is uploaded (POST /api/uploads), with its progress, 0 to 1. */
export type Upload = (
  file: File,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
) => Promise<{ id: string; url: string }>;

const uploadToApi: Upload = (file, onProgress, signal) => uploadImage(file, onProgress, signal);

const acceptedTypes: readonly string[] = imageLimits.acceptedTypes;

/** What is wrong with a chosen file before it is sent (the server checks the bytes again). */
const fileProblem = (file: File) => {
  if (file.type !== '' && !acceptedTypes.includes(file.type)) return uploadMessages.unsupportedType;
  if (file.size > imageLimits.maxBytes) return uploadMessages.tooLarge;
  return undefined;
};

const move = <T>(items: readonly T[], from: number, to: number) => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

let nextKey = 0;

/**
 * The photos of a listing being picked: chosen files are checked and uploaded at once, each with its
 * own progress, at most `max` (a listing's `photoLimits.maxPhotos`; `leftOut`: how many of the last choice did not
 * fit); a photo can be removed (its upload cancelled) or moved. Controlled by `value` and
 * `onChange`: an upload that ends after later changes updates its own photo in the latest value.
 * Uploads still running when the picker goes away are cancelled and their previews let go.
 */
export function usePhotoUploads({
  value,
  onChange,
  upload = uploadToApi,
  max = photoLimits.maxPhotos,
}: {
  value: readonly PickerPhoto[];
  onChange: (photos: PickerPhoto[]) => void;
  upload?: Upload | undefined;
  /** The most photos taken (a listing's 8 unless told). */
  max?: number;
}) {
  const [leftOut, setLeftOut] = useState(0);
  // The latest value, also between a change and the next render: uploads finish at any time.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  const uploads = useRef(new Map<string, AbortController>());

  const emit = (next: PickerPhoto[]) => {
    latest.current = next;
    onChange(next);
  };
  const update = (key: string, change: Partial<PickerPhoto>) =>
    emit(latest.current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));

  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const photo of latest.current) if (photo.previewUrl) URL.revokeObjectURL(photo.previewUrl);
    };
  }, []);

  const start = (photo: PickerPhoto, file: File) => {
    const controller = new AbortController();
    uploads.current.set(photo.key, controller);
    upload(file, (sent) => update(photo.key, { progress: sent }), controller.signal)
      .then((stored) => {
        if (photo.previewUrl) URL.revokeObjectURL(photo.previewUrl);
        update(photo.key, { id: stored.id, url: stored.url, previewUrl: undefined, progress: undefined });
      })
      .catch((reason: unknown) => {
        if (controller.signal.aborted) return;
        const message = isApiError(reason) ? `${photoTexts.uploadFailed}: ${reason.message}` : photoTexts.uploadFailed;
        update(photo.key, { progress: undefined, error: message });
      })
      .finally(() => uploads.current.delete(photo.key));
  };

  /** Adds the chosen files that fit and starts their uploads (a file that is not taken is said so). */
  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    const room = max - latest.current.length;
    const taken = files.slice(0, Math.max(0, room));
    setLeftOut(files.length - taken.length);
    const added = taken.map((file): [PickerPhoto, File] => {
      nextKey += 1;
      const problem = fileProblem(file);
      // Not sent at all: said as the server would say it.
      return [
        {
          key: `new-${nextKey}`,
          previewUrl: URL.createObjectURL(file),
          progress: problem ? undefined : 0,
          error: problem && `${photoTexts.uploadFailed}: ${problem}`,
        },
        file,
      ];
    });
    emit([...latest.current, ...added.map(([photo]) => photo)]);
    for (const [photo, file] of added) if (!photo.error) start(photo, file);
  };

  /** Removes a photo, cancelling its upload; returns the photo that took its place, or the one before. */
  const remove = (key: string): PickerPhoto | undefined => {
    uploads.current.get(key)?.abort();
    const photo = latest.current.find((p) => p.key === key);
    if (photo?.previewUrl) URL.revokeObjectURL(photo.previewUrl);
    setLeftOut(0);
    const index = latest.current.findIndex((p) => p.key === key);
    const next = latest.current.filter((p) => p.key !== key);
    emit(next);
    return next[Math.min(index, next.length - 1)];
  };

  /** Moves a photo one place earlier (-1) or later (1); false when it cannot go further. */
  const shift = (key: string, by: -1 | 1) => {
    const index = latest.current.findIndex((p) => p.key === key);
    const to = index + by;
    if (index < 0 || to < 0 || to >= latest.current.length) return false;
    emit(move(latest.current, index, to));
    return true;
  };

  return { leftOut, add, remove, shift };
}
