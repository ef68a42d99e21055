import { photoTexts, uploadMessages } from '@recell/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pickerPhotosOf, uploadedPhotoIds, type PickerPhoto } from './use-photo-uploads';
import { PhotoPicker } from './photo-picker';

const file = (name: string, type = 'image/jpeg') => new File(['bytes'], name, { type });
const idOf = (n: number) => String(n % 10).repeat(64);
const stored = (n: number) => ({ id: idOf(n), url: `/uploads/${idOf(n).slice(0, 2)}/${idOf(n)}.webp` });

/** Uploads the test finishes by hand, in any order. */
const uploads: Array<{ name: string; progress: (sent: number) => void; finish: () => void; fail: () => void }> = [];
const upload = vi.fn((chosen: File, onProgress: (sent: number) => void) => {
  const n = uploads.length + 1;
  return new Promise<{ id: string; url: string }>((resolve, reject) => {
    uploads.push({
      name: chosen.name,
      progress: onProgress,
      finish: () => resolve(stored(n)),
      fail: () => reject(new Error('network')),
    });
  });
});

let latest: PickerPhoto[] = [];

function Host({ initial = [] }: { initial?: PickerPhoto[] }) {
  const [photos, setPhotos] = useState(initial);
  return (
    <PhotoPicker
      value={photos}
      onChange={(next) => {
        latest = next;
        setPhotos(next);
      }}
      upload={upload}
    />
  );
}

const addInput = () => screen.getByLabelText(photoTexts.addPhotos);
const items = () => within(screen.getByRole('list')).getAllByRole('listitem');
const button = (label: string, n: number) => screen.getByRole('button', { name: `${label} ${photoTexts.ofPhoto(n)}` });

describe('PhotoPicker', () => {
  beforeEach(() => {
    uploads.length = 0;
    upload.mockClear();
    latest = [];
    Object.assign(URL, { createObjectURL: (f: File) => `blob:${f.name}`, revokeObjectURL: () => {} });
  });

  it('uploads each chosen file at once with its own progress, and marks the first the cover', async () => {
    render(<Host />);
    await userEvent.upload(addInput(), [file('front.jpg'), file('back.jpg')]);

    expect(upload).toHaveBeenCalledTimes(2);
    expect(uploads.map((u) => u.name)).toEqual(['front.jpg', 'back.jpg']);
    uploads[1]!.progress(0.25);
    expect(await screen.findByRole('progressbar', { name: photoTexts.uploading(25) })).toHaveValue(25);
    // Not yet uploaded: the form cannot use them.
    expect(uploadedPhotoIds(latest)).toEqual([]);

    uploads[1]!.finish();
    uploads[0]!.finish();
    await waitFor(() => {
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    });
    expect(uploadedPhotoIds(latest)).toEqual([idOf(1), idOf(2)]);
    expect(within(items()[0]!).getByText(photoTexts.cover)).toBeInTheDocument();
    expect(within(items()[1]!).queryByText(photoTexts.cover)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: photoTexts.photoAlt(2) })).toHaveAttribute('src', stored(2).url);
    expect(screen.getByRole('status')).toHaveTextContent(photoTexts.count(2));
  });

  it('moves a photo earlier or later with the keyboard; the cover is whichever comes first', async () => {
    render(<Host initial={pickerPhotosOf([stored(1), stored(2), stored(3)])} />);
    expect(button(photoTexts.moveEarlier, 1)).toBeDisabled();
    expect(button(photoTexts.moveLater, 3)).toBeDisabled();

    button(photoTexts.moveLater, 1).focus();
    await userEvent.keyboard('{Enter}');
    expect(uploadedPhotoIds(latest)).toEqual([idOf(2), idOf(1), idOf(3)]);
    // The focus follows the photo that moved, so pressing again moves it on.
    expect(button(photoTexts.moveLater, 2)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(uploadedPhotoIds(latest)).toEqual([idOf(2), idOf(3), idOf(1)]);
    // At the end its Move later is disabled: the focus goes to its Move earlier.
    expect(button(photoTexts.moveEarlier, 3)).toHaveFocus();

    await userEvent.click(button(photoTexts.moveEarlier, 2));
    expect(uploadedPhotoIds(latest)).toEqual([idOf(3), idOf(2), idOf(1)]);
    expect(within(items()[0]!).getByRole('img')).toHaveAttribute('src', stored(3).url);
    expect(within(items()[0]!).getByText(photoTexts.cover)).toBeInTheDocument();
  });

  it('removes a photo (the next one becomes the cover), also one still uploading', async () => {
    render(<Host initial={pickerPhotosOf([stored(1), stored(2)])} />);
    await userEvent.click(button(photoTexts.remove, 1));
    expect(uploadedPhotoIds(latest)).toEqual([idOf(2)]);
    expect(within(items()[0]!).getByText(photoTexts.cover)).toBeInTheDocument();

    await userEvent.upload(addInput(), file('late.jpg'));
    expect(latest).toHaveLength(2);
    await userEvent.click(button(photoTexts.remove, 2));
    expect(latest).toHaveLength(1);
    // Its upload ending later changes nothing.
    uploads[0]!.finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(uploadedPhotoIds(latest)).toEqual([idOf(2)]);

    await userEvent.click(button(photoTexts.remove, 1));
    expect(latest).toEqual([]);
    expect(addInput()).toHaveFocus();
  });

  it('takes at most 8 photos and says which were left out', async () => {
    render(<Host initial={pickerPhotosOf([1, 2, 3, 4, 5, 6, 7].map(stored))} />);
    await userEvent.upload(addInput(), [file('a.jpg'), file('b.jpg'), file('c.jpg')]);

    expect(upload).toHaveBeenCalledTimes(1);
    expect(latest).toHaveLength(8);
    expect(screen.getByRole('status')).toHaveTextContent(photoTexts.limitReached);
    expect(screen.getByRole('status')).toHaveTextContent(photoTexts.someLeftOut(2));
    expect(addInput()).toBeDisabled();
  });

  it('says why a file was not taken or its upload failed, and keeps it out of the form until removed', async () => {
    render(<Host />);
    await userEvent.upload(addInput(), [file('scan.heic', 'image/heic'), file('ok.jpg')], { applyAccept: false });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(screen.getByText(`${photoTexts.uploadFailed}: ${uploadMessages.unsupportedType}`)).toBeInTheDocument();

    uploads[0]!.fail();
    expect(await screen.findByText(photoTexts.uploadFailed)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(uploadedPhotoIds(latest)).toEqual([]);
  });
});
