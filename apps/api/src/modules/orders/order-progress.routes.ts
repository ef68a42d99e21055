import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, OrderIdParamsSchema, OrderProblemIdParamsSchema, orderProgressLimits } from '@recell/contract';
import { emptyBodyUnlessObject, endpointRoute } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import * as problems from './order-problems.service.ts';
import * as progress from './order-progress.service.ts';
import { listMissedDropOffs } from './order-ship-by.service.ts';
import { orderReturnRoutes } from './order-returns.routes.ts';
import type { LabelMoney } from './order-shipping.service.ts';
import type { Executor } from '../../db/client.ts';

/**
 * A paid order's progress (docs/decisions/0042): the seller's hand-over or shipping, the buyer's
 * receipt and problem report, the admins' decision on a problem. Another seller's or buyer's order
 * is a 404; a wrong state a 409.
 */
export interface OrderProgressRoutesOptions {
  /** The payments module's: a refunded problem's sale payment is marked refunded. */
  markPaymentRefunded: problems.ProblemDeps['markPaymentRefunded'];
  markPaymentPartlyRefunded: problems.ProblemDeps['markPaymentPartlyRefunded'];
  /** The payouts module's: a sent share is taken back before the buyer is refunded. */
  takeBackSellerPayoutOf: (log: FastifyBaseLogger) => problems.ProblemDeps['takeBackSellerPayout'];
  /** The payments module's: an unused label refunded with the order has its charge undone. */
  refundLabelCharge: NonNullable<problems.ProblemDeps['labels']>['refundLabelCharge'];
  /** The payments module's: a return label's cost recorded in the ledger. */
  chargeLabel: (tx: Executor, label: LabelMoney) => Promise<void>;
}

