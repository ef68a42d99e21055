import { authMessages, uploadMessages, type Me, type UpdateMe } from '@recell/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../../errors.ts';
import { imageUrlForId } from '../uploads/images.service.ts';
import * as repository from './users.repository.ts';
import type { UserRow } from './users.repository.ts';

/** The signed-in user as the API shows them to themselves. */
export const toMe = (user: UserRow): Me => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  isVerified: user.verified,
  imageUrl: user.imageUrl,
  createdAt: user.createdAt.toISOString(),
});

/** Changes the name and/or photo of the signed-in user; nothing else about an account is theirs to change. */
export const updateMe = async (app: FastifyInstance, userId: string, update: UpdateMe): Promise<Me> => {
  let imageUrl: string | undefined;
  if (update.imageId !== undefined) {
    imageUrl = await imageUrlForId(app.storage, update.imageId);
    if (!imageUrl) throw badRequest(uploadMessages.imageNotFound, { imageId: uploadMessages.imageNotFound });
  }
  const user = await repository.updateUser(app.db, userId, {
    ...(update.name !== undefined ? { name: update.name } : {}),
    ...(imageUrl !== undefined ? { imageUrl } : {}),
  });
  if (!user || user.disabledAt) throw new AppError('unauthorized', authMessages.sessionEnded);
  return toMe(user);
};
