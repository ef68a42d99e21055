import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints } from '@recell/contract';
import { endpointRoute } from '../../lib/routes.ts';

/**
 * Whether the server runs as a demo, and then where its mailbox is (MailDev's web inbox, started
 * with the server): the web shows visitors a "Demo mailbox" link. Null in production.
 */
export const demoMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(
    endpointRoute(apiEndpoints.recovery.demoMailbox, {
      tags: ['auth'],
      summary: 'The demo mailbox, where the emails of a demo server arrive (null in production)',
      handler: async () => ({ url: app.demoMailboxUrl }),
    }),
  );
};