export const orderProgressRoutes: FastifyPluginAsyncZod<OrderProgressRoutesOptions> = async (
  app,
  { markPaymentRefunded, markPaymentPartlyRefunded, takeBackSellerPayoutOf, refundLabelCharge, chargeLabel },
) => {
  const progressDeps: progress.ProgressDeps = {
    db: app.db,
    publicUrl: app.config.publicUrl,
    emailsQueued: () => app.emailsQueued(),
  };
  const problemDepsOf = (log: typeof app.log): problems.ProblemDeps => ({
    db: app.db,
    publicUrl: app.config.publicUrl,
    processor: app.cardProcessor,
    log,
    emailsQueued: () => app.emailsQueued(),
    markPaymentRefunded,
    markPaymentPartlyRefunded,
    takeBackSellerPayout: takeBackSellerPayoutOf(log),
    labels: { shipping: app.shipping, refundLabelCharge },
  });

  const { orderProgress } = apiEndpoints;

  // Returns (decision 0074) refund through the same engine, with the same ports.
  await app.register(orderReturnRoutes, {
    markPaymentRefunded,
    markPaymentPartlyRefunded,
    takeBackSellerPayoutOf,
    refundLabelCharge,
    chargeLabel,
  });

  app.route(
    endpointRoute(orderProgress.markHandedOver, {
      tags: ['orders'],
      summary: 'Mark a paid phone handed over at a meeting (the order’s seller)',
      description:
        'Only from awaiting_handover (409 otherwise, or while the order is unpaid or refunded). The buyer ' +
        `gets an email; the order completes on its own ${orderProgressLimits.autoCompleteDays} days later.`,
      params: OrderIdParamsSchema,
      errors: [401, 403, 404, 409],
      config: { emailConfirmed: true },
      handler: async (request) =>
        progress.markHandedOver(progressDeps, signedInUser(request), request.params.id, { progress: 'handed_over' }),
    }),
  );

  app.route(
    endpointRoute(orderProgress.markShipped, {
      tags: ['orders'],
      summary: 'Mark a paid phone shipped, with an optional tracking note (the order’s seller)',
      description: 'As handed-over; the tracking note (plain text) is shown to the buyer and emailed to them.',
      params: OrderIdParamsSchema,
      errors: [400, 401, 403, 404, 409],
      config: { emailConfirmed: true },
      handler: async (request) =>
        progress.markHandedOver(progressDeps, signedInUser(request), request.params.id, {
          progress: 'shipped',
          trackingNote: request.body.trackingNote ?? null,
        }),
    }),
  );

  app.route(
    endpointRoute(orderProgress.confirmReceipt, {
      tags: ['orders'],
      summary: 'Confirm receipt of a handed-over or shipped phone: the order is completed (its buyer)',
      description:
        'Refused (409) before the hand-over, when completed or refunded, and while a problem report is open.',
      params: OrderIdParamsSchema,
      errors: [401, 403, 404, 409],
      config: { emailConfirmed: true },
      handler: async (request) => progress.confirmReceipt(progressDeps, signedInUser(request), request.params.id),
    }),
  );

  app.route(
    endpointRoute(orderProgress.reportProblem, {
      tags: ['orders'],
      summary: 'Report a problem with a handed-over or shipped phone (its buyer)',
      description:
        `Within ${orderProgressLimits.problemWindowHours} hours of the hand-over, one open report at a time ` +
        '(409 otherwise). An open report pauses the order’s completion until an admin decides it.',
      params: OrderIdParamsSchema,
      errors: [400, 401, 403, 404, 409, 429],
      config: { emailConfirmed: true },
      onRequest: [app.writeLimits.reports],
      handler: async (request, reply) => {
        const order = await progress.reportProblem(
          progressDeps,
          signedInUser(request),
          request.params.id,
          request.body.reason,
        );
        return reply.code(201).send(order);
      },
    }),
  );

  app.route(
    endpointRoute(orderProgress.openProblems, {
      tags: ['admin'],
      summary: 'Order problems: undecided problem reports with their orders’ facts, newest first (admin)',
      errors: [400, 401, 403],
      handler: async (request) => problems.listOpenProblems(app.db, request.query),
    }),
  );

  app.route(
    endpointRoute(orderProgress.missedDropOffs, {
      tags: ['admin'],
      summary:
        'Missed drop-offs: shipped orders cancelled and refunded because the carrier had not scanned their parcel by the deadline, newest first (admin)',
      description:
        'Each with its seller and how many of their orders missed the deadline, the deadline, whether a label was ' +
        'bought and what its refund came to, and where the buyer’s refund stands.',
      errors: [400, 401, 403],
      handler: async (request) => listMissedDropOffs(app.db, request.query),
    }),
  );

  app.route(
    endpointRoute(orderProgress.refundProblem, {
      tags: ['admin'],
      summary: 'Refund the order of a problem report through the card processor (admin)',
      description:
        'All that the buyer paid, or `amountCents` of it (never more than was paid and not refunded yet: 400). ' +
        'Idempotent: a refunded report answers as it stands and the money is refunded once. The phone stays ' +
        'sold; the payment becomes refunded and the sale leaves the fair-price guide. 409 for a closed ' +
        'report; 503 when the processor cannot be reached (the refund is then finished automatically).',
      params: OrderProblemIdParamsSchema,
      errors: [400, 401, 403, 404, 409, 503],
      // No body is a refund of everything the buyer paid.
      preValidation: emptyBodyUnlessObject,
      handler: async (request) =>
        problems.refundProblem(problemDepsOf(request.log), signedInUser(request), request.params.id, request.body),
    }),
  );

  app.route(
    endpointRoute(orderProgress.closeProblem, {
      tags: ['admin'],
      summary: 'Close a problem report without a refund (admin)',
      description:
        'The order then completes as usual. 409 when the report was already decided or its refund is under way.',
      params: OrderProblemIdParamsSchema,
      errors: [401, 403, 404, 409],
      handler: async (request) =>
        problems.closeProblem(problemDepsOf(request.log), signedInUser(request), request.params.id),
    }),
  );
};
