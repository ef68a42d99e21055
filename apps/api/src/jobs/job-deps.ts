import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createMailSender } from '../adapters/mail/index.ts';
import { createDeviceCheck } from '../adapters/device-check/index.ts';
import { createShipping } from '../adapters/shipping/index.ts';
import { createCardProcessor } from '../adapters/payments/index.ts';
import { createPayoutProcessor } from '../adapters/payouts/index.ts';
import { createStorage } from '../adapters/storage/index.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { JobDeps } from './job.ts';

/** The server's jobs use the app's own database, storage, card processor and logger. */
export const jobDepsOfApp = (app: FastifyInstance): JobDeps => ({
  db: app.db,
  storage: app.storage,
  processor: app.cardProcessor,
  payouts: app.payoutProcessor,
  deviceCheck: app.deviceCheck,
  shipping: app.shipping,
  mail: app.mailSender,
  log: app.log,
  now: () => new Date(),
  listingsChanged: app.listingsChanged,
  publicUrl: app.config.publicUrl,
  sellerFee: app.config.sellerFee,
  shipByBusinessDays: app.config.shipByBusinessDays,
});

/** Outside the server (`jobs:run`): the adapters the configuration names, built as the app builds them. */
export const jobDepsOfConfig = (config: Config, db: Database, log: FastifyBaseLogger): JobDeps => ({
  db,
  storage: createStorage(config),
  processor: createCardProcessor(config.payments, db),
  payouts: createPayoutProcessor(config.payments, db),
  deviceCheck: createDeviceCheck(config.deviceCheck),
  shipping: createShipping(config.shipping, db),
  mail: createMailSender(config.mail),
  log,
  now: () => new Date(),
  // No page cache lives outside the server; its replicas' caches expire within a second or two.
  listingsChanged: () => {},
  publicUrl: config.publicUrl,
  sellerFee: config.sellerFee,
  shipByBusinessDays: config.shipByBusinessDays,
});
