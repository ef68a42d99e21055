import { deleteIdempotentRequestsBefore, idempotencyKeyLifetimeMs } from '../plugins/idempotency.ts';
import { every, type JobDefinition } from './job.ts';

const batchSize = 5000;

/** Forgets the stored answers of requests sent with an Idempotency-Key once they are a day old. */
export const forgetIdempotentAnswers: JobDefinition = {
  name: 'forget-idempotent-answers',
  every: every.hourAt(47),
  timeLimitSeconds: 300,
  async run({ db, now }, { signal }) {
    const before = new Date(now().getTime() - idempotencyKeyLifetimeMs);
    let deleted = 0;
    while (!signal.aborted) {
      const count = await deleteIdempotentRequestsBefore(db, before, batchSize);
      deleted += count;
      if (count < batchSize) break;
    }
    return { deleted };
  },
};
