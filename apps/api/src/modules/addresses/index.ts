/** The addresses module's door: a person's delivery addresses and a seller's ship-from choice. */
export { addressesRoutes } from './addresses.routes.ts';
export { shipFromAddressOf, shippingAddressOf } from './addresses.service.ts';
