/**
 * A person's uploads: the picture stored (images.service.ts) and who uploaded it recorded, so a
 * listing or profile takes an image id only from its uploader. Anyone who sees a picture can read
 * its id off the URL; without this, anyone could put another person's picture in their listing.
 */
import type { UploadedImage } from '@recell/contract';
import type { ImageStorage } from '../../adapters/storage/storage.ts';
import type { Database, Executor } from '../../db/client.ts';
import { storeImage } from './images.service.ts';
import * as repository from './uploads.repository.ts';

export interface UploadDeps {
  db: Database;
  storage: ImageStorage;
}

/** Stores the picture and records `uploaderId` as one of its uploaders. */
export const uploadImage = async (deps: UploadDeps, uploaderId: string, bytes: Buffer): Promise<UploadedImage> => {
  const image = await storeImage(deps.storage, bytes);
  await repository.recordUpload(deps.db, image.id, uploaderId);
  return image;
};

/** Records an upload the caller stored itself (a sign-up's photo, a listing form's file), in its transaction. */
export const recordUpload = (tx: Executor, imageId: string, uploaderId: string) =>
  repository.recordUpload(tx, imageId, uploaderId);

/** The ids among `imageIds` that `userId` never uploaded, in their order. */
export const notUploadedBy = async (db: Executor, userId: string, imageIds: readonly string[]) => {
  const own = await repository.findUploadedBy(db, userId, imageIds);
  return imageIds.filter((id) => !own.has(id));
};
