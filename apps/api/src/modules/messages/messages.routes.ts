import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, OrderIdParamsSchema } from '@recell/contract';
import { endpointRoute, noContent } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import * as service from './messages.service.ts';

/** An order's messages. Every route needs a confirmed email (an unconfirmed account cannot message). */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.MessageDeps = {
    db: app.db,
    publicUrl: app.config.publicUrl,
    emailsQueued: () => app.emailsQueued(),
  };
  const { orderMessages } = apiEndpoints;

  app.route(
    endpointRoute(orderMessages.thread, {
      tags: ['messages'],
      summary: 'An order’s messages: the newest page, oldest first (its buyer and its phone’s seller)',
      description:
        'Pass `nextCursor` as `cursor` for older messages. A cancelled order’s thread stays readable but ' +
        '`canWrite` is false. Anyone else gets 404; an admin reads the thread only while the order has an ' +
        'open problem report.',
      params: OrderIdParamsSchema,
      errors: [400, 401, 403, 404],
      config: { emailConfirmed: true },
      handler: async (request) => service.getThread(deps, signedInUser(request), request.params.id, request.query),
    }),
  );

  app.route(
    endpointRoute(orderMessages.send, {
      tags: ['messages'],
      summary: 'Write a message to the other party of an order (its buyer or its phone’s seller)',
      description:
        'Text only, trimmed, 1 to 2000 characters. Phone numbers, emails, links and payment handles are ' +
        'stored and answered masked (`contactDetailsHidden`); a message longer than 2000 characters once masked ' +
        'is a 400. Refused with 409 once the order is cancelled. The other ' +
        'party gets an email for the first message they have not read. Limited per account (429 with Retry-After).',
      params: OrderIdParamsSchema,
      errors: [400, 401, 403, 404, 409, 429, 503],
      config: { emailConfirmed: true },
      onRequest: [app.writeLimits.messages],
      handler: async (request, reply) =>
        reply.code(201).send(await service.sendMessage(deps, signedInUser(request), request.params.id, request.body)),
    }),
  );

  app.route(
    endpointRoute(orderMessages.markRead, {
      tags: ['messages'],
      summary: 'Mark an order’s messages read (its buyer or its phone’s seller)',
      params: OrderIdParamsSchema,
      errors: [401, 403, 404],
      config: { emailConfirmed: true },
      handler: async (request, reply) => {
        await service.markRead(deps, signedInUser(request), request.params.id);
        return noContent(reply);
      },
    }),
  );

  app.route(
    endpointRoute(orderMessages.unread, {
      tags: ['messages'],
      summary: 'Your unread messages: in all and by order (buyer or seller)',
      description: 'Orders with the most recent news first, at most 100 named; cancelled orders are left out.',
      errors: [401, 403],
      config: { emailConfirmed: true },
      handler: async (request) => service.unreadMessages(deps, signedInUser(request)),
    }),
  );
};
