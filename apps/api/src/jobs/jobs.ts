/**
 * The background jobs and how one run is made: logged (counts only, never personal data) and
 * measured (`recell_job_runs_total`, `recell_job_duration_seconds`, `recell_jobs_running`). The schedulers
 * (scheduler.ts) and `npm run jobs:run` both run jobs through `runJob`.
 */
import { jobDuration, jobRuns, jobsRunning } from '../lib/metrics.ts';
import { deliverEmailsJob } from './deliver-emails.job.ts';
import { deleteOrphanUploads } from './delete-orphan-uploads.job.ts';
import { followParcelsJob } from './follow-parcels.job.ts';
import { forgetIdempotentAnswers } from './forget-idempotent-answers.job.ts';
import type { JobContext, JobDefinition, JobDeps, JobResult } from './job.ts';
import { progressOrdersJob } from './progress-orders.job.ts';
import { releasePayoutsJob } from './release-payouts.job.ts';
import { recheckDevicesJob } from './recheck-devices.job.ts';
import { pruneSessions } from './prune-sessions.job.ts';
import { reconcilePaymentsJob } from './reconcile-payments.job.ts';
import { refreshSearchTermsJob } from './refresh-search-terms.job.ts';
import { trimWebhookEvents } from './trim-webhook-events.job.ts';

export const jobDefinitions: readonly JobDefinition[] = [
  reconcilePaymentsJob,
  pruneSessions,
  deleteOrphanUploads,
  trimWebhookEvents,
  deliverEmailsJob,
  progressOrdersJob,
  followParcelsJob,
  releasePayoutsJob,
  refreshSearchTermsJob,
  forgetIdempotentAnswers,
  recheckDevicesJob,
];

export const findJob = (name: string) => jobDefinitions.find((job) => job.name === name);

/** Runs `job` once; a failure is logged, counted and thrown on to the caller. */
export const runJob = async (job: JobDefinition, deps: JobDeps, context: JobContext): Promise<JobResult> => {
  const log = deps.log.child({ job: job.name });
  const endTimer = jobDuration.startTimer({ job: job.name });
  const started = performance.now();
  jobsRunning.inc({ job: job.name });
  try {
    const result = await job.run({ ...deps, log }, context);
    jobRuns.inc({ job: job.name, result: 'ok' });
    log.info({ result, durationMs: Math.round(performance.now() - started) }, 'job done');
    return result;
  } catch (error) {
    jobRuns.inc({ job: job.name, result: 'failed' });
    log.error({ err: error, durationMs: Math.round(performance.now() - started) }, 'job failed');
    throw error;
  } finally {
    jobsRunning.dec({ job: job.name });
    endTimer();
  }
};
