/**
 * What a background job is: a name, how often it runs, and `run`, which receives only what it
 * needs (never the Fastify instance), so the server, the `jobs:run` command and tests run the very
 * same code. Every job is idempotent: running it twice, or on two replicas at once, is harmless.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MailSender } from '../adapters/mail/index.ts';
import type { DeviceCheck } from '../adapters/device-check/index.ts';
import type { ShippingPort } from '../adapters/shipping/index.ts';
import type { CardProcessor } from '../adapters/payments/card-processor.ts';
import type { PayoutProcessor } from '../adapters/payouts/payout-processor.ts';
import type { ImageStorage } from '../adapters/storage/storage.ts';
import type { Database } from '../db/client.ts';
import type { SellerFeeRule } from '@recell/contract';

export interface JobDeps {
  db: Database;
  storage: ImageStorage;
  processor: CardProcessor;
  /** Where sellers are paid. */
  payouts: PayoutProcessor;
  /** Where listings' IMEIs are checked. */
  deviceCheck: DeviceCheck;
  /** Where parcels' trackers are polled (a tracking event that went missing). */
  shipping: ShippingPort;
  /** Where the outbox's emails are sent (SMTP), or the outbox only. */
  mail: MailSender;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now: () => Date;
  /** Tells this process's public page cache that listings changed (a no-op outside the server). */
  listingsChanged: () => void;
  /** The site's address, for links in the emails a job writes. */
  publicUrl: string;
  /** What the marketplace keeps of a sale (a sale the reconcile job finishes). */
  sellerFee: SellerFeeRule;
  /** A shipped order's business days to ship (a sale the reconcile job finishes sets its deadline). */
  shipByBusinessDays: number;
}

export interface JobContext {
  /** Aborted when the process shuts down: stop at the next batch boundary and return. */
  signal: AbortSignal;
}

/** What a run did, in counts (rows deleted, images kept…): logged and printed by `jobs:run`. */
export type JobResult = Record<string, number>;

/** How often a job runs: a cron expression (UTC) for pg-boss, the same period for the embedded schedule. */
export interface JobPeriod {
  cron: string;
  ms: number;
}

export interface JobDefinition {
  name: string;
  every: JobPeriod;
  /**
   * The longest a run may take before pg-boss gives up on it and runs it again: it bounds a run
   * that is stuck but alive. A worker that died is noticed sooner, by its missed heartbeats.
   */
  timeLimitSeconds: number;
  run(deps: JobDeps, context: JobContext): Promise<JobResult>;
}

const minuteMs = 60_000;

export const every = {
  minute: { cron: '* * * * *', ms: minuteMs },
  /** Once an hour, at `minute` past (jobs are spread over the hour so they do not start together). */
  hourAt: (minute: number): JobPeriod => ({ cron: `${minute} * * * *`, ms: 60 * minuteMs }),
  /** Once a day at `hour`:`minute` UTC. */
  dayAt: (hour: number, minute: number): JobPeriod => ({ cron: `${minute} ${hour} * * *`, ms: 24 * 60 * minuteMs }),
};

export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;
