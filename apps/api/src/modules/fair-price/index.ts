/** The fair-price module's door: the price guide of a model. */
export { fairPriceRoutes } from './fair-price.routes.ts';
export { fairPrice } from './fair-price.service.ts';
