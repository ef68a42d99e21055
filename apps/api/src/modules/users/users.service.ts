import { authMessages, imageIdOfUrl, messages, uploadMessages, type Me, type UpdateMe } from '@recell/contract';
import { AppError, badRequest } from '../../errors.ts';
import type { Database } from '../../db/client.ts';
import type { ImageStorage } from '../../adapters/storage/storage.ts';
import { imageUrlForId, notUploadedBy } from '../uploads/index.ts';
import * as repository from './users.repository.ts';
import type { UserRow } from './users.repository.ts';

/** The signed-in user as the API shows them to themselves. */
export const toMe = (user: UserRow): Me => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  isVerified: user.verified,
  isEmailConfirmed: user.emailConfirmedAt !== null,
  imageUrl: user.imageUrl,
  createdAt: user.createdAt.toISOString(),
});

/** What the account service works with. */
export interface UserDeps {
  db: Database;
  storage: ImageStorage;
}

/** The signed-in user's own account (a removed one is signed out: 401). */
export const getMe = async (deps: Pick<UserDeps, 'db'>, userId: string): Promise<Me> => {
  const user = await repository.findUserById(deps.db, userId);
  if (!user) throw new AppError('unauthorized', messages.unauthorized);
  return toMe(user);
};

/** Changes the name and/or photo of the signed-in user; nothing else about an account is theirs to change. */
export const updateMe = async (deps: UserDeps, userId: string, update: UpdateMe): Promise<Me> => {
  let imageUrl: string | undefined;
  if (update.imageId !== undefined) {
    imageUrl = await imageUrlForId(deps.storage, update.imageId);
    if (!imageUrl) throw badRequest(uploadMessages.imageNotFound, { imageId: uploadMessages.imageNotFound });
    // Their own upload, or the photo they have now; never a picture someone else uploaded.
    const current = await repository.findUserById(deps.db, userId);
    const isCurrent = current?.imageUrl != null && imageIdOfUrl(current.imageUrl) === update.imageId;
    if (!isCurrent && (await notUploadedBy(deps.db, userId, [update.imageId])).length > 0)
      throw badRequest(uploadMessages.notYourImage, { imageId: uploadMessages.notYourImage });
  }
  const user = await repository.updateUser(deps.db, userId, {
    ...(update.name !== undefined ? { name: update.name } : {}),
    ...(imageUrl !== undefined ? { imageUrl } : {}),
  });
  if (!user || user.disabledAt) throw new AppError('unauthorized', authMessages.sessionEnded);
  return toMe(user);
};
