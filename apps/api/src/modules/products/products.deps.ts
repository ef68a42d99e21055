/** What listings work with, built once from the app by the products routes. */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { listingMessages } from '@recell/contract';
import { AppError } from '../../errors.ts';
import { createLimiter } from '../../lib/rate-limit.ts';
import type { ImeiLimits, ProductDeps } from './products.service.ts';

/** A counter that never refuses: only how many it holds matters. */
const uncapped = 1_000_000;

/**
 * The IMEI limits of decision 0064 in the app's limit store (Redis when REDIS_URL is set, so every
 * replica counts together): new IMEIs per seller, and the different IMEIs refused to them, per day.
 */
export const imeiLimitsOf = (app: FastifyInstance): ImeiLimits => {
  const { windowSeconds, changesPerAccount, refusalsTold, refusalsFlaggedAt } = app.config.imeiLimits;
  const limiter = (name: string, points: number, refusal?: (retryAfterSeconds: number) => AppError) =>
    createLimiter({
      redis: app.limitStore,
      name,
      rule: { points, durationSeconds: windowSeconds },
      log: app.log,
      ...(refusal ? { refusal } : {}),
    });
  const changes = limiter('imei-changes', changesPerAccount, (retryAfterSeconds) => {
    const message = listingMessages.tooManyImeiChanges(retryAfterSeconds);
    return new AppError('rate_limited', message, { imei: message }, retryAfterSeconds);
  });
  const refusedImeis = limiter('imei-refused', uncapped);
  const refusals = limiter('imei-refusals', uncapped);
  return {
    countChange: async (sellerId) => {
      await changes.consume(sellerId);
    },
    countRefusal: async (sellerId, imei) => {
      // The store keeps a digest, not the IMEI.
      const digest = createHash('sha256').update(imei).digest('base64url');
      const isNew = (await refusedImeis.consume(`${sellerId}:${digest}`)) === 1;
      return { refused: isNew ? await refusals.consume(sellerId) : await refusals.peek(sellerId), isNew };
    },
    refusalsTold,
    refusalsFlaggedAt,
  };
};

export const productDepsOf = (app: FastifyInstance): ProductDeps => ({
  db: app.db,
  storage: app.storage,
  listingsChanged: app.listingsChanged,
  publicUrl: app.config.publicUrl,
  emailsQueued: () => app.emailsQueued(),
  imeiLimits: imeiLimitsOf(app),
  deviceCheck: app.deviceCheck,
  log: app.log,
  trustedSellerSales: app.config.trustedSellerSales,
});
