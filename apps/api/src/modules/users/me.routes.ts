import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, MeSchema, messages, UpdateMeSchema } from '@recell/contract';
import { AppError } from '../../errors.ts';
import { findUserById } from './users.repository.ts';
import { toMe, updateMe } from './users.service.ts';
import { signedInUser } from '../auth/auth.plugin.ts';

/** The signed-in user's own account: who they are (role, verified badge) and their name and photo. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        response: { 200: MeSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, signedInUser(request).id);
      if (!user) throw new AppError('unauthorized', messages.unauthorized);
      return toMe(user);
    },
  );

  app.patch(
    '/me',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'Change your name and/or photo (an image id from POST /api/uploads); nothing else',
        body: UpdateMeSchema,
        response: { 200: MeSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => updateMe(app, signedInUser(request).id, request.body),
  );
};
