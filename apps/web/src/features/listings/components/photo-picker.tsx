import { imageLimits, photoLimits, photoTexts, uploadMessages, type ProductPhoto } from '@recell/contract';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { fileInputClass } from '@/components/ui/form/field';
import { uploadImage } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { imageAccept } from '@/lib/image-file';
import { listingSrcSet } from '@/lib/responsive-image';

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

type Upload = (
  file: File,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
) => Promise<{ id: string; url: string }>;

const acceptedTypes: readonly string[] = imageLimits.acceptedTypes;

/** What is wrong with a chosen file before it is sent (the server checks the bytes again). */
const fileProblem = (file: File) => {
  if (file.type !== '' && !acceptedTypes.includes(file.type)) return uploadMessages.unsupportedType;
  if (file.size > imageLimits.maxBytes) return uploadMessages.tooLarge;
  return undefined;
};

const move = <T,>(items: readonly T[], from: number, to: number) => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

let nextKey = 0;

type FocusTarget = { key: string; action: 'earlier' | 'later' } | 'add';

/**
 * A listing's photos (Add Product, the edit page): choose several files, each uploaded at once
 * through POST /api/uploads with its own progress; thumbnails in order with Remove, Move earlier
 * and Move later buttons (all keyboard operable), the first marked Cover; at most 8.
 *
 * Controlled: `value` and `onChange` (react-hook-form's Controller, or a page's own state). An
 * upload that ends after later changes updates its own photo in the latest value.
 */
