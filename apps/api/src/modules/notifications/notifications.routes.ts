import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmailPreferencesSchema,
  NotificationPageSchema,
  NotificationParamsSchema,
  PageQuerySchema,
  UnreadCountSchema,
  UnsubscribeInfoSchema,
  UnsubscribeQuerySchema,
  UpdateEmailPreferencesSchema,
} from '@recell/contract';
import { errorResponses, noContent } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import * as service from './notifications.service.ts';

/**
 * The signed-in person's notifications and email preferences (their own only), and the emailed
 * unsubscribe links, which work without signing in: the link's token is the proof.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.NotificationDeps = { db: app.db };

  app.get(
    '/me/notifications',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first',
        description: 'Pass `nextCursor` as `cursor` for the next page.',
        querystring: PageQuerySchema,
        response: { 200: NotificationPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.listNotifications(deps, signedInUser(request).id, request.query),
  );

  app.get(
    '/me/notifications/unread-count',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'How many of my notifications are unread (the bell)',
        response: { 200: UnreadCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.unreadCount(deps, signedInUser(request).id),
  );

  app.post(
    '/me/notifications/read-all',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark all my notifications read',
        response: errorResponses(401),
      },
    },
    async (request, reply) => {
      await service.markAllRead(deps, signedInUser(request).id);
      return noContent(reply);
    },
  );

  app.post(
    '/me/notifications/:id/read',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of my notifications read',
        description: "404 for an unknown notification or someone else's.",
        params: NotificationParamsSchema,
        response: errorResponses(401, 404),
      },
    },
    async (request, reply) => {
      await service.markRead(deps, signedInUser(request).id, request.params.id);
      return noContent(reply);
    },
  );

  app.get(
    '/me/email-preferences',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'Which kinds of notification are also emailed to me',
        response: { 200: EmailPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.getEmailPreferences(deps, signedInUser(request).id),
  );

  app.put(
    '/me/email-preferences',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'Switch the emails of some kinds on or off; kinds left out stay as they are',
        body: UpdateEmailPreferencesSchema,
        response: { 200: EmailPreferencesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.updateEmailPreferences(deps, signedInUser(request).id, request.body),
  );

  app.get(
    '/email-unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Which kind of email an emailed unsubscribe link stops (no sign-in; changes nothing)',
        description: 'An unknown token is a 400 naming the `token` field.',
        querystring: UnsubscribeQuerySchema,
        response: { 200: UnsubscribeInfoSchema, ...errorResponses(400) },
      },
    },
    async (request) => service.unsubscribeInfo(deps, request.query.token),
  );

  // Mail clients' one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form;
  // the token in the address is all that counts, so the body is read and ignored.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/email-unsubscribe',
      {
        // Sent by mail providers' servers and webmail pages: the token proves the link was emailed.
        config: { allowCrossSite: true },
        schema: {
          tags: ['notifications'],
          summary: 'Stop the kind of email an emailed unsubscribe link names (no sign-in; also one-click)',
          description:
            'The token is in the address (`?token=`), as mail clients post to the List-Unsubscribe address ' +
            'with a form body they choose. Again is harmless. An unknown token is a 400 naming the `token` field.',
          querystring: UnsubscribeQuerySchema,
          response: { 200: UnsubscribeInfoSchema, ...errorResponses(400) },
        },
      },
      async (request) => service.unsubscribe(deps, request.query.token),
    );
  });
};
