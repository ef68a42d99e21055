/** The ratings module's door (docs/decisions/0044): a buyer rates the seller of a completed order. */
export { ratingsRoutes } from './ratings.routes.ts';
export { excludeRatingOfRefundedOrder, ratingsOfOrders } from './ratings.service.ts';
