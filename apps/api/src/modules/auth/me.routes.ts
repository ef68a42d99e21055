import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints } from '@recell/contract';
import { endpointRoute } from '../../lib/routes.ts';
import { getMe, updateMe, type UserDeps } from '../users/index.ts';
import { signedInUser } from './auth.plugin.ts';

/** The signed-in user's own account: who they are (role, verified badge) and their name and photo. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: UserDeps = { db: app.db, storage: app.storage };
  const { account } = apiEndpoints;

  app.route(
    endpointRoute(account.me, {
      tags: ['account'],
      summary: 'The signed-in user',
      errors: [401],
      handler: async (request) => getMe(deps, signedInUser(request).id),
    }),
  );

  app.route(
    endpointRoute(account.updateMe, {
      tags: ['account'],
      summary: 'Change your name and/or photo (an image id from POST /api/uploads); nothing else',
      errors: [400, 401],
      handler: async (request) => updateMe(deps, signedInUser(request).id, request.body),
    }),
  );
};
