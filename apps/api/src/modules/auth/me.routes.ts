import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, MeSchema, UpdateMeSchema } from '@recell/contract';
import { getMe, updateMe, type UserDeps } from '../users/index.ts';
import { signedInUser } from './auth.plugin.ts';

/** The signed-in user's own account: who they are (role, verified badge) and their name and photo. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: UserDeps = { db: app.db, storage: app.storage };

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
    async (request) => getMe(deps, signedInUser(request).id),
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
    async (request) => updateMe(deps, signedInUser(request).id, request.body),
  );
};
