import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, type OutboxDeliveryState } from '@recell/contract';
import { endpointRoute } from '../../lib/routes.ts';
import { listRecentEmails, type OutboxEmailRow } from './outbox.repository.ts';

/** How an email's delivery went, from its row and whether this server has a mail server to send to. */
const deliveryState = (row: OutboxEmailRow, hasMailServer: boolean): OutboxDeliveryState => {
  if (row.sentAt) return 'sent';
  if (row.failedAt) return 'failed';
  if (!hasMailServer) return 'held';
  return row.attempts === 0 ? 'queued' : 'retrying';
};

/**
 * The outbox's delivery list, for an admin: to whom, about what, and how delivery went. Never an
 * email's body: reset, confirmation and unsubscribe links are their recipient's alone, and an admin
 * who could read them could take over any account.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(
    endpointRoute(apiEndpoints.recovery.outbox, {
      tags: ['admin'],
      summary: 'The newest emails of the outbox and their delivery, without their contents (admin)',
      errors: [401, 403],
      handler: async (_request, reply) => {
        const rows = await listRecentEmails(app.db, 50);
        const hasMailServer = app.mailSender.kind !== 'outbox';
        reply.header('cache-control', 'no-store');
        return {
          hasMailServer,
          items: rows.map((row) => ({
            id: row.id,
            to: row.recipient,
            subject: row.subject,
            kind: row.kind,
            state: deliveryState(row, hasMailServer),
            attempts: row.attempts,
            createdAt: row.createdAt.toISOString(),
            sentAt: row.sentAt?.toISOString() ?? null,
            failedAt: row.failedAt?.toISOString() ?? null,
          })),
        };
      },
    }),
  );
};
