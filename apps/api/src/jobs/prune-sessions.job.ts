import { deleteEndedSessions } from '../modules/auth/index.ts';
import { dayMs, every, type JobDefinition } from './job.ts';

/**
 * How long an ended refresh token is kept after it expired or was revoked: long enough to read in
 * the logs what happened to a sign-in, and to cover clocks that disagree. A rotated token of a live
 * sign-in is never deleted before it expires (see deleteEndedSessions): reuse detection needs it.
 */
export const sessionRetentionMs = dayMs;
const batchSize = 1000;

/** Deletes refresh tokens that can no longer be used or tell anything (jobs.repository.ts says which). */
export const pruneSessions: JobDefinition = {
  name: 'prune-sessions',
  every: every.hourAt(7),
  timeLimitSeconds: 300,
  async run({ db, now }, { signal }) {
    const at = now();
    const cutoff = new Date(at.getTime() - sessionRetentionMs);
    let deleted = 0;
    while (!signal.aborted) {
      const count = await deleteEndedSessions(db, {
        expiredBefore: cutoff,
        revokedBefore: cutoff,
        now: at,
        limit: batchSize,
      });
      deleted += count;
      if (count < batchSize) break;
    }
    return { deleted };
  },
};
