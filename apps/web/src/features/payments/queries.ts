// What route loaders start while a page's code downloads (see catalogue/queries.ts).
export { payableOrderQuery } from './api/get-order';
export { paymentConfigQuery } from './api/get-payment-config';
