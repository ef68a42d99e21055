import { deleteWebhookEventsBefore } from '../modules/payments/index.ts';
import { dayMs, every, type JobDefinition } from './job.ts';

/**
 * How long a processed webhook event's id is kept to recognise a redelivery: Stripe retries an
 * event for up to three days, so thirty leave a wide margin (and handling an event is idempotent
 * anyway; the record only saves the work).
 */
export const webhookEventRetentionMs = 30 * dayMs;
const batchSize = 5000;

export const trimWebhookEvents: JobDefinition = {
  name: 'trim-webhook-events',
  every: every.dayAt(3, 17),
  timeLimitSeconds: 300,
  async run({ db, now }, { signal }) {
    const before = new Date(now().getTime() - webhookEventRetentionMs);
    let deleted = 0;
    while (!signal.aborted) {
      const count = await deleteWebhookEventsBefore(db, before, batchSize);
      deleted += count;
      if (count < batchSize) break;
    }
    return { deleted };
  },
};
