import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxSchema, recoveryMessages } from '@recell/contract';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../lib/routes.ts';
import { listRecentEmails } from './outbox.repository.ts';

/**
 * The development mailbox: while no SMTP server is configured, the emails the app would send are
 * read here by an admin (and by the browser tests). With SMTP it answers 404: emails then hold
 * links (a password reset) that only their recipient may see.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/outbox',
    {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'The newest emails of the outbox (admin; only without SMTP)',
        response: { 200: OutboxSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (_request, reply) => {
      if (app.mailSender.kind !== 'outbox') throw new AppError('not_found', recoveryMessages.outboxUnavailable);
      const rows = await listRecentEmails(app.db, 50);
      reply.header('cache-control', 'no-store');
      return {
        items: rows.map((row) => ({
          id: row.id,
          to: row.recipient,
          subject: row.subject,
          text: row.textBody,
          kind: row.kind,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          attempts: row.attempts,
        })),
      };
    },
  );
};
