// What route loaders start while a page's code downloads (see catalogue/queries.ts).
export { myAddressesQuery } from './api/get-my-addresses';
