import { refreshSearchTerms } from '../db/search-terms.ts';
import type { JobDefinition } from './job.ts';

/**
 * Keeps the search's "did you mean" vocabulary in step with the listings for sale (docs/decisions/
 * 0055): a new model's words are suggested, and a sold-out one's no longer, within ten minutes.
 */
export const refreshSearchTermsJob: JobDefinition = {
  name: 'refresh-search-terms',
  every: { cron: '*/10 * * * *', ms: 10 * 60_000 },
  timeLimitSeconds: 300,
  async run({ db }) {
    await refreshSearchTerms(db);
    return {};
  },
};
