/** The sellers module's door (docs/decisions/0039): a seller's public page. */
export { sellersRoutes } from './sellers.routes.ts';
export { getSeller, listSellerProducts } from './sellers.service.ts';
