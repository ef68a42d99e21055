/** The payments module's door (docs/decisions/0013, 0017): paying for an order, releases, reconciling. */
export { paymentDepsOf, type PaymentDeps } from './payments.deps.ts';
export { reconcilePayments, staleClaimAfterMs } from './payments.reconcile.ts';
export { orderCardRelease } from './payments.releases.ts';
export { deleteWebhookEventsBefore } from './payments.repository.ts';
export {
  chargeLabel,
  markPaymentPartlyRefunded,
  markPaymentRefunded,
  recordDemoSaleMoney,
  refundLabelCharge,
} from './payments.service.ts';
export { paymentsRoutes } from './payments.routes.ts';
