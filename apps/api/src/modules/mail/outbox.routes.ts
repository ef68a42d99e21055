import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, messages } from '@recell/contract';
import { AppError } from '../../errors.ts';
import { endpointRoute } from '../../lib/routes.ts';
import { recentOutbox } from './outbox.service.ts';

/**
 * The outbox's delivery list, for an admin: to whom, about what, and how delivery went. Never an
 * email's body: reset, confirmation and unsubscribe links are their recipient's alone, and an admin
 * who could read them could take over any account. Each reading is audited.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(
    endpointRoute(apiEndpoints.recovery.outbox, {
      tags: ['admin'],
      summary: 'The newest emails of the outbox and their delivery, without their contents (admin)',
      errors: [401, 403],
      handler: async (request, reply) => {
        // The route's role check let only an admin this far (auth imports this module, so the
        // caller is read off the request rather than through auth's door).
        const admin = request.user;
        if (!admin) throw new AppError('unauthorized', messages.unauthorized);
        reply.header('cache-control', 'no-store');
        return recentOutbox(app.db, app.mailSender.kind !== 'outbox', admin.id);
      },
    }),
  );
};