export function PhotoPicker({
  value,
  onChange,
  onBlur,
  error,
  name,
  inputRef,
  disabled = false,
  upload = (file, onProgress, signal) => uploadImage(file, onProgress, signal),
}: {
  value: readonly PickerPhoto[];
  onChange: (photos: PickerPhoto[]) => void;
  onBlur?: () => void;
  /** The form's message about the photos (none chosen, too many, still uploading). */
  error?: string | undefined;
  name?: string;
  /** Given the file input, which a form focuses when the photos are in error (react-hook-form's `field.ref`). */
  inputRef?: (element: HTMLInputElement | null) => void;
  disabled?: boolean;
  /** How a file is uploaded (POST /api/uploads); replaceable in tests. */
  upload?: Upload;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const noticeId = `${id}-notice`;
  const [notice, setNotice] = useState<string | undefined>();
  // The latest value, also between a change and the next render: uploads finish at any time.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  const uploads = useRef(new Map<string, AbortController>());
  const focusAfter = useRef<FocusTarget | undefined>(undefined);
  const addInput = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    inputRef?.(addInput.current);
  }, [inputRef]);

  const emit = (next: PickerPhoto[]) => {
    latest.current = next;
    onChange(next);
  };
  const update = (key: string, change: Partial<PickerPhoto>) =>
    emit(latest.current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));

  // Uploads still running when the picker goes away are cancelled, their previews let go.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const photo of latest.current) if (photo.previewUrl) URL.revokeObjectURL(photo.previewUrl);
    };
  }, []);

  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = undefined;
    if (target === 'add') {
      addInput.current?.focus();
      return;
    }
    const wanted = document.getElementById(`${id}-${target.key}-${target.action}`) as HTMLButtonElement | null;
    const other = document.getElementById(
      `${id}-${target.key}-${target.action === 'earlier' ? 'later' : 'earlier'}`,
    ) as HTMLButtonElement | null;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  });

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

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same files may be chosen again later.
    event.target.value = '';
    if (files.length === 0) return;
    const room = photoLimits.maxPhotos - latest.current.length;
    const taken = files.slice(0, Math.max(0, room));
    setNotice(files.length > taken.length ? photoTexts.someLeftOut(files.length - taken.length) : undefined);
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

  const remove = (key: string) => {
    uploads.current.get(key)?.abort();
    const photo = latest.current.find((p) => p.key === key);
    if (photo?.previewUrl) URL.revokeObjectURL(photo.previewUrl);
    setNotice(undefined);
    const index = latest.current.findIndex((p) => p.key === key);
    const next = latest.current.filter((p) => p.key !== key);
    // Focus stays near: on the photo that took its place, or the one before, or the add button.
    const neighbour = next[Math.min(index, next.length - 1)];
    focusAfter.current = neighbour ? { key: neighbour.key, action: 'earlier' } : 'add';
    emit(next);
  };

  const shift = (key: string, by: -1 | 1) => {
    const index = latest.current.findIndex((p) => p.key === key);
    const to = index + by;
    if (index < 0 || to < 0 || to >= latest.current.length) return;
    focusAfter.current = { key, action: by < 0 ? 'earlier' : 'later' };
    emit(move(latest.current, index, to));
  };

  const isFull = value.length >= photoLimits.maxPhotos;
  const describedBy = [hintId, notice || isFull ? noticeId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');

  return (
    <fieldset className="min-w-0" aria-describedby={describedBy}>
      <legend className="block text-sm font-medium">{photoTexts.pickerLabel}</legend>
      <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {photoTexts.pickerHint}
      </p>
      {value.length > 0 && (
        <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {value.map((photo, index) => {
            const number = index + 1;
            const src = photo.url ?? photo.previewUrl;
            const srcSet = photo.url ? listingSrcSet(photo.url) : undefined;
            return (
              <li
                key={photo.key}
                className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-slate-200 p-2 dark:border-slate-700"
              >
                <div className="relative">
                  {src && (
                    <img
                      src={src}
                      srcSet={srcSet}
                      sizes={srcSet ? '200px' : undefined}
                      alt={photoTexts.photoAlt(number)}
                      width={200}
                      height={200}
                      className="aspect-square w-full rounded-md bg-slate-100 object-cover dark:bg-slate-800"
                    />
                  )}
                  {index === 0 && (
                    <span className="absolute top-1.5 left-1.5 rounded-full bg-teal-800 px-2 py-0.5 text-xs font-bold text-white">
                      {photoTexts.cover}
                    </span>
                  )}
                </div>
                {photo.progress !== undefined && (
                  <label className="text-xs">
                    {photoTexts.uploading(Math.round(photo.progress * 100))}
                    <progress
                      max={100}
                      value={Math.round(photo.progress * 100)}
                      className="mt-0.5 block h-1.5 w-full accent-teal-700"
                    />
                  </label>
                )}
                {photo.error && <p className="text-xs text-red-700 dark:text-red-300">{photo.error}</p>}
                <div className="grid gap-1">
                  <button
                    type="button"
                    id={`${id}-${photo.key}-earlier`}
                    className="btn btn-outline w-full px-2 text-xs"
                    disabled={disabled || index === 0}
                    onClick={() => shift(photo.key, -1)}
                  >
                    {photoTexts.moveEarlier} <span className="sr-only">{photoTexts.ofPhoto(number)}</span>
                  </button>
                  <button
                    type="button"
                    id={`${id}-${photo.key}-later`}
                    className="btn btn-outline w-full px-2 text-xs"
                    disabled={disabled || index === value.length - 1}
                    onClick={() => shift(photo.key, 1)}
                  >
                    {photoTexts.moveLater} <span className="sr-only">{photoTexts.ofPhoto(number)}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline w-full px-2 text-xs"
                    disabled={disabled}
                    onClick={() => remove(photo.key)}
                  >
                    {photoTexts.remove} <span className="sr-only">{photoTexts.ofPhoto(number)}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="mt-3">
        <label htmlFor={`${id}-add`} className="block text-sm font-medium">
          {photoTexts.addPhotos}
        </label>
        <input
          ref={addInput}
          id={`${id}-add`}
          name={name}
          type="file"
          multiple
          accept={imageAccept}
          disabled={disabled || isFull}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={add}
          onBlur={onBlur}
          className={fileInputClass}
        />
      </div>
      <p id={noticeId} role="status" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {photoTexts.count(value.length)}
        {isFull ? ` ${photoTexts.limitReached}` : ''}
        {notice ? ` ${notice}` : ''}
      </p>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
