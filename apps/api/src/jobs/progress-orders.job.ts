import {
  enforceShipBy,
  escalateUnansweredReturns,
  finishDueRefunds,
  completeDueOrders,
} from '../modules/orders/index.ts';
import { markPaymentPartlyRefunded, markPaymentRefunded, refundLabelCharge } from '../modules/payments/index.ts';
import { takeBackSellerPayout as takeBack } from '../modules/payouts/index.ts';
import { every, type JobDefinition } from './job.ts';

/**
 * Moves paid orders on (docs/decisions/0042): completes those handed over or shipped a week ago
 * with no undecided problem report (the seller's email goes with each), and finishes refunds an
 * admin decided whose request was cut short. It also holds sellers to a shipped order's deadline
 * (docs/decisions/0075): a reminder before it, and after it with no carrier scan the order is
 * cancelled and refunded. The rules live in the orders module; replicas running it at once take
 * different orders and refunds.
 */
export const progressOrdersJob: JobDefinition = {
  name: 'progress-orders',
  every: every.minute,
  timeLimitSeconds: 120,
  async run({ db, processor, payouts, shipping, log, now, publicUrl }, { signal }) {
    const completed = await completeDueOrders({ db, now, publicUrl }, { signal });
    const takeBackSellerPayout = (orderId: string, part?: { refundCents: number; key: string }) =>
      takeBack({ db, payouts, log, now, publicUrl }, orderId, part);
    const problemDeps = {
      db,
      processor,
      log,
      now,
      publicUrl,
      markPaymentRefunded,
      markPaymentPartlyRefunded,
      takeBackSellerPayout,
      labels: { shipping, refundLabelCharge },
    };
    const shipBy = await enforceShipBy({ ...problemDeps, shipping }, { signal });
    const refunds = await finishDueRefunds(problemDeps, { signal });
    // Returns the seller did not answer in time go to an admin (decision 0074).
    const returnsEscalated = await escalateUnansweredReturns({ db, now, publicUrl }, { signal });
    return { completed, ...shipBy, ...refunds, returnsEscalated };
  },
};
