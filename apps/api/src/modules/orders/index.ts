/** The orders module's door (docs/ARCHITECTURE.md): bookings, an order's progress and its problems. */
export { finishDueRefunds, refundProblem } from './order-problems.service.ts';
export {
  applyTrackerUpdate,
  pollStaleParcels,
  type ParcelDeps,
  type TrackerUpdateOutcome,
} from './order-parcels.service.ts';
export { orderParcelsRoutes } from './order-parcels.routes.ts';
export { orderProgressRoutes } from './order-progress.routes.ts';
export { orderShippingRoutes } from './order-shipping.routes.ts';
export { completeDueOrders, hasOpenProblem } from './order-progress.service.ts';
export { escalateUnansweredReturns } from './order-returns.service.ts';
export {
  cancelOpenOrdersOf,
  freezeSellerFee,
  lockOrder,
  markCancelled,
  markPaid,
  replacePaymentIntent,
} from './orders.repository.ts';
export { ordersRoutes } from './orders.routes.ts';
export { getOrder, type OrderCardRelease } from './orders.service.ts';
