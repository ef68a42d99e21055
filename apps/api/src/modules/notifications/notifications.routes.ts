import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiEndpoints, NotificationParamsSchema } from '@recell/contract';
import { endpointRoute, noContent } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import * as service from './notifications.service.ts';

/**
 * The signed-in person's notifications and email preferences (their own only), and the emailed
 * unsubscribe links, which work without signing in: the link's token is the proof.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.NotificationDeps = { db: app.db };

  const { notifications } = apiEndpoints;

  app.route(
    endpointRoute(notifications.list, {
      tags: ['notifications'],
      summary: 'My notifications, newest first',
      description: 'Pass `nextCursor` as `cursor` for the next page.',
      errors: [400, 401],
      handler: async (request) => service.listNotifications(deps, signedInUser(request).id, request.query),
    }),
  );

  app.route(
    endpointRoute(notifications.unreadCount, {
      tags: ['notifications'],
      summary: 'How many of my notifications are unread (the bell)',
      errors: [401],
      handler: async (request) => service.unreadCount(deps, signedInUser(request).id),
    }),
  );

  app.route(
    endpointRoute(notifications.markAllRead, {
      tags: ['notifications'],
      summary: 'Mark all my notifications read',
      errors: [401],
      handler: async (request, reply) => {
        await service.markAllRead(deps, signedInUser(request).id);
        return noContent(reply);
      },
    }),
  );

  app.route(
    endpointRoute(notifications.markRead, {
      tags: ['notifications'],
      summary: 'Mark one of my notifications read',
      description: "404 for an unknown notification or someone else's.",
      params: NotificationParamsSchema,
      errors: [401, 404],
      handler: async (request, reply) => {
        await service.markRead(deps, signedInUser(request).id, request.params.id);
        return noContent(reply);
      },
    }),
  );

  app.route(
    endpointRoute(notifications.emailPreferences, {
      tags: ['notifications'],
      summary: 'Which kinds of notification are also emailed to me',
      errors: [401],
      handler: async (request) => service.getEmailPreferences(deps, signedInUser(request).id),
    }),
  );

  app.route(
    endpointRoute(notifications.updateEmailPreferences, {
      tags: ['notifications'],
      summary: 'Switch the emails of some kinds on or off; kinds left out stay as they are',
      errors: [400, 401],
      handler: async (request) => service.updateEmailPreferences(deps, signedInUser(request).id, request.body),
    }),
  );

  app.route(
    endpointRoute(notifications.unsubscribeInfo, {
      tags: ['notifications'],
      summary: 'Which kind of email an emailed unsubscribe link stops (no sign-in; changes nothing)',
      description: 'An unknown token is a 400 naming the `token` field.',
      errors: [400],
      handler: async (request) => service.unsubscribeInfo(deps, request.query.token),
    }),
  );

  // Mail clients' one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form;
  // the token in the address is all that counts, so the body is read and ignored.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    scope.withTypeProvider<ZodTypeProvider>().route(
      endpointRoute(notifications.unsubscribe, {
        tags: ['notifications'],
        summary: 'Stop the kind of email an emailed unsubscribe link names (no sign-in; also one-click)',
        description:
          'The token is in the address (`?token=`), as mail clients post to the List-Unsubscribe address ' +
          'with a form body they choose. Again is harmless. An unknown token is a 400 naming the `token` field.',
        errors: [400],
        // Sent by mail providers' servers and webmail pages: the token proves the link was emailed.
        config: { allowCrossSite: true },
        handler: async (request) => service.unsubscribe(deps, request.query.token),
      }),
    );
  });
};
