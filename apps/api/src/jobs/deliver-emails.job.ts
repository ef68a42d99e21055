import { deleteSettledEmailsBefore, deliverDueEmails } from '../modules/mail/index.ts';
import { dayMs, every, type JobDefinition } from './job.ts';

/** How long a sent (or given-up) email stays in the outbox: long enough to answer "did you get it?". */
export const outboxRetentionMs = 7 * dayMs;
const deleteBatch = 1000;

/**
 * Sends the outbox's due emails (the server also starts a delivery right after a request writes
 * one; this is the retry and the backstop), then forgets old ones.
 */
export const deliverEmailsJob: JobDefinition = {
  name: 'deliver-emails',
  every: every.minute,
  timeLimitSeconds: 300,
  async run({ db, mail, log, now }, { signal }) {
    const result = await deliverDueEmails({ db, mail, log, now }, signal);
    let deleted = 0;
    const before = new Date(now().getTime() - outboxRetentionMs);
    while (!signal.aborted) {
      const count = await deleteSettledEmailsBefore(db, {
        before,
        limit: deleteBatch,
        unsentToo: mail.kind === 'outbox',
      });
      deleted += count;
      if (count < deleteBatch) break;
    }
    return { ...result, deleted };
  },
};
