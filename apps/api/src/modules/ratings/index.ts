/** The ratings module's door (docs/decisions/0044): a buyer rates the seller of a completed order. */
export { excludeRatingOfRefundedOrder } from './ratings.repository.ts';
export { ratingsRoutes } from './ratings.routes.ts';
export { ratingsOfOrders } from './ratings.service.ts';
