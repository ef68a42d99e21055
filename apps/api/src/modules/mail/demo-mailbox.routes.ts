import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DemoMailboxSchema } from '@recell/contract';

/**
 * Whether the server runs as a demo, and then where its mailbox is (MailDev's web inbox, started
 * with the server): the web shows visitors a "Demo mailbox" link. Null in production.
 */
export const demoMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/demo-mailbox',
    {
      schema: {
        tags: ['auth'],
        summary: 'The demo mailbox, where the emails of a demo server arrive (null in production)',
        response: { 200: DemoMailboxSchema },
      },
    },
    async () => ({ url: app.demoMailboxUrl }),
  );
};
