import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, ContactMessageParamsSchema } from '@recell/contract';
import { endpointRoute } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import * as service from './contact.service.ts';

/**
 * The Contact us form (anyone) and the admin's Messages page (admin only: 401 anonymous, 403 any
 * other role).
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ContactDeps = { db: app.db };
  const { contact } = apiEndpoints;

  app.route(
    endpointRoute(contact.send, {
      tags: ['contact'],
      summary: 'Send the Contact us form: stored for the admins (anyone)',
      description:
        'Name, email and message, each trimmed and limited in length. Limited per IP (429 with Retry-After).',
      errors: [400, 429, 503],
      onRequest: [app.writeLimits.contactMessages],
      handler: async (request, reply) => reply.code(201).send(await service.sendMessage(deps, request.body)),
    }),
  );

  app.route(
    endpointRoute(contact.list, {
      tags: ['admin'],
      summary: 'Messages: what visitors sent with the Contact us form, newest first (admin)',
      description:
        '`view=inbox` (the default) lists the messages not archived, read or not; `view=archived` the archive. ' +
        'Pass `nextCursor` as `cursor` for the next page.',
      errors: [400, 401, 403],
      handler: async (request) => service.listMessages(deps, request.query),
    }),
  );

  app.route(
    endpointRoute(contact.markRead, {
      tags: ['admin'],
      summary: 'Mark a message read (admin)',
      description: 'A message already read is answered as it is. 404 for an unknown message.',
      params: ContactMessageParamsSchema,
      errors: [401, 403, 404],
      handler: async (request) => service.markRead(deps, signedInUser(request), request.params.id),
    }),
  );

  app.route(
    endpointRoute(contact.archive, {
      tags: ['admin'],
      summary: 'Archive a message: it leaves the inbox, read (admin)',
      description: 'A message already archived is answered as it is. 404 for an unknown message.',
      params: ContactMessageParamsSchema,
      errors: [401, 403, 404],
      handler: async (request) => service.archive(deps, signedInUser(request), request.params.id),
    }),
  );
};
