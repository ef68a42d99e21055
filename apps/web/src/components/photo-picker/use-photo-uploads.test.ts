import { imageLimits, photoLimits, photoTexts, uploadMessages } from '@recell/contract';
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { uploadedPhotoIds, usePhotoUploads, type PickerPhoto, type Upload } from './use-photo-uploads';

const file = (name: string, type = 'image/jpeg') => new File(['bytes'], name, { type });
const idOf = (n: number) => String(n % 10).repeat(64);

/** Uploads the test ends by hand, in any order. */
type Running = {
  name: string;
  signal: AbortSignal;
  progress: (sent: number) => void;
  finish: () => void;
  fail: (reason: unknown) => void;
};
let running: Running[] = [];
const upload = vi.fn<Upload>(
  (chosen, onProgress, signal) =>
    new Promise((resolve, reject) => {
      const n = running.length + 1;
      running.push({
        name: chosen.name,
        signal,
        progress: onProgress,
        finish: () => resolve({ id: idOf(n), url: `/uploads/${idOf(n)}.webp` }),
        fail: reject,
      });
    }),
);
const revoked: string[] = [];

/** The hook behind a controlled value, as the picker's form holds it. */
function usePicked(initial: PickerPhoto[] = []) {
  const [value, setValue] = useState(initial);
  return { value, ...usePhotoUploads({ value, onChange: setValue, upload }) };
}

/** Lets the uploads' promises settle. */
const settle = () => act(async () => {});

describe('usePhotoUploads', () => {
  beforeEach(() => {
    running = [];
    revoked.length = 0;
    upload.mockClear();
    Object.assign(URL, {
      createObjectURL: (f: File) => `blob:${f.name}`,
      revokeObjectURL: (url: string) => revoked.push(url),
    });
  });

  it('uploads each chosen file at once with its own progress, then keeps its stored id and picture', async () => {
    const { result } = renderHook(() => usePicked());
    act(() => result.current.add([file('front.jpg'), file('back.jpg')]));

    expect(running.map((u) => u.name)).toEqual(['front.jpg', 'back.jpg']);
    expect(result.current.value.map((photo) => photo.progress)).toEqual([0, 0]);
    act(() => running[1]!.progress(0.25));
    expect(result.current.value[1]).toMatchObject({ previewUrl: 'blob:back.jpg', progress: 0.25 });
    expect(uploadedPhotoIds(result.current.value)).toEqual([]);

    // They end in any order; each updates its own photo.
    running[1]!.finish();
    await settle();
    running[0]!.finish();
    await settle();
    expect(uploadedPhotoIds(result.current.value)).toEqual([idOf(1), idOf(2)]);
    expect(result.current.value[0]).toMatchObject({ url: `/uploads/${idOf(1)}.webp`, previewUrl: undefined });
    expect(result.current.value[0]!.progress).toBeUndefined();
    expect(revoked).toEqual(['blob:back.jpg', 'blob:front.jpg']);
  });

  it('sends no file of a type or size the server refuses, and says why as the server would', () => {
    const large = file('huge.jpg');
    Object.defineProperty(large, 'size', { value: imageLimits.maxBytes + 1 });
    const { result } = renderHook(() => usePicked());
    act(() => result.current.add([file('scan.heic', 'image/heic'), large]));

    expect(upload).not.toHaveBeenCalled();
    expect(result.current.value.map((photo) => photo.error)).toEqual([
      `${photoTexts.uploadFailed}: ${uploadMessages.unsupportedType}`,
      `${photoTexts.uploadFailed}: ${uploadMessages.tooLarge}`,
    ]);
  });

  it("says why an upload failed, in the API's words when it answered", async () => {
    const { result } = renderHook(() => usePicked());
    act(() => result.current.add([file('a.jpg'), file('b.jpg')]));

    running[0]!.fail(new ApiError({ status: 413, code: 'payload_too_large', message: 'Too big' }));
    running[1]!.fail(new Error('network'));
    await settle();
    expect(result.current.value.map((photo) => [photo.progress, photo.error])).toEqual([
      [undefined, `${photoTexts.uploadFailed}: Too big`],
      [undefined, photoTexts.uploadFailed],
    ]);
  });

  it('takes only as many files as there is room for and counts the rest, until a photo is removed', () => {
    const { result } = renderHook(() => usePicked());
    const files = Array.from({ length: photoLimits.maxPhotos + 2 }, (_, n) => file(`${n}.jpg`));
    act(() => result.current.add(files));

    expect(result.current.value).toHaveLength(photoLimits.maxPhotos);
    expect(upload).toHaveBeenCalledTimes(photoLimits.maxPhotos);
    expect(result.current.leftOut).toBe(2);

    act(() => {
      result.current.remove(result.current.value[0]!.key);
    });
    expect(result.current.leftOut).toBe(0);
  });

  it('cancels the upload of a photo removed, whose end then changes nothing, and names the photo that took its place', async () => {
    const { result } = renderHook(() => usePicked());
    act(() => result.current.add([file('a.jpg'), file('b.jpg')]));
    const [first, second] = result.current.value;

    let neighbour: PickerPhoto | undefined;
    act(() => {
      neighbour = result.current.remove(first!.key);
    });
    expect(running[0]!.signal.aborted).toBe(true);
    expect(revoked).toEqual(['blob:a.jpg']);
    expect(neighbour?.key).toBe(second!.key);

    running[0]!.finish();
    await settle();
    expect(result.current.value.map((photo) => photo.key)).toEqual([second!.key]);

    // The last one gone: nothing took its place.
    act(() => {
      neighbour = result.current.remove(second!.key);
    });
    expect(neighbour).toBeUndefined();
    expect(result.current.value).toEqual([]);
  });

  it('moves a photo one place earlier or later, and not past either end', () => {
    const initial = [1, 2, 3].map((n) => ({ key: `k${n}`, id: idOf(n), url: `/uploads/${n}.webp` }));
    const { result } = renderHook(() => usePicked(initial));

    let moved = false;
    act(() => {
      moved = result.current.shift('k1', 1);
    });
    expect(moved).toBe(true);
    expect(uploadedPhotoIds(result.current.value)).toEqual([idOf(2), idOf(1), idOf(3)]);
    act(() => {
      moved = result.current.shift('k2', -1);
    });
    expect(moved).toBe(false);
    act(() => {
      moved = result.current.shift('k3', 1);
    });
    expect(moved).toBe(false);
    expect(uploadedPhotoIds(result.current.value)).toEqual([idOf(2), idOf(1), idOf(3)]);
  });

  it('cancels the uploads still running when the picker goes away, and lets their previews go', () => {
    const { result, unmount } = renderHook(() => usePicked());
    act(() => result.current.add([file('a.jpg')]));

    unmount();
    expect(running[0]!.signal.aborted).toBe(true);
    expect(revoked).toEqual(['blob:a.jpg']);
  });
});
