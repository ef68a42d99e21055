import { escalateUnansweredReturns, finishDueRefunds, completeDueOrders } from '../modules/orders/index.ts';
import { markPaymentPartlyRefunded, markPaymentRefunded } from '../modules/payments/index.ts';
import { takeBackSellerPayout as takeBack } from '../modules/payouts/index.ts';
import { every, type JobDefinition } from './job.ts';

/**
 * Moves paid orders on (docs/decisions/0042): completes those handed over or shipped a week ago
 * with no undecided problem report (the seller's email goes with each), and finishes refunds an
 * admin decided whose request was cut short. The rules live in the orders module; replicas
 * running it at once take different orders and refunds.
 */
export const progressOrdersJob: JobDefinition = {
  name: 'progress-orders',
  every: every.minute,
  timeLimitSeconds: 120,
  async run({ db, processor, payouts, log, now, publicUrl }, { signal }) {
    const completed = await completeDueOrders({ db, now, publicUrl }, { signal });
    const takeBackSellerPayout = (orderId: string, part?: { refundCents: number; key: string }) =>
      takeBack({ db, payouts, log, now, publicUrl }, orderId, part);
    const refunds = await finishDueRefunds(
      { db, processor, log, now, publicUrl, markPaymentRefunded, markPaymentPartlyRefunded, takeBackSellerPayout },
      { signal },
    );
    // Returns the seller did not answer in time go to an admin (decision 0074).
    const returnsEscalated = await escalateUnansweredReturns({ db, now, publicUrl }, { signal });
    return { completed, ...refunds, returnsEscalated };
  },
};
