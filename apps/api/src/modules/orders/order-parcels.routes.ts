import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderProgressMessages, WebhookReceiptSchema } from '@recell/contract';
import { InvalidShippingEventError, type TrackerUpdate } from '../../adapters/shipping/index.ts';
import { badRequest } from '../../errors.ts';
import { errorResponses } from '../../lib/routes.ts';
import { applyTrackerUpdate } from './order-parcels.service.ts';

/**
 * The carrier's webhook (docs/decisions/0072), in a context of its own: its body is kept raw (the
 * signature covers the exact bytes), without changing how any other route reads JSON. The carrier's
 * servers call it, proving themselves by the signature: no session, no same-origin check, no
 * write limit. A body it did not sign is a 400 and changes nothing; a tracker no order has is
 * acknowledged (200), so the carrier does not retry it.
 */
export const orderParcelsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const deps = { db: app.db, publicUrl: app.config.publicUrl, emailsQueued: () => app.emailsQueued() };

  app.post(
    '/webhooks/shipping',
    {
      config: { allowCrossSite: true },
      schema: {
        tags: ['orders'],
        summary: 'The carrier’s tracker events (signature-verified)',
        description:
          'A tracker.updated (or tracker.created) event moves its order’s parcel forward: in transit, ' +
          'delivered, returned to the seller or lost. The same event twice, or an older one, changes ' +
          'nothing more; other events and unknown trackers are acknowledged.',
        response: { 200: WebhookReceiptSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let update: TrackerUpdate | null;
      try {
        update = app.shipping.parseEvent(body, request.headers);
      } catch (error) {
        if (error instanceof InvalidShippingEventError) {
          request.log.warn({ reason: error.message }, 'a shipping event was refused');
          throw badRequest(orderProgressMessages.shippingEventInvalid);
        }
        throw error;
      }
      if (update) {
        const outcome = await applyTrackerUpdate(deps, update);
        request.log.info({ trackerId: update.trackerId, ...outcome }, 'a shipping event was applied');
      }
      return { received: true as const };
    },
  );
};
