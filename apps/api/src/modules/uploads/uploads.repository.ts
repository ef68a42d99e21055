/**
 * The owner of image_uploads: who uploaded which picture. Pictures are stored under their content
 * hash, so an id says nothing of whose picture it is; these rows do.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { imageUploads } from '../../db/schema.ts';

/** Records that `uploaderId` uploaded `imageId` (again: the first time is kept). */
export const recordUpload = async (db: Executor, imageId: string, uploaderId: string) => {
  await db.insert(imageUploads).values({ imageId, uploaderId }).onConflictDoNothing();
};

/** Which of `imageIds` `uploaderId` uploaded. */
export const findUploadedBy = async (db: Executor, uploaderId: string, imageIds: readonly string[]) => {
  if (imageIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ imageId: imageUploads.imageId })
    .from(imageUploads)
    .where(and(eq(imageUploads.uploaderId, uploaderId), inArray(imageUploads.imageId, [...imageIds])));
  return new Set(rows.map((row) => row.imageId));
};
