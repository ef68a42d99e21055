import { photoLimits, photoTexts } from '@recell/contract';
import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { fileInputClass } from '@/components/ui/form/field';
import { imageAccept } from '@/lib/image-file';
import { listingSrcSet } from '@/lib/responsive-image';
import { usePhotoUploads, type PickerPhoto, type Upload } from './use-photo-uploads';

type FocusTarget = { key: string; action: 'earlier' | 'later' } | 'add';

/** The picker's words and its limit: a listing's unless told (a return's photos have their own). */
export type PhotoPickerWords = {
  max: number;
  legend: string;
  hint: string;
  photoAlt: (n: number) => string;
  count: (n: number) => string;
  limitReached: string;
  someLeftOut: (n: number) => string;
};

const listingWords: PhotoPickerWords = {
  max: photoLimits.maxPhotos,
  legend: photoTexts.pickerLabel,
  hint: photoTexts.pickerHint,
  photoAlt: photoTexts.photoAlt,
  count: photoTexts.count,
  limitReached: photoTexts.limitReached,
  someLeftOut: photoTexts.someLeftOut,
};

/**
 * Photos to upload (a listing's on Add Product and the edit page, a return's): choose several
 * files, each uploaded at once through POST /api/uploads with its own progress; thumbnails in order
 * with Remove, Move earlier and Move later buttons (all keyboard operable), the first marked Cover;
 * at most 8.
 *
 * Controlled: `value` and `onChange` (react-hook-form's Controller, or a page's own state). The
 * uploads are usePhotoUploads'; the picker draws the photos and keeps the focus near the one moved
 * or removed. `words` and `ordered` make it another form's photos (a return's: up to 4, in no
 * particular order, so neither Cover nor the move buttons).
 */
export function PhotoPicker({
  value,
  onChange,
  onBlur,
  error,
  name,
  inputRef,
  disabled = false,
  upload,
  words = listingWords,
  ordered = true,
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
  words?: PhotoPickerWords;
  /** Whether the order matters (a listing's first photo is its cover). */
  ordered?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const noticeId = `${id}-notice`;
  const photos = usePhotoUploads({ value, onChange, upload, max: words.max });
  const notice = photos.leftOut > 0 ? words.someLeftOut(photos.leftOut) : undefined;
  const focusAfter = useRef<FocusTarget | undefined>(undefined);
  const addInput = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    inputRef?.(addInput.current);
  }, [inputRef]);

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

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same files may be chosen again later.
    event.target.value = '';
    photos.add(files);
  };

  const remove = (key: string) => {
    const neighbour = photos.remove(key);
    // Focus stays near: on the photo that took its place, or the one before, or the add button.
    focusAfter.current = neighbour ? { key: neighbour.key, action: 'earlier' } : 'add';
  };

  const shift = (key: string, by: -1 | 1) => {
    if (photos.shift(key, by)) focusAfter.current = { key, action: by < 0 ? 'earlier' : 'later' };
  };

  const isFull = value.length >= words.max;
  const describedBy = [hintId, notice || isFull ? noticeId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');

  return (
    <fieldset className="min-w-0" aria-describedby={describedBy}>
      <legend className="block text-sm font-medium">{words.legend}</legend>
      <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {words.hint}
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
                      alt={words.photoAlt(number)}
                      width={200}
                      height={200}
                      className="aspect-square w-full rounded-md bg-slate-100 object-cover dark:bg-slate-800"
                    />
                  )}
                  {ordered && index === 0 && (
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
                  {ordered && (
                    <>
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
                    </>
                  )}
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
        {words.count(value.length)}
        {isFull ? ` ${words.limitReached}` : ''}
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
