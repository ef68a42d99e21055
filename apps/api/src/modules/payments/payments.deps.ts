/**
 * What the payment paths need, given explicitly: the sale, releases and the reconcile job run the
 * same code in a request of the HTTP app and in a job without it.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DeviceCheck } from '../../adapters/device-check/index.ts';
import type { CardProcessor } from '../../adapters/payments/card-processor.ts';
import type { PayoutProcessor } from '../../adapters/payouts/payout-processor.ts';
import type { Database } from '../../db/client.ts';
import type { SellerFeeRule } from '@recell/contract';

export interface PaymentDeps {
  db: Database;
  processor: CardProcessor;
  /**
   * Where the phone's IMEI is checked once more before its card is charged (present in the app's
   * requests; the reconcile job only finishes sales claimed after that check).
   */
  deviceCheck?: DeviceCheck;
  /** Where sellers are paid: a dispute takes a sent share back (present in the app's requests). */
  payouts?: PayoutProcessor;
  log: FastifyBaseLogger;
  /** Tells public listing pages to refresh (after a sale). */
  listingsChanged: () => void;
  /** The site's address, for the links in notification emails. */
  publicUrl: string;
  /** What the marketplace keeps of a sale (frozen on the order when it is recorded). */
  sellerFee: SellerFeeRule;
  /** A shipped order's business days to ship (SHIP_BY_BUSINESS_DAYS): its deadline is set with the sale. */
  shipByBusinessDays: number;
  /** The buyer's service fee in percent, for a new payment intent (none when absent). */
  buyerFeePercent?: number;
  /**
   * Says that committed emails wait in the outbox (a sale notifies its buyer and seller); absent in
   * jobs, where the deliver-emails job sends them within a minute.
   */
  emailsQueued?: () => void;
  /**
   * Runs work that need not delay the answer (releasing other buyers' cards after a sale); it is
   * awaited in place when absent.
   */
  defer?: (task: () => Promise<unknown>) => void;
  /** The clock (tests move it). */
  now?: () => Date;
}

/**
 * The payment paths' dependencies in a request of the app (its log names the request). Read at
 * each request, so the processor is whichever the app holds then.
 */
export const paymentDepsOf = (app: FastifyInstance, log: FastifyBaseLogger): PaymentDeps => ({
  db: app.db,
  processor: app.cardProcessor,
  deviceCheck: app.deviceCheck,
  payouts: app.payoutProcessor,
  log,
  listingsChanged: app.listingsChanged,
  publicUrl: app.config.publicUrl,
  sellerFee: app.config.sellerFee,
  shipByBusinessDays: app.config.shipByBusinessDays,
  buyerFeePercent: app.config.buyerFeePercent,
  emailsQueued: () => app.emailsQueued(),
  defer: app.deferWork,
});
